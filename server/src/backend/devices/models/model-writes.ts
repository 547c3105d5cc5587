import { DeviceKind, DeviceModelLimits, DeviceModelMessages, type DeviceModelSaveBody } from '@pest/shared';
import { isDeepStrictEqual } from 'node:util';
import { lockForEdit } from '../../common/edit-version.ts';
import { refusedAsTaken } from '../../common/unique-violation.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../envelope.ts';
import type { Scope } from '../../scope.ts';
import type { CodecSandbox } from './codec-sandbox.ts';
import { decodePayload } from './decode-payload.ts';

/** Models and integrations are the provider's: a customer's own manager neither sees nor changes them. */
export function refuseCustomerStaff(scope: Scope): void {
  if (scope.customerId !== null && !scope.isAdmin) throw new ApiError(403, DeviceModelMessages.staffOnly);
}

/** Saves a model after checking its fields and running its codec on each example. */
export async function saveDeviceModel(tx: Queryable, sandbox: CodecSandbox, body: DeviceModelSaveBody): Promise<number> {
  const name = body.name.trim();
  const vendor = body.vendor.trim();
  const codec = body.codec?.trim() ? body.codec : null;
  const examples = body.examples ?? [];
  if (!name) throw new ApiError(400, DeviceModelMessages.nameRequired);
  if (!vendor) throw new ApiError(400, DeviceModelMessages.vendorRequired);
  if (name.length > DeviceModelLimits.name) throw new ApiError(400, `型号名称不能超过${DeviceModelLimits.name}个字符`);
  if (vendor.length > DeviceModelLimits.vendor) throw new ApiError(400, `厂商不能超过${DeviceModelLimits.vendor}个字符`);
  const { min, max } = DeviceModelLimits.reportIntervalMinutes;
  if (body.reportIntervalMinutes < min || body.reportIntervalMinutes > max) throw new ApiError(400, DeviceModelMessages.reportInterval);
  if (codec && codec.length > DeviceModelLimits.codecChars) throw new ApiError(400, DeviceModelMessages.codecTooLong);
  if (codec && body.deviceType === DeviceKind.loraGateway) throw new ApiError(400, DeviceModelMessages.gatewayNoCodec);
  if (examples.length > DeviceModelLimits.examples) throw new ApiError(400, DeviceModelMessages.examplesTooMany);
  if (codec && !/\bdecodeUplink\b/.test(codec)) throw new ApiError(400, DeviceModelMessages.codecMissing);
  for (const example of examples) {
    if (!codec) throw new ApiError(400, DeviceModelMessages.codecMissing);
    const result = await decodePayload(sandbox, codec, example.fPort, Buffer.from(example.bytesBase64, 'base64'), new Date());
    if (result.errors.length > 0) throw new ApiError(400, `${DeviceModelMessages.exampleMismatch(example.label)}：${result.errors[0]}`);
    if (!isDeepStrictEqual(result.data, example.expected)) throw new ApiError(400, DeviceModelMessages.exampleMismatch(example.label));
  }

  const values = [name, vendor, body.deviceType, body.reportIntervalMinutes, codec, JSON.stringify(examples)];
  return refusedAsTaken(DeviceModelMessages.nameTaken, async () => {
    if (body.id === undefined) {
      const [row] = await tx.query<{ id: number }>(
        `insert into device_models (name, vendor, device_kind, report_interval_minutes, codec, examples) values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
        values,
      );
      return row!.id;
    }
    if (!(await lockForEdit(tx, 'device_models', body.id, body.version))) throw new ApiError(404, DeviceModelMessages.notFound);
    await tx.query(
      `update device_models set name = $1, vendor = $2, device_kind = $3, report_interval_minutes = $4, codec = $5, examples = $6::jsonb, version = version + 1
       where id = $7`,
      [...values, body.id],
    );
    return body.id;
  });
}
