import {
  AuditAction,
  AuditObjectType,
  DEVICE_KIND_LABELS,
  DeviceKind,
  DeviceRegistrationMessages,
  DeviceStatus,
  MASKED_SECRET,
  TEXT_LANGUAGES,
  deviceAddProblem,
  normaliseDevEui,
  tableText,
  type ImportCredential,
} from '@pest/shared';
import { SheetProblems, type ImportContext, type Importer, type PreparedImport } from '../common/importer.ts';
import type { ImportSheet } from '../common/import-sheet.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope } from '../scope.ts';
import { newDeviceSecret } from './device-secret.ts';
import { DEVICE_IMPORT_COLUMNS, KIND_TEXTS, deviceImportTemplate, deviceImportTemplateName } from './import-template.ts';

/** The template's columns by position (import-template.ts). */
const C = { deviceNo: 0, deviceName: 1, deviceType: 2, imei: 3, imsi: 4, iccid: 5, storeCode: 6, pointCode: 7, technicalSupport: 8, remark: 9, devEui: 10, model: 11 } as const;
/** Which column a message of deviceAddProblem is about: each names its field. */
const RULE_LABELS = [['设备编号', C.deviceNo], ['设备名称', C.deviceName], ['IMEI', C.imei], ['DevEUI', C.devEui], ['IMSI', C.imsi], ['ICCID', C.iccid], ['技术支持', C.technicalSupport], ['备注', C.remark]] as const;

/** A device kind by its name in any language of the template, or as the product labels it. */
const KIND_BY_NAME = new Map<string, DeviceKind>(
  Object.values(DeviceKind).flatMap((kind) => [DEVICE_KIND_LABELS[kind], ...TEXT_LANGUAGES.map((language) => tableText(KIND_TEXTS[kind], language))].map((name) => [name.toLowerCase(), kind] as const)),
);
const KIND_CHOICES = Object.values(DEVICE_KIND_LABELS).join('、');

export const DeviceImportMessages = {
  typeRequired: '设备类型不能为空',
  typeUnknown: `设备类型须为${KIND_CHOICES}之一`,
  storeCodeRequired: '门店编码不能为空',
  storeCodeUnknown: '门店编码不存在',
  pointAmbiguous: '点位编号在该门店的多个服务计划中都有，请在服务配置中绑定',
  modelUnknown: '设备型号不存在（填写设备型号页面上的型号名称）',
  deviceDiffers: `${DeviceRegistrationMessages.deviceNoTaken}（与已登记的设备不同；已登记设备请在设备详情中修改）`,
} as const;

interface DeviceRow {
  row: number;
  deviceNo: string;
  name: string;
  /** The type as written, and the kind it names (null: none or unknown). */
  typeText: string;
  kind: DeviceKind | null;
  imei: string | null;
  devEui: string | null;
  modelName: string;
  imsi: string | null;
  iccid: string | null;
  storeCode: string;
  pointCode: string;
  technicalSupport: string;
  remark: string | null;
}

interface Store {
  id: number;
  code: string;
  name: string;
  kind: number;
  suspended: boolean;
}
interface Point {
  id: number;
  customerId: number;
  code: string;
  deviceId: number | null;
  deviceTypeId: number;
  plan: string;
}
interface Existing {
  id: number;
  deviceNo: string;
  name: string;
  deviceTypeId: number;
  imei: string | null;
  devEui: string | null;
  imsi: string | null;
  iccid: string | null;
  customerId: number;
  technicalSupport: string;
  remark: string | null;
  retired: boolean;
  pointId: number | null;
}

const orNull = (text: string) => (text === '' ? null : text);

function parsed(sheet: ImportSheet): DeviceRow[] {
  return sheet.rows.map(({ row, cells }) => ({
    row,
    deviceNo: cells[C.deviceNo]!,
    name: cells[C.deviceName]!,
    typeText: cells[C.deviceType]!,
    kind: KIND_BY_NAME.get(cells[C.deviceType]!.toLowerCase()) ?? null,
    imei: orNull(cells[C.imei]!),
    devEui: cells[C.devEui] ? normaliseDevEui(cells[C.devEui]!) : null,
    modelName: cells[C.model] ?? '',
    imsi: orNull(cells[C.imsi]!),
    iccid: orNull(cells[C.iccid]!),
    storeCode: cells[C.storeCode]!,
    pointCode: cells[C.pointCode]!,
    technicalSupport: cells[C.technicalSupport]!,
    remark: orNull(cells[C.remark]!),
  }));
}

