import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { DevicePaths, DeviceReportHeaders } from '@pest/shared';
import { createGateway, createTestBackend, loadConfig, signReport, type TestBackend } from '@pest/server/testing';

const repoRoot = resolve(import.meta.dirname, '../../..');

export interface NotifyProduct {
  backend: TestBackend;
  url: string;
  /** A device reports through the gateway, signed with its own secret, as a real one would. */
  report(deviceId: number, body: Record<string, unknown>): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The product for the notification browser tests, in this process: the shared e2e server has no
 * `NOTIFY_ALLOWED_HOSTS` for a receiver on a port chosen at run time, nor a short digest window.
 * Real backend (its outbox worker included), real gateway, the built console.
 */
export async function startNotifyProduct(env: Record<string, string>): Promise<NotifyProduct> {
  const backend = await createTestBackend({ env: { SIMULATOR: 'off', ...env } });
  await backend.app.listen({ host: '127.0.0.1', port: 0 });
  const gateway: FastifyInstance = await createGateway({
    upstreamUrl: `http://127.0.0.1:${(backend.app.server.address() as AddressInfo).port}`,
    consoleDist: resolve(repoRoot, 'apps/console/dist'),
    logger: pino({ level: 'silent' }),
    config: loadConfig({ WALLBOARD_DIST: resolve(repoRoot, 'apps/wallboard/dist') }),
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

  return {
    backend,
    url,
    async report(deviceId, body) {
      const [device] = await backend.db.query<{ deviceNo: string; secret: string }>('select device_no as "deviceNo", secret from devices where id = $1', [deviceId]);
      const raw = JSON.stringify(body);
      return fetch(`${url}${DevicePaths.report}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [DeviceReportHeaders.deviceNo]: device!.deviceNo,
          [DeviceReportHeaders.signature]: signReport(device!.secret, raw),
        },
        body: raw,
      });
    },
    async close() {
      await gateway.close();
      await backend.close();
    },
  };
}
