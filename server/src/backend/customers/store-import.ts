import { AuditAction, CustomerKind, CustomerMessages, customerProblem, tableText, type TextLanguage } from '@pest/shared';
import { auditChanges, recordAudit, type AuditEntryInput } from '../common/audit-log.ts';
import { AUDIT_BATCH, SheetProblems, type ImportContext, type Importer, type PreparedImport } from '../common/importer.ts';
import { importTemplate, type ImportColumn, type ImportSheet } from '../common/import-sheet.ts';
import type { Queryable } from '../db/db.ts';
import type { Scope } from '../scope.ts';
import { auditedCustomer } from './customer-audit.ts';

/** The store template: a store by its code under a parent (organisation or group) by its code, with one contact. */
const COLUMNS: readonly ImportColumn[] = [
  { header: { id: 'importStoreCode' }, key: 'code', width: 16, example: 'S00000001' },
  { header: { id: 'storeName' }, key: 'name', width: 24, example: { id: 'exampleStoreName' } },
  { header: { id: 'importParentCode' }, key: 'parentCode', width: 16, example: 'KH001' },
  { header: { id: 'importAddress' }, key: 'address', width: 30, example: { id: 'exampleAddress' } },
  { header: { id: 'importContactName' }, key: 'contactName', width: 14, example: { id: 'exampleContactName' } },
  { header: { id: 'importContactPhone' }, key: 'contactPhone', width: 18, example: '13800000000' },
  // The region tree's and the sales areas' names are Chinese, in every language's template.
  { header: { id: 'importRegionPath' }, key: 'region', width: 24, example: '上海市/市辖区/徐汇区', added: true },
  { header: { id: 'importSalesArea' }, key: 'area', width: 10, example: '华东', added: true },
];
const C = { code: 0, name: 1, parentCode: 2, address: 3, contactName: 4, contactPhone: 5, region: 6, area: 7 } as const;
/** Which column a message of customerProblem is about (联系电话 before 联系人: the phone's messages name both). */
const RULE_LABELS = [['联系电话', C.contactPhone], ['联系人', C.contactName], ['详细地址', C.address], ['编码', C.code], ['客户名称', C.name]] as const;

export const StoreImportMessages = {
  parentCodeRequired: '上级编码不能为空',
  parentCodeUnknown: '上级编码不存在',
  notAStore: '该编码已用于组织或分组，不能作为门店导入',
} as const;

interface StoreRow {
  row: number;
  code: string;
  name: string;
  parentCode: string;
  address: string | null;
  contact: { name: string; phone: string } | null;
  /** 上海市/市辖区/徐汇区: one to three levels of the region tree, or '' (leave the store's as it is). */
  regionPath: string;
  /** A sales area's name, or '' (leave the store's as it is). */
  areaName: string;
}

/** Where a store is: its region at each level and its sales area. */
interface Place {
  provinceId: number | null;
  cityId: number | null;
  districtId: number | null;
  areaId: number | null;
}
interface Node {
  id: number;
  code: string;
  kind: number;
  path: number[];
  parentId: number | null;
  name: string;
  address: string | null;
  suspended: boolean;
  place: Place;
}

const keeps = (scope: Scope, node: Node) => scope.isAdmin || scope.customerId === null || node.path.includes(scope.customerId);

function parsed(sheet: ImportSheet): StoreRow[] {
  return sheet.rows.map(({ row, cells }) => ({
    row,
    code: cells[C.code]!,
    name: cells[C.name]!,
    parentCode: cells[C.parentCode]!,
    address: cells[C.address] || null,
    contact: cells[C.contactName] || cells[C.contactPhone] ? { name: cells[C.contactName]!, phone: cells[C.contactPhone]! } : null,
    regionPath: cells[C.region] ?? '',
    areaName: cells[C.area] ?? '',
  }));
}

const regionNames = (path: string) => path.split(/[/／]/).map((name) => name.trim());

