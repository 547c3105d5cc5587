import { DevicePaths, DeviceReportHeaders } from '@pest/shared';
import { signReport } from './report-signature.ts';

/** What a device needs to report: its number and the secret it signs with. */
export interface ReportingDevice {
  deviceNo: string;
  secret: string;
}

/**
 * A device report as a real box sends it (tests, benchmarks): the body as JSON text, dated now
 * unless it says when, signed with the device's secret, POSTed to the product at `baseUrl`.
 */
export function sendReport(baseUrl: string, device: ReportingDevice, body: object): Promise<Response> {
  const raw = JSON.stringify({ at: new Date().toISOString(), ...body });
  return fetch(`${baseUrl}${DevicePaths.report}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [DeviceReportHeaders.deviceNo]: device.deviceNo,
      [DeviceReportHeaders.signature]: signReport(device.secret, raw),
    },
    body: raw,
  });
}