/** What the rows refer to, each read with one statement whatever the number of rows; locked for the apply. */
async function lookups(tx: Queryable, context: ImportContext, rows: readonly DeviceRow[]) {
  const params = new SqlParams();
  const codes = params.add([...new Set(rows.map((row) => row.storeCode.toLowerCase()))]);
  const stores = await tx.query<Store>(
    `select c.id, lower(c.code) as code, c.name, c.kind, c.suspended_at is not null as suspended from customers c
     where lower(c.code) = any(${codes}::text[]) and ${inScope(context.scope, 'c.id', params)} ${context.forApply ? 'for share of c' : ''}`,
    params.values,
  );
  const storeByCode = new Map(stores.map((store) => [store.code, store]));
  const storeIds = stores.map((store) => store.id);
  const pointCodes = [...new Set(rows.map((row) => row.pointCode).filter((code) => code !== ''))];
  const points =
    pointCodes.length === 0
      ? []
      : await tx.query<Point>(
          `select p.id, p.customer_id as "customerId", p.code, p.device_id as "deviceId", p.device_type_id as "deviceTypeId", plan.name as plan
           from points p join service_plans plan on plan.id = p.plan_id
           where p.customer_id = any($1::int[]) and p.code = any($2::text[]) ${context.forApply ? 'for update of p' : ''}`,
          [storeIds, pointCodes],
        );
  const pointsAt = new Map<string, Point[]>();
  for (const point of points) pointsAt.set(`${point.customerId}\n${point.code}`, [...(pointsAt.get(`${point.customerId}\n${point.code}`) ?? []), point]);
  // Numbers are unique for good, retired devices' too: a number taken anywhere is taken.
  const existing = await tx.query<Existing>(
    `select d.id, d.device_no as "deviceNo", d.name, d.device_type_id as "deviceTypeId", d.imei, d.dev_eui as "devEui", d.imsi, d.iccid, d.customer_id as "customerId",
            d.technical_support as "technicalSupport", d.remark, d.retired_at is not null as retired, p.id as "pointId"
     from devices d left join points p on p.device_id = d.id where d.device_no = any($1::text[])`,
    [rows.map((row) => row.deviceNo)],
  );
  const imeis = [...new Set(rows.flatMap((row) => (row.imei ? [row.imei] : [])))];
  const imeiHolders = imeis.length === 0 ? [] : await tx.query<{ imei: string; deviceNo: string }>(
    'select imei, device_no as "deviceNo" from devices where imei = any($1::text[]) and retired_at is null',
    [imeis],
  );
  const devEuis = [...new Set(rows.flatMap((row) => (row.devEui ? [row.devEui] : [])))];
  const devEuiHolders = devEuis.length === 0 ? [] : await tx.query<{ devEui: string }>(
    'select dev_eui as "devEui" from devices where dev_eui = any($1::text[]) and retired_at is null',
    [devEuis],
  );
  const models = await tx.query<{ id: number; name: string; kind: DeviceKind }>('select id, lower(name) as name, device_kind as kind from device_models');
  const types = await tx.query<{ kind: DeviceKind; id: number }>('select smart_kind as kind, min(id) as id from device_types where smart_kind is not null group by smart_kind');
  return {
    storeByCode,
    pointsAt,
    existing: new Map(existing.map((device) => [device.deviceNo, device])),
    imeiHolder: new Map(imeiHolders.map((holder) => [holder.imei, holder.deviceNo])),
    devEuiHeld: new Set(devEuiHolders.map((holder) => holder.devEui)),
    modelsByName: models,
    typeOf: new Map(types.map((type) => [type.kind, type.id])),
  };
}

/** Whether the registered device is the row exactly: a re-import of the same file. */
function same(device: Existing, row: DeviceRow, typeId: number | undefined, storeId: number | undefined, pointId: number | null): boolean {
  return (
    !device.retired &&
    device.name === row.name &&
    device.deviceTypeId === typeId &&
    device.imei === row.imei &&
    device.devEui === row.devEui &&
    device.imsi === row.imsi &&
    device.iccid === row.iccid &&
    device.customerId === storeId &&
    device.pointId === pointId &&
    device.technicalSupport === row.technicalSupport &&
    device.remark === row.remark
  );
}

interface NewDevice {
  row: DeviceRow;
  store: Store;
  typeId: number;
  point: Point | null;
  modelId: number | null;
}