/** The rows' regions and sales areas, by name: a region by its parent's id and its name. */
async function placeLookup(tx: Queryable, rows: readonly StoreRow[]) {
  const names = [...new Set(rows.flatMap((row) => (row.regionPath ? regionNames(row.regionPath) : [])))];
  const regions = await tx.query<{ id: number; parentId: number | null; name: string; level: number }>(
    'select id, parent_id as "parentId", name, level from regions where name = any($1::text[]) and level between 1 and 3',
    [names],
  );
  const regionAt = new Map(regions.map((region) => [`${region.level}\n${region.level === 1 ? '' : region.parentId}\n${region.name}`, region.id]));
  const areas = new Map((await tx.query<{ id: number; name: string }>('select id, name from sales_areas')).map((area) => [area.name, area.id]));
  /** The row's place over `current` (a store's own, or nothing), or the message of what is not found. */
  return (row: StoreRow, current: Place | null): Place | string => {
    const place: Place = current ? { ...current } : { provinceId: null, cityId: null, districtId: null, areaId: null };
    if (row.regionPath) {
      const levels = regionNames(row.regionPath);
      if (levels.length > 3 || levels.some((name) => name === '')) return CustomerMessages.regionNotFound;
      const ids: (number | null)[] = [];
      for (const [index, name] of levels.entries()) {
        const id = regionAt.get(`${index + 1}\n${index === 0 ? '' : ids[index - 1]}\n${name}`);
        if (id === undefined) return index === 0 ? CustomerMessages.regionNotFound : CustomerMessages.regionMismatch;
        ids.push(id);
      }
      [place.provinceId, place.cityId, place.districtId] = [ids[0] ?? null, ids[1] ?? null, ids[2] ?? null];
    }
    if (row.areaName) {
      const areaId = areas.get(row.areaName);
      if (areaId === undefined) return CustomerMessages.areaNotFound;
      place.areaId = areaId;
    }
    return place;
  };
}

const samePlace = (a: Place, b: Place) => a.provinceId === b.provinceId && a.cityId === b.cityId && a.districtId === b.districtId && a.areaId === b.areaId;

interface StoreWrite {
  row: StoreRow;
  parent: Node;
  existing: Node | null;
  place: Place;
  /** The row's contact, when the store does not have it yet. */
  addContact: boolean;
}

/**
 * Stores from the store template, checked as the customer dialog checks one. A code that is a store
 * the caller keeps is that store: equal, it is unchanged; otherwise its name, address, parent and
 * (where the row gives them) region and sales area are updated, and the row's contact added when it
 * lacks it (contacts are never removed by an import).
 */
async function prepareStores(tx: Queryable, context: ImportContext, sheet: ImportSheet): Promise<PreparedImport> {
  const rows = parsed(sheet);
  const problems = new SheetProblems(sheet.headers);
  problems.duplicates(rows, (row) => row.code.toLowerCase(), C.code, '门店编码');
  const codes = [...new Set(rows.flatMap((row) => [row.code.toLowerCase(), row.parentCode.toLowerCase()]))];
  // Codes are unique over every customer: one taken outside the caller's scope is taken too.
  const nodes = await tx.query<Node>(
    `select id, lower(code) as code, kind, path, parent_id as "parentId", name, address, suspended_at is not null as suspended,
            json_build_object('provinceId', province_id, 'cityId', city_id, 'districtId', district_id, 'areaId', area_id) as place
     from customers where lower(code) = any($1::text[]) ${context.forApply ? 'for update' : ''}`,
    [codes],
  );
  const byCode = new Map(nodes.map((node) => [node.code, node]));
  const contacts = await tx.query<{ customerId: number; name: string; phone: string }>(
    'select customer_id as "customerId", name, phone from contacts where customer_id = any($1::int[])',
    [nodes.map((node) => node.id)],
  );
  const hasContact = new Set(contacts.map((contact) => `${contact.customerId}\n${contact.name}\n${contact.phone}`));
  const placeOf = await placeLookup(tx, rows);

  const writes: StoreWrite[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const fieldProblem = customerProblem({ kind: CustomerKind.store, parentId: 0, name: row.name, code: row.code, address: row.address, contacts: row.contact ? [row.contact] : [] });
    if (fieldProblem) problems.addRuleMessage(row.row, fieldProblem, RULE_LABELS);
    const parent = byCode.get(row.parentCode.toLowerCase());
    if (row.parentCode === '') problems.add(row.row, C.parentCode, StoreImportMessages.parentCodeRequired);
    else if (!parent || !keeps(context.scope, parent)) problems.add(row.row, C.parentCode, StoreImportMessages.parentCodeUnknown);
    else if (parent.kind === CustomerKind.store) problems.add(row.row, C.parentCode, CustomerMessages.parentIsStore);
    else if (parent.suspended) problems.add(row.row, C.parentCode, CustomerMessages.parentSuspended);

    const existing = byCode.get(row.code.toLowerCase()) ?? null;
    if (existing && (!keeps(context.scope, existing) || existing.kind !== CustomerKind.store)) {
      problems.add(row.row, C.code, existing.kind === CustomerKind.store ? CustomerMessages.codeTaken : StoreImportMessages.notAStore);
      continue;
    }
    if (existing?.suspended) problems.add(row.row, C.code, CustomerMessages.suspendedReadOnly);
    const place = placeOf(row, existing?.place ?? null);
    if (typeof place === 'string') problems.add(row.row, place === CustomerMessages.areaNotFound ? C.area : C.region, place);
    if (problems.has(row.row) || !parent || typeof place === 'string') continue;
    const addContact = row.contact !== null && !(existing && hasContact.has(`${existing.id}\n${row.contact.name}\n${row.contact.phone}`));
    if (existing && existing.name === row.name && existing.address === row.address && existing.parentId === parent.id && samePlace(existing.place, place) && !addContact) {
      unchanged++;
    } else writes.push({ row, parent, existing, place, addContact });
  }
  const created = writes.filter((write) => !write.existing).length;
  return {
    counts: { created, updated: writes.length - created, unchanged },
    problems: problems.sorted(),
    write: async (writer) => {
      await writeStores(writer, context, writes);
      return [];
    },
  };
}

