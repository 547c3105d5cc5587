import { DeviceRegistrationMessages, DeviceStatus, DictionaryType, deviceAddProblem, isDevEui, normaliseDevEui, Permission, type DeviceAddBody, type DeviceConnectivityBody, type DeviceKind } from '@pest/shared';
import { lockForEdit } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';

/** The store a device goes to, checked: a store in the caller's scope, not suspended. Locked for share meanwhile. */
async function checkedStore(tx: Queryable, scope: Scope, customerId: number): Promise<void> {
  const params = new SqlParams();
  const [store] = await tx.query<{ kind: number; suspended: boolean }>(
    `select c.kind, c.suspended_at is not null as suspended from customers c
     where c.id = ${params.add(customerId)} and ${inScope(scope, 'c.id', params)} for share of c`,
    params.values,
  );
  if (!store) throw new ApiError(404, DeviceRegistrationMessages.storeNotFound);
  if (store.kind !== 3) throw new ApiError(400, DeviceRegistrationMessages.storeOnly);
  if (store.suspended) throw new ApiError(400, DeviceRegistrationMessages.storeSuspended);
}

/** A point of the store's plans without a device, of the device's type; locked so no other device takes it meanwhile. */
async function checkedFreePoint(tx: Queryable, customerId: number, pointId: number, deviceTypeId: number, deviceId?: number): Promise<void> {
  const [point] = await tx.query<{ customerId: number; deviceId: number | null; deviceTypeId: number }>(
    'select customer_id as "customerId", device_id as "deviceId", device_type_id as "deviceTypeId" from points where id = $1 for update',
    [pointId],
  );
  if (!point) throw new ApiError(404, DeviceRegistrationMessages.pointNotFound);
  if (point.customerId !== customerId) throw new ApiError(400, DeviceRegistrationMessages.pointElsewhere);
  if (point.deviceId !== null && point.deviceId !== deviceId) throw new ApiError(400, DeviceRegistrationMessages.pointTaken);
  if (point.deviceTypeId !== deviceTypeId) throw new ApiError(400, DeviceRegistrationMessages.pointTypeMismatch);
}

/** The device type of a smart kind (device_types.smart_kind). */
async function deviceTypeOf(tx: Queryable, kind: DeviceKind): Promise<number> {
  const [type] = await tx.query<{ id: number }>('select min(id) as id from device_types where smart_kind = $1', [kind]);
  return type!.id;
}

/**
 * Registers a device at a store (and a point, when given) with `secret`, offline until its first
 * report; answers its id. Its code is the next LD number, as the generator's devices have.
 */
export async function addDevice(tx: Queryable, scope: Scope, body: DeviceAddBody, secret: string): Promise<{ id: number; deviceNo: string }> {
  const problem = deviceAddProblem(body);
  if (problem) throw new ApiError(400, problem);
  const deviceNo = body.deviceNo.trim();
  const imei = body.imei?.trim() || null;
  const devEui = body.devEui?.trim() ? normaliseDevEui(body.devEui) : null;
  await checkedStore(tx, scope, body.customerId);
  if ((await tx.query('select 1 from devices where device_no = $1', [deviceNo])).length > 0) throw new ApiError(400, DeviceRegistrationMessages.deviceNoTaken);
  if (imei && (await tx.query('select 1 from devices where imei = $1 and retired_at is null', [imei])).length > 0) throw new ApiError(400, DeviceRegistrationMessages.imeiTaken);
  if (body.supplierId && (await tx.query('select 1 from dictionary where id = $1 and type_id = $2', [body.supplierId, DictionaryType.supplier])).length === 0) {
    throw new ApiError(400, DeviceRegistrationMessages.supplierNotFound);
  }
  const deviceTypeId = await deviceTypeOf(tx, body.deviceType);
  if (body.pointId) await checkedFreePoint(tx, body.customerId, body.pointId, deviceTypeId);
  const [device] = await refusedAsTaken(DeviceRegistrationMessages.deviceNoTaken, () =>
    tx.query<{ id: number }>(
      `with next as (select nextval(pg_get_serial_sequence('devices', 'id'))::int as id)
       insert into devices (id, code, device_no, name, device_type_id, imei, imsi, iccid, customer_id, supplier_id, technical_support, remark,
                            secret, status, has_unhandled_alarm, dev_eui, model_id)
       select next.id, 'LD' || lpad(next.id::text, 8, '0'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ${DeviceStatus.offline}, false, $12, $13 from next
       returning id`,
      [
        deviceNo,
        body.deviceName.trim(),
        deviceTypeId,
        imei,
        body.imsi?.trim() || null,
        body.iccid?.trim() || null,
        body.customerId,
        body.supplierId ?? null,
        body.technicalSupport?.trim() ?? '',
        body.remark?.trim() || null,
        secret,
        devEui,
        body.modelId ?? null,
      ],
    ),
    { devices_imei_active_idx: DeviceRegistrationMessages.imeiTaken, devices_dev_eui_active_idx: DeviceRegistrationMessages.devEuiTaken },
  );
  if (body.pointId) await tx.query('update points set device_id = $2 where id = $1', [body.pointId, device!.id]);
  return { id: device!.id, deviceNo };
}