/**
 * Devices from the device template: each row a new device at a store (and a free point of one of its
 * plans, by code), checked as 新增设备 checks one. A row equal to a registered device is left as it
 * is; a number registered with other fields is a problem, never an update: the number is on the
 * hardware and its secret is bound to it, and a stale sheet re-imported would silently move a
 * reporting device back to an old store or point; a device's edits go through its own dialogs.
 */
async function prepareDevices(tx: Queryable, context: ImportContext, sheet: ImportSheet): Promise<PreparedImport> {
  const rows = parsed(sheet);
  const problems = new SheetProblems(sheet.headers);
  const found = await lookups(tx, context, rows);
  problems.duplicates(rows, (row) => row.deviceNo, C.deviceNo, '设备编号');
  problems.duplicates(rows, (row) => row.imei ?? '', C.imei, 'IMEI');
  problems.duplicates(rows, (row) => row.devEui ?? '', C.devEui, 'DevEUI');
  problems.duplicates(rows, (row) => (row.pointCode ? `${row.storeCode.toLowerCase()}\n${row.pointCode}` : ''), C.pointCode, '门店的点位编号');

  const created: NewDevice[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const fieldProblem = deviceAddProblem({ ...row, deviceName: row.name });
    if (fieldProblem) problems.addRuleMessage(row.row, fieldProblem, RULE_LABELS);
    if (row.typeText === '') problems.add(row.row, C.deviceType, DeviceImportMessages.typeRequired);
    else if (row.kind === null) problems.add(row.row, C.deviceType, DeviceImportMessages.typeUnknown);
    const typeId = row.kind === null ? undefined : found.typeOf.get(row.kind);

    const store = found.storeByCode.get(row.storeCode.toLowerCase());
    if (row.storeCode === '') problems.add(row.row, C.storeCode, DeviceImportMessages.storeCodeRequired);
    else if (!store) problems.add(row.row, C.storeCode, DeviceImportMessages.storeCodeUnknown);
    else if (store.kind !== 3) problems.add(row.row, C.storeCode, DeviceRegistrationMessages.storeOnly);

    let point: Point | null = null;
    if (row.pointCode !== '' && store) {
      const candidates = found.pointsAt.get(`${store.id}\n${row.pointCode}`) ?? [];
      if (candidates.length === 0) problems.add(row.row, C.pointCode, DeviceRegistrationMessages.pointNotFound);
      else if (candidates.length > 1) problems.add(row.row, C.pointCode, DeviceImportMessages.pointAmbiguous);
      else point = candidates[0]!;
    }

    const device = found.existing.get(row.deviceNo);
    if (device) {
      if (same(device, row, typeId, store?.id, point?.id ?? null)) unchanged++;
      else problems.add(row.row, C.deviceNo, DeviceImportMessages.deviceDiffers);
      continue;
    }
    if (store?.kind === 3 && store.suspended) problems.add(row.row, C.storeCode, DeviceRegistrationMessages.storeSuspended);
    const holder = row.imei ? found.imeiHolder.get(row.imei) : undefined;
    if (holder !== undefined) problems.add(row.row, C.imei, DeviceRegistrationMessages.imeiTaken);
    if (row.devEui && found.devEuiHeld.has(row.devEui)) problems.add(row.row, C.devEui, DeviceRegistrationMessages.devEuiTaken);
    // A model by its name; two vendors' models of one name are told apart by the device's type.
    const model = row.modelName === '' ? null : (found.modelsByName.find((candidate) => candidate.name === row.modelName.toLowerCase() && candidate.kind === row.kind) ?? undefined);
    if (model === undefined) problems.add(row.row, C.model, DeviceImportMessages.modelUnknown);
    if (point?.deviceId != null) problems.add(row.row, C.pointCode, DeviceRegistrationMessages.pointTaken);
    else if (point && typeId !== undefined && point.deviceTypeId !== typeId) problems.add(row.row, C.pointCode, DeviceRegistrationMessages.pointTypeMismatch);
    if (!problems.has(row.row) && store && typeId !== undefined) created.push({ row, store, typeId, point, modelId: model?.id ?? null });
  }
  return {
    counts: { created: created.length, updated: 0, unchanged },
    problems: problems.sorted(),
    write: (writer) => insertDevices(writer, context, created),
  };
}