/** The writes' places as the four array parameters of a statement. */
const placeColumns = (writes: readonly StoreWrite[]) =>
  (['provinceId', 'cityId', 'districtId', 'areaId'] as const).map((key) => writes.map((write) => write.place[key]));

/** New stores in one statement, changed ones in another, then their contacts; each logged as the customer dialog's save is. */
async function writeStores(tx: Queryable, context: ImportContext, writes: readonly StoreWrite[]): Promise<void> {
  const audited = auditedCustomer(context.scope);
  const updates = writes.filter((write) => write.existing);
  const before = new Map<number, object | null>();
  for (const { existing } of updates) before.set(existing!.id, await audited.read(tx, existing!.id));
  const fresh = writes.filter((write) => !write.existing);
  const created = await tx.query<{ id: number; code: string }>(
    `with input as (select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[])
                    as r(code, name, address, parent_id, parent_path, province_id, city_id, district_id, area_id)),
     numbered as (select nextval(pg_get_serial_sequence('customers', 'id'))::int as id, input.* from input)
     insert into customers (id, parent_id, kind, path, name, code, address, province_id, city_id, district_id, area_id)
     select id, parent_id, ${CustomerKind.store}, parent_path::int[] || id, name, code, address, province_id, city_id, district_id, area_id from numbered
     returning id, lower(code) as code`,
    [
      fresh.map((write) => write.row.code),
      fresh.map((write) => write.row.name),
      fresh.map((write) => write.row.address),
      fresh.map((write) => write.parent.id),
      fresh.map((write) => `{${write.parent.path.join(',')}}`),
      ...placeColumns(fresh),
    ],
  );
  const idOf = new Map<StoreWrite, number>();
  const createdId = new Map(created.map((store) => [store.code, store.id]));
  for (const write of writes) idOf.set(write, write.existing?.id ?? createdId.get(write.row.code.toLowerCase())!);
  await tx.query(
    `update customers c set name = u.name, address = u.address, parent_id = u.parent_id, path = u.parent_path::int[] || c.id,
            province_id = u.province_id, city_id = u.city_id, district_id = u.district_id, area_id = u.area_id, version = c.version + 1
     from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[])
          as u(id, name, address, parent_id, parent_path, province_id, city_id, district_id, area_id) where c.id = u.id`,
    [
      updates.map((write) => write.existing!.id),
      updates.map((write) => write.row.name),
      updates.map((write) => write.row.address),
      updates.map((write) => write.parent.id),
      updates.map((write) => `{${write.parent.path.join(',')}}`),
      ...placeColumns(updates),
    ],
  );
  const withContact = writes.filter((write) => write.addContact);
  await tx.query('insert into contacts (customer_id, name, phone) select * from unnest($1::int[], $2::text[], $3::text[])', [
    withContact.map((write) => idOf.get(write)!),
    withContact.map((write) => write.row.contact!.name),
    withContact.map((write) => write.row.contact!.phone),
  ]);
  const entries: AuditEntryInput[] = [];
  for (const write of writes) {
    const id = idOf.get(write)!;
    const after = (await audited.read(tx, id))!;
    const was = before.get(id) ?? null;
    entries.push({
      objectType: audited.objectType,
      objectId: id,
      action: was ? AuditAction.update : AuditAction.create,
      owner: id,
      changes: auditChanges(was as Record<string, unknown> | null, after as unknown as Record<string, unknown>),
    });
  }
  for (let start = 0; start < entries.length; start += AUDIT_BATCH) await recordAudit(tx, context.actor, ...entries.slice(start, start + AUDIT_BATCH));
}

export const storeImporter: Importer = {
  columns: COLUMNS,
  templateName: (language: TextLanguage) => `${tableText('storeImportTemplate', language)}.xlsx`,
  template: (language: TextLanguage) => importTemplate(tableText('storeImportSheet', language), COLUMNS, language),
  prepare: prepareStores,
};
