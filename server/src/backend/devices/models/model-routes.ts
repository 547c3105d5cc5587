import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditObjectType, DEVICE_KIND_LABELS, DeviceModelEndpoints, type DeviceKind } from '@pest/shared';
import { auditedSave, type AuditedKind } from '../../common/audit-log.ts';
import type { Db } from '../../db/db.ts';
import { endpointRoute } from '../../endpoint-route.ts';
import { ok } from '../../envelope.ts';
import { requestScope } from '../../scope.ts';
import type { CodecSandbox } from './codec-sandbox.ts';
import { decodePayload } from './decode-payload.ts';
import { deviceModels } from './model-queries.ts';
import { refuseCustomerStaff, saveDeviceModel } from './model-writes.ts';

interface AuditedModel {
  name: string;
  vendor: string;
  deviceType: string;
  reportIntervalMinutes: number;
  codec: string | null;
  examples: number;
}

/** A model as its audit entries show it: the codec's text in full, since a changed codec changes every reading. */
const auditedModel: AuditedKind<AuditedModel> = {
  objectType: AuditObjectType.deviceModel,
  async read(tx, id) {
    const [row] = await tx.query<Omit<AuditedModel, 'deviceType'> & { kind: DeviceKind }>(
      `select name, vendor, device_kind as kind, report_interval_minutes as "reportIntervalMinutes", codec, jsonb_array_length(examples) as examples
       from device_models where id = $1`,
      [id],
    );
    if (!row) return null;
    const { kind, ...model } = row;
    return { ...model, deviceType: DEVICE_KIND_LABELS[kind] ?? String(kind) };
  },
  ownerOf: () => null,
};

/** 设备型号: save (examples decoded on the way), list, and a codec's trial on a pasted payload. */
export const deviceModelRoutes: FastifyPluginAsyncTypebox<{ db: Db; sandbox: CodecSandbox }> = async (app, { db, sandbox }) => {
  endpointRoute(app, DeviceModelEndpoints.save, async (request) => {
    refuseCustomerStaff(requestScope(request));
    const saved = await auditedSave(db, request, auditedModel, request.body.id, (tx) => saveDeviceModel(tx, sandbox, request.body));
    return ok({ id: saved.id });
  });
  endpointRoute(app, DeviceModelEndpoints.list, async (request) => {
    refuseCustomerStaff(requestScope(request));
    return ok(await deviceModels(db));
  });
  endpointRoute(app, DeviceModelEndpoints.testDecode, async (request) => {
    refuseCustomerStaff(requestScope(request));
    const { codec, fPort, bytesBase64 } = request.body;
    const { failure: _failure, ...result } = await decodePayload(sandbox, codec, fPort, Buffer.from(bytesBase64, 'base64'), new Date());
    return ok(result);
  });
};