interface RegisteredDevice {
  id: number;
  customerId: number;
  deviceTypeId: number;
  retired: boolean;
}

/** A device the caller keeps, locked, at the version its editor saw; a retired one is refused. */
async function keptDevice(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<RegisteredDevice> {
  const params = new SqlParams();
  const [device] = await tx.query<RegisteredDevice>(
    `select d.id, d.customer_id as "customerId", d.device_type_id as "deviceTypeId", d.retired_at is not null as retired
     from devices d where d.id = ${params.add(id)} and ${inScope(scope, 'd.customer_id', params)} for update of d`,
    params.values,
  );
  if (!device) throw new ApiError(404, DeviceRegistrationMessages.notFound);
  if (device.retired) throw new ApiError(400, DeviceRegistrationMessages.retired);
  await lockForEdit(tx, 'devices', id, version);
  return device;
}

const bumpVersion = (tx: Queryable, id: number) => tx.query('update devices set version = version + 1 where id = $1', [id]);

/** Places the device at a point of its store (leaving the one it was at, if any). */
export async function bindDevice(tx: Queryable, scope: Scope, id: number, pointId: number, version: number | undefined): Promise<void> {
  const device = await keptDevice(tx, scope, id, version);
  await checkedFreePoint(tx, device.customerId, pointId, device.deviceTypeId, id);
  await tx.query('update points set device_id = null where device_id = $1 and id <> $2', [id, pointId]);
  await tx.query('update points set device_id = $2 where id = $1', [pointId, id]);
  await bumpVersion(tx, id);
}

/** Takes the device off its point; it stays registered at its store. */
export async function unbindDevice(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  await keptDevice(tx, scope, id, version);
  const unbound = await tx.query('update points set device_id = null where device_id = $1 returning id', [id]);
  if (unbound.length === 0) throw new ApiError(400, DeviceRegistrationMessages.notBound);
  await bumpVersion(tx, id);
}

/** Moves the device to another store (off its point): its alarms and readings so far stay with the store they happened at. */
export async function moveDevice(tx: Queryable, scope: Scope, id: number, customerId: number, version: number | undefined): Promise<void> {
  await keptDevice(tx, scope, id, version);
  await checkedStore(tx, scope, customerId);
  await tx.query('update points set device_id = null where device_id = $1', [id]);
  await tx.query('update devices set customer_id = $2, version = version + 1 where id = $1', [id, customerId]);
}

/** Retires the device: off its point and out of the lists, its reports refused; its row and history stay. */
export async function retireDevice(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  await keptDevice(tx, scope, id, version);
  await tx.query('update points set device_id = null where device_id = $1', [id]);
  // Offline, so the offline watch passes it by; its secret goes, so nothing signed with it is taken.
  await tx.query(`update devices set retired_at = now(), status = ${DeviceStatus.offline}, secret = null, version = version + 1 where id = $1`, [id]);
}

/**
 * Gives a device its DevEUI (how network servers name a LoRaWAN device; its uplinks are matched by
 * it) and its model, or clears them. A model is chosen only by those who keep the models
 * (integrations:manage): anyone else may set the DevEUI and keep the model the device has.
 */
export async function setDeviceConnectivity(tx: Queryable, scope: Scope, body: DeviceConnectivityBody): Promise<void> {
  const devEui = body.devEui?.trim() ? normaliseDevEui(body.devEui) : null;
  if (devEui !== null && !isDevEui(devEui)) throw new ApiError(400, DeviceRegistrationMessages.devEuiFormat, 'devEui');
  await keptDevice(tx, scope, body.id, body.version);
  const [current] = (await tx.query<{ modelId: number | null }>('select model_id as "modelId" from devices where id = $1', [body.id])) as [{ modelId: number | null }];
  if (body.modelId !== current.modelId && !scope.permissions.has(Permission.integrationsManage)) throw new ApiError(403, DeviceRegistrationMessages.modelNotYours, 'modelId');
  if (body.modelId !== null && (await tx.query('select 1 from device_models where id = $1', [body.modelId])).length === 0) {
    throw new ApiError(400, DeviceRegistrationMessages.modelNotFound, 'modelId');
  }
  if (devEui !== null && (await tx.query('select 1 from devices where dev_eui = $1 and retired_at is null and id <> $2', [devEui, body.id])).length > 0) {
    throw new ApiError(400, DeviceRegistrationMessages.devEuiTaken, 'devEui');
  }
  await refusedAsTaken(DeviceRegistrationMessages.devEuiTaken, () =>
    tx.query('update devices set dev_eui = $2, model_id = $3, version = version + 1 where id = $1', [body.id, devEui, body.modelId]),
  );
}
