import { DeviceKind, DictionaryType, PestListType } from '@pest/shared';
import type { Queryable } from '../db.ts';
import { insertRows } from './insert-rows.ts';
import { seedMaterials } from './material-catalog.ts';
import { DEPARTMENTS, PESTS, RISK_GROUPS, RISK_TYPES, SUPPLIERS } from './catalog-vocabulary.ts';

/** usage_type: 1 pest situation, 2 capture, 3 kill; smart_kind: the DeviceKind of a smart type's devices. Ids are fixed: points refer to them. */
export const DEVICE_TYPES = [
  { id: 1, name: '粘鼠板', usageType: 2, smartKind: null },
  { id: 2, name: '鼠饵站', usageType: 3, smartKind: null },
  { id: 3, name: '捕鼠笼', usageType: 2, smartKind: null },
  { id: 4, name: '灭蝇灯', usageType: 2, smartKind: null },
  { id: 5, name: '蟑螂屋', usageType: 2, smartKind: null },
  { id: 6, name: '智能鼠盒 NB-IoT', usageType: 1, smartKind: DeviceKind.nbIotRodentBox },
  { id: 7, name: '智能鼠盒 LoRa', usageType: 1, smartKind: DeviceKind.loraRodentBox },
  { id: 8, name: 'LoRa网关', usageType: null, smartKind: DeviceKind.loraGateway },
] as const;

/** The device type of a smart kind. */
export const deviceTypeId = (kind: DeviceKind) => DEVICE_TYPES.find((type) => type.smartKind === kind)!.id;

/** Supplier dictionary entries are numbered from here, so other dictionaries can take other ranges. */
const SUPPLIER_ID_BASE = 1801;

/**
 * The product's reference lists, on every empty start, demo or not: pests, suppliers (the
 * dictionary), device types, risk types and the issues under them.
 */
export async function seedReferenceCatalog(tx: Queryable): Promise<void> {
  await insertRows(tx, 'pests', ['id', 'type', 'name'], ['int', 'int2', 'text'], PESTS.map((name, i) => [i + 1, PestListType.pest, name]));
  await insertRows(
    tx,
    'dictionary',
    ['id', 'type_id', 'name'],
    ['int', 'int', 'text'],
    SUPPLIERS.map((name, i) => [SUPPLIER_ID_BASE + i, DictionaryType.supplier, name]),
  );
  await insertRows(
    tx,
    'device_types',
    ['id', 'name', 'usage_type', 'smart_kind'],
    ['int', 'text', 'int2', 'int2'],
    DEVICE_TYPES.map((type) => [type.id, type.name, type.usageType, type.smartKind]),
  );
  await insertRows(tx, 'risk_groups', ['id', 'name'], ['int', 'text'], RISK_GROUPS.map((group) => [group.id, group.name]));
  await insertRows(tx, 'risk_types', ['id', 'risk_group_id', 'parent_id', 'name'], ['int', 'int', 'int', 'text'], riskTypeRows());
}

/** The demo provider's own lists: its materials register (invented registration numbers) and its departments. */
export async function seedDemoCatalog(tx: Queryable): Promise<void> {
  await seedMaterials(tx);
  await insertRows(tx, 'departments', ['department_id', 'parent_id', 'name', 'is_bind'], ['int', 'int', 'text', 'bool'], departmentRows());
}

/** Risk types first (ids 1…), then the issue descriptions under them. */
function riskTypeRows(): unknown[][] {
  const types: unknown[][] = [];
  const issues: unknown[][] = [];
  const typeCount = RISK_GROUPS.length * RISK_TYPES.length;
  for (const group of RISK_GROUPS) {
    for (const riskType of RISK_TYPES) {
      const id = types.length + 1;
      types.push([id, group.id, null, riskType.name]);
      for (const issue of riskType.issues) issues.push([typeCount + issues.length + 1, group.id, id, issue]);
    }
  }
  return [...types, ...issues];
}

function departmentRows(): unknown[][] {
  const rows: unknown[][] = [[1, null, DEPARTMENTS.headquarters, false]];
  for (const branch of DEPARTMENTS.branches) {
    const branchId = rows.length + 1;
    rows.push([branchId, 1, branch, false]);
    // Service teams are bound to the customers they serve; branches and headquarters are not.
    for (const team of DEPARTMENTS.teams) rows.push([rows.length + 1, branchId, team, true]);
  }
  return rows;
}
