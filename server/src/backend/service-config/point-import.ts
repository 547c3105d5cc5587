import { AuditAction, ServiceConfigMessages, pointProblem, tableText, type TextLanguage } from '@pest/shared';
import { auditChanges, recordAudit, type AuditEntryInput } from '../common/audit-log.ts';
import { AUDIT_BATCH, SheetProblems, type ImportContext, type Importer, type PreparedImport } from '../common/importer.ts';
import { importTemplate, type ImportColumn, type ImportSheet } from '../common/import-sheet.ts';
import type { Queryable } from '../db/db.ts';
import { auditedPoint } from './config-audit.ts';
import { keptPlan } from './config-access.ts';

/** The point template: a point of the plan by its code, its region by name or path (后厨/洗碗间), its device type by name, its place on the floor plan. */
const COLUMNS: readonly ImportColumn[] = [
  { header: { id: 'pointCode' }, key: 'code', width: 14, example: 'B-001' },
  { header: { id: 'region' }, key: 'region', width: 24, example: { id: 'exampleRegion' } },
  { header: { id: 'deviceType' }, key: 'deviceType', width: 18, example: '粘鼠板' },
  { header: { id: 'importPointX' }, key: 'x', width: 10, example: '100' },
  { header: { id: 'importPointY' }, key: 'y', width: 10, example: '100' },
];
const C = { code: 0, region: 1, deviceType: 2, x: 3, y: 4 } as const;
const RULE_LABELS = [['点位编码', C.code], ['点位坐标', C.x]] as const;
/** How people write a region's path: 后厨/洗碗间, 后厨 / 洗碗间, 后厨>洗碗间, 后厨›洗碗间. */
const PATH_SEPARATOR = /\s*[/／>›]\s*/;

export const PointImportMessages = {
  regionRequired: '区域不能为空',
  regionUnknown: '该服务计划中没有这个区域',
  regionAmbiguous: '该服务计划中有多个同名区域，请写完整路径，如“后厨/洗碗间”',
  deviceTypeRequired: '设备类型不能为空',
  /** `{column}`: X坐标 or Y坐标. */
  coordinate: '{column}须为整数',
} as const;

interface PointRow {
  row: number;
  code: string;
  regionId: number | null;
  deviceTypeId: number | null;
  x: number;
  y: number;
}
interface Existing {
  id: number;
  code: string;
  regionId: number;
  deviceTypeId: number;
  x: number;
  y: number;
}

/** The plan's regions by full path and by name (a name two regions share finds neither). */
async function regionFinder(tx: Queryable, planId: number): Promise<(text: string) => number | 'unknown' | 'ambiguous'> {
  const regions = await tx.query<{ id: number; parentId: number | null; name: string }>('select id, parent_id as "parentId", name from service_regions where plan_id = $1', [planId]);
  const byId = new Map(regions.map((region) => [region.id, region]));
  const pathOf = (id: number): string[] => {
    const region = byId.get(id)!;
    return region.parentId === null ? [region.name] : [...pathOf(region.parentId), region.name];
  };
  const byPath = new Map(regions.map((region) => [pathOf(region.id).join('/'), region.id]));
  const byName = new Map<string, number[]>();
  for (const region of regions) byName.set(region.name, [...(byName.get(region.name) ?? []), region.id]);
  return (text) => {
    const path = text.split(PATH_SEPARATOR).join('/');
    const named = byName.get(path) ?? [];
    return byPath.get(path) ?? (named.length === 1 ? named[0]! : named.length > 1 ? 'ambiguous' : 'unknown');
  };
}

const INTEGER = /^-?\d+$/;

/**
 * A plan's points from the point template, checked as the point dialog checks one. A code the plan
 * has is that point: equal, it is unchanged; otherwise its region, type and place are updated.
 */