/** Inserts the devices with one statement, places them at their points with another, and logs each as 新增设备 does (the secret masked), with a third. */
async function insertDevices(tx: Queryable, context: ImportContext, devices: readonly NewDevice[]): Promise<ImportCredential[]> {
  if (devices.length === 0) return [];
  const secrets = devices.map(() => newDeviceSecret());
  const column = <T>(pick: (device: NewDevice) => T) => devices.map(pick);
  const inserted = await tx.query<{ id: number; deviceNo: string }>(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[])
         as r(device_no, name, device_type_id, imei, imsi, iccid, customer_id, technical_support, remark, secret, dev_eui, model_id)
     ), numbered as (select nextval(pg_get_serial_sequence('devices', 'id'))::int as id, input.* from input)
     insert into devices (id, code, device_no, name, device_type_id, imei, imsi, iccid, customer_id, technical_support, remark, secret, status, has_unhandled_alarm,
                          dev_eui, model_id)
     select id, 'LD' || lpad(id::text, 8, '0'), device_no, name, device_type_id, imei, imsi, iccid, customer_id, technical_support, remark, secret,
            ${DeviceStatus.offline}, false, dev_eui, model_id
     from numbered
     returning id, device_no as "deviceNo"`,
    [
      column((d) => d.row.deviceNo),
      column((d) => d.row.name),
      column((d) => d.typeId),
      column((d) => d.row.imei),
      column((d) => d.row.imsi),
      column((d) => d.row.iccid),
      column((d) => d.store.id),
      column((d) => d.row.technicalSupport),
      column((d) => d.row.remark),
      secrets,
      column((d) => d.row.devEui),
      column((d) => d.modelId),
    ],
  );
  const idOf = new Map(inserted.map((device) => [device.deviceNo, device.id]));
  const placed = devices.filter((device) => device.point !== null);
  if (placed.length > 0) {
    await tx.query('update points p set device_id = b.device_id from unnest($1::int[], $2::int[]) as b(point_id, device_id) where p.id = b.point_id', [
      placed.map((device) => device.point!.id),
      placed.map((device) => idOf.get(device.row.deviceNo)!),
    ]);
  }
  await auditCreated(tx, context, inserted.map((device) => device.id));
  return devices.map(({ row }, index) => ({ deviceNo: row.deviceNo, secret: secrets[index]! }));
}

/** A field of a created device's entry, left out when it is null as auditChanges leaves it out: `{field: {before: null, after}}`. */
const createdField = (field: string, value: string) => `case when (${value}) is null then '{}'::jsonb else jsonb_build_object('${field}', jsonb_build_object('before', null, 'after', ${value})) end`;

/**
 * One 新增设备 entry per created device, as registration-routes.ts writes one (the same fields,
 * the secret masked), made in the database from the rows just written: for 60,000 devices, sending
 * their entries as one JSON document took seconds of the import's deadline.
 */
async function auditCreated(tx: Queryable, context: ImportContext, ids: readonly number[]): Promise<void> {
  const changes = [
    createdField('deviceNo', 'd.device_no'),
    createdField('deviceName', 'd.name'),
    createdField('deviceType', '$4::jsonb ->> t.smart_kind::text'),
    createdField('store', 's.name'),
    createdField('point', "plan.name || ' ' || p.code"),
    createdField('imei', 'd.imei'),
    createdField('devEui', 'd.dev_eui'),
    createdField('model', "(select m.vendor || ' ' || m.name from device_models m where m.id = d.model_id)"),
    createdField('technicalSupport', 'd.technical_support'),
    createdField('remark', 'd.remark'),
    createdField('state', "'在用'"),
    "jsonb_build_object('secret', jsonb_build_object('before', $5::text, 'after', $5::text))",
  ].join(' || ');
  await tx.query(
    `insert into audit_log (actor_id, actor_name, client_address, owner_customer_id, object_type, object_id, action, changes)
     select $1, coalesce((select name from users where id = $1), ''), $2, d.customer_id, $6, d.id::text, $7, ${changes}
     from devices d join device_types t on t.id = d.device_type_id join customers s on s.id = d.customer_id
     left join points p on p.device_id = d.id left join service_plans plan on plan.id = p.plan_id
     where d.id = any($3::int[])
     order by d.id`,
    [context.actor.userId, context.actor.address, ids, JSON.stringify(DEVICE_KIND_LABELS), MASKED_SECRET, AuditObjectType.device, AuditAction.create],
  );
}

export const deviceImporter: Importer = {
  columns: DEVICE_IMPORT_COLUMNS,
  templateName: deviceImportTemplateName,
  template: deviceImportTemplate,
  prepare: prepareDevices,
};
