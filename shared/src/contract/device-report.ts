import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope.ts';

// The signed device report (DevicePaths.report): this product's extension a device or its gateway calls.

/** What a device reports. `at` (when the device took it) is required: with it, a replayed body is recognised. */
export const DeviceReportEvent = { trigger: 'trigger', capture: 'capture', maintain: 'maintain', heartbeat: 'heartbeat' } as const;
export type DeviceReportEvent = (typeof DeviceReportEvent)[keyof typeof DeviceReportEvent];
export const DeviceReportBody = Type.Object(
  {
    battery: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    temperature: Type.Optional(Type.Number({ minimum: -60, maximum: 150 })),
    signal: Type.Optional(Type.Integer({ minimum: -200, maximum: 0 })),
    event: Type.Optional(Type.Union([Type.Literal('trigger'), Type.Literal('capture'), Type.Literal('maintain'), Type.Literal('heartbeat')])),
    at: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
      description: 'ISO 8601 with offset; at most 5 minutes ahead of the server, at most 7 days old (rules/reportTime.ts)',
    }),
  },
  { additionalProperties: false },
);
export type DeviceReportBody = Static<typeof DeviceReportBody>;
/**
 * x-device-no: the device's deviceNo; x-signature: `sha256=` + hex HMAC-SHA256 of the raw body
 * bytes keyed with the device's secret.
 */
export const DeviceReportHeaders = { deviceNo: 'x-device-no', signature: 'x-signature' } as const;
export const DEVICE_SIGNATURE_PREFIX = 'sha256=';
/** A device report is a few readings: a larger body is refused (413) before it is read. */
export const DEVICE_REPORT_MAX_BYTES = 4096;
export const DeviceReportResponse = Envelope(Type.Null());