async function preparePoints(tx: Queryable, context: ImportContext, sheet: ImportSheet): Promise<PreparedImport> {
  const planId = context.planId!;
  const { customerId } = await keptPlan(tx, context.scope, planId);
  const problems = new SheetProblems(sheet.headers);
  const region = await regionFinder(tx, planId);
  const types = await tx.query<{ id: number; name: string }>('select id, name from device_types');
  const typeByName = new Map(types.map((type) => [type.name.toLowerCase(), type.id]));
  const rows: PointRow[] = sheet.rows.map(({ row, cells }) => {
    const foundRegion = cells[C.region] ? region(cells[C.region]!) : null;
    if (foundRegion === null) problems.add(row, C.region, PointImportMessages.regionRequired);
    else if (foundRegion === 'unknown') problems.add(row, C.region, PointImportMessages.regionUnknown);
    else if (foundRegion === 'ambiguous') problems.add(row, C.region, PointImportMessages.regionAmbiguous);
    const deviceTypeId = typeByName.get(cells[C.deviceType]!.toLowerCase()) ?? null;
    if (cells[C.deviceType] === '') problems.add(row, C.deviceType, PointImportMessages.deviceTypeRequired);
    else if (deviceTypeId === null) problems.add(row, C.deviceType, ServiceConfigMessages.deviceTypeNotFound);
    const coordinate = (column: number) => {
      if (INTEGER.test(cells[column]!)) return Number(cells[column]);
      problems.add(row, column, PointImportMessages.coordinate.replace('{column}', sheet.headers[column] ?? ''));
      return Number.NaN;
    };
    const parsed = { row, code: cells[C.code]!, regionId: typeof foundRegion === 'number' ? foundRegion : null, deviceTypeId, x: coordinate(C.x), y: coordinate(C.y) };
    const fieldProblem = pointProblem({ code: parsed.code, x: parsed.x || 0, y: parsed.y || 0 });
    if (fieldProblem) problems.addRuleMessage(row, fieldProblem, RULE_LABELS);
    return parsed;
  });
  problems.duplicates(rows, (row) => row.code, C.code, '点位编号');
  const existing = await tx.query<Existing>(
    `select id, code, region_id as "regionId", device_type_id as "deviceTypeId", x, y from points where plan_id = $1 and code = any($2::text[]) ${context.forApply ? 'for update' : ''}`,
    [planId, rows.map((row) => row.code)],
  );
  const byCode = new Map(existing.map((point) => [point.code, point]));
  const writes: { row: PointRow; existing: Existing | null }[] = [];
  let unchanged = 0;
  for (const row of rows) {
    if (problems.has(row.row)) continue;
    const point = byCode.get(row.code) ?? null;
    if (point && point.regionId === row.regionId && point.deviceTypeId === row.deviceTypeId && point.x === row.x && point.y === row.y) unchanged++;
    else writes.push({ row, existing: point });
  }
  const created = writes.filter((write) => !write.existing).length;
  return {
    counts: { created, updated: writes.length - created, unchanged },
    problems: problems.sorted(),
    write: async (writer) => {
      await writePoints(writer, context, planId, customerId, writes);
      return [];
    },
  };
}

/** New points in one statement, changed ones in another; each logged as the point dialog's save is. */
async function writePoints(tx: Queryable, context: ImportContext, planId: number, customerId: number, writes: readonly { row: PointRow; existing: Existing | null }[]): Promise<void> {
  const audited = auditedPoint();
  const before = new Map<number, object | null>();
  for (const { existing } of writes) if (existing) before.set(existing.id, await audited.read(tx, existing.id));
  const columns = (list: typeof writes) => [
    list.map((write) => write.row.code),
    list.map((write) => write.row.regionId),
    list.map((write) => write.row.deviceTypeId),
    list.map((write) => write.row.x),
    list.map((write) => write.row.y),
  ];
  const fresh = writes.filter((write) => !write.existing);
  const created = await tx.query<{ id: number }>(
    `insert into points (code, region_id, device_type_id, x, y, plan_id, customer_id)
     select code, region_id, device_type_id, x, y, $6, $7 from unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[]) as r(code, region_id, device_type_id, x, y)
     returning id`,
    [...columns(fresh), planId, customerId],
  );
  const updates = writes.filter((write) => write.existing);
  await tx.query(
    `update points p set region_id = u.region_id, device_type_id = u.device_type_id, x = u.x, y = u.y, version = p.version + 1
     from unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[]) as u(code, region_id, device_type_id, x, y) where p.plan_id = $6 and p.code = u.code`,
    [...columns(updates), planId],
  );
  const ids = [...created.map((point) => point.id), ...updates.map((write) => write.existing!.id)];
  const entries: AuditEntryInput[] = [];
  for (const id of ids) {
    const after = (await audited.read(tx, id))!;
    const was = before.get(id) ?? null;
    entries.push({ objectType: audited.objectType, objectId: id, action: was ? AuditAction.update : AuditAction.create, owner: customerId, changes: auditChanges(was as Record<string, unknown> | null, after) });
  }
  for (let start = 0; start < entries.length; start += AUDIT_BATCH) await recordAudit(tx, context.actor, ...entries.slice(start, start + AUDIT_BATCH));
}

export const pointImporter: Importer = {
  columns: COLUMNS,
  templateName: (language: TextLanguage) => `${tableText('pointImportTemplate', language)}.xlsx`,
  template: (language: TextLanguage) => importTemplate(tableText('pointImportSheet', language), COLUMNS, language),
  prepare: preparePoints,
};
