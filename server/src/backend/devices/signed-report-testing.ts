import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DevicePaths } from '@pest/shared';
import { signReport } from './report-signature.ts';

/** A device as a test reports for it: its id, number and signing secret. */
export interface Reporter {
  id: number;
  deviceNo: string;
  secret: string;
}

/** Sends `body` (dated now unless it says when) as `device`'s signed report through the real route, and expects it accepted. */
export async function sendSignedReport(app: FastifyInstance, device: Reporter, body: object): Promise<void> {
  const raw = JSON.stringify({ at: new Date().toISOString(), ...body });
  const response = await app.inject({
    method: 'POST',
    url: DevicePaths.report,
    headers: { 'content-type': 'application/json', 'x-device-no': device.deviceNo, 'x-signature': signReport(device.secret, raw) },
    payload: raw,
  });
  expect(response.statusCode, response.body).toBe(200);
}
