import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, AuditObjectType, DEVICE_KIND_LABELS, DeviceRegistrationEndpoints, DeviceReportHeaders, type DeviceKind } from '@pest/shared';
import type { FastifyRequest } from 'fastify';
import { auditedChange, auditedSave, type AuditedKind } from '../common/audit-log.ts';
import type { Db, Queryable } from '../db/db.ts';
import { endpointRoute } from '../endpoint-route.ts';
import { ok } from '../envelope.ts';
import { requestScope } from '../scope.ts';
import { newDeviceSecret } from './device-secret.ts';
import { addDevice, bindDevice, moveDevice, retireDevice, setDeviceConnectivity, unbindDevice } from './device-registration.ts';

interface AuditedRegistration {
  deviceNo: string;
  deviceName: string;
  deviceType: string;
  store: string;
  point: string | null;
  imei: string | null;
  devEui: string | null;
  model: string | null;
  supplier: string | null;
  technicalSupport: string;
  remark: string | null;
  state: string;
}

/** A device's registration as its entries show it (names, never its secret), under its store. */
export function auditedRegistration(): AuditedKind<AuditedRegistration> {
  const stores = new Map<number, number>();
  return {
    objectType: AuditObjectType.device,
    async read(tx: Queryable, id: number) {
      const [row] = await tx.query<AuditedRegistration & { storeId: number; kind: DeviceKind }>(
        `select d.device_no as "deviceNo", d.name as "deviceName", t.smart_kind as kind, s.name as store, s.id as "storeId",
                (select plan.name || ' ' || p.code from points p join service_plans plan on plan.id = p.plan_id where p.device_id = d.id) as point,
                d.imei, d.dev_eui as "devEui", (select m.vendor || ' ' || m.name from device_models m where m.id = d.model_id) as model, sup.name as supplier, d.technical_support as "technicalSupport", d.remark,
                case when d.retired_at is null then '在用' else '已停用' end as state
         from devices d join device_types t on t.id = d.device_type_id join customers s on s.id = d.customer_id
         left join dictionary sup on sup.id = d.supplier_id where d.id = $1`,
        [id],
      );
      if (!row) return null;
      const { storeId, kind, ...record } = row;
      stores.set(id, storeId);
      return { ...record, deviceType: DEVICE_KIND_LABELS[kind] ?? String(kind) };
    },
    ownerOf: (_record, id) => stores.get(id) ?? null,
  };
}

/** One audited change of a registered device, answered with its id. */
const changed = async (db: Db, request: FastifyRequest, id: number, change: (tx: Queryable) => Promise<void>, action: AuditAction = AuditAction.update) => {
  await auditedChange(db, request, auditedRegistration(), id, change, action);
  return ok({ id });
};

/** 设备管理's writes: register (the secret answered this once), bind, unbind, move, retire, each audited. */
export const deviceRegistrationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  endpointRoute(app, DeviceRegistrationEndpoints.add, async (request) => {
    const scope = requestScope(request);
    const secret = newDeviceSecret();
    let deviceNo = '';
    // The secret itself is never in an entry: that one was set is.
    const saved = await auditedSave(
      db,
      request,
      auditedRegistration(),
      undefined,
      async (tx) => {
        const device = await addDevice(tx, scope, request.body, secret);
        deviceNo = device.deviceNo;
        return device.id;
      },
      ['secret'],
    );
    return ok({ id: saved.id, secret, deviceNo, headers: { deviceNo: DeviceReportHeaders.deviceNo, signature: DeviceReportHeaders.signature } });
  });

  endpointRoute(app, DeviceRegistrationEndpoints.bind, async (request) => {
    const { id, pointId, version } = request.body;
    return changed(db, request, id, (tx) => bindDevice(tx, requestScope(request), id, pointId, version));
  });
  endpointRoute(app, DeviceRegistrationEndpoints.unbind, async (request) => {
    const { id, version } = request.body;
    return changed(db, request, id, (tx) => unbindDevice(tx, requestScope(request), id, version));
  });
  endpointRoute(app, DeviceRegistrationEndpoints.move, async (request) => {
    const { id, customerId, version } = request.body;
    return changed(db, request, id, (tx) => moveDevice(tx, requestScope(request), id, customerId, version));
  });
  endpointRoute(app, DeviceRegistrationEndpoints.connectivity, async (request) =>
    changed(db, request, request.body.id, (tx) => setDeviceConnectivity(tx, requestScope(request), request.body)),
  );
  endpointRoute(app, DeviceRegistrationEndpoints.retire, async (request) => {
    const { id, version } = request.body;
    return changed(db, request, id, (tx) => retireDevice(tx, requestScope(request), id, version), AuditAction.retire);
  });
};
