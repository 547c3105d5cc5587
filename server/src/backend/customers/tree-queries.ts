import { CUSTOMER_SEARCH_LIMIT, type CustomerTreeNode, type TreeByNameBody, CustomerKind } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, isScopeTop, type Scope } from '../scope.ts';
import { nestRows } from '../tree.ts';
import { contactCondition, storeConditions } from '../common/store-filters.ts';

interface NodeRow {
  id: number;
  parentId: number | null;
  name: string;
  isLeaf: boolean;
}

// Suspended nodes (客户管理) leave the pickers; their records stay in every chart and summary.
const NODE_COLUMNS = `c.id, c.parent_id as "parentId", c.name,
  not exists (select 1 from customers k where k.parent_id = c.id and k.suspended_at is null) as "isLeaf"`;
const ACTIVE = (alias: string) => `${alias}.suspended_at is null`;

/** `id` with its whole subtree, nested; [] when `id` is outside the scope or unknown. */
export async function customerSubtree(db: Queryable, scope: Scope, id: number): Promise<CustomerTreeNode[]> {
  const params = new SqlParams();
  const rows = await db.query<NodeRow>(
    `select ${NODE_COLUMNS} from customers c
     where c.path @> array[${params.add(id)}::int] and ${ACTIVE('c')} and ${inScope(scope, 'c.id', params)}
     order by c.id`,
    params.values,
  );
  return nest(rows);
}

/** The tops of the tree in scope, without children (the console loads them lazily). */
export async function customerTreeTops(db: Queryable, scope: Scope, contactNames?: string[]): Promise<CustomerTreeNode[]> {
  const params = new SqlParams();
  const conditions = [isScopeTop(scope, 'c', params), ACTIVE('c'), contactCondition('c', contactNames, params)];
  return nodes(db, conditions, params);
}

/** The children of `parentId` in scope; with contact names, only those with a store of such a contact. */
export async function customerTreeChildren(
  db: Queryable,
  scope: Scope,
  parentId: number,
  contactNames?: string[],
): Promise<CustomerTreeNode[]> {
  const params = new SqlParams();
  const conditions = [
    `c.parent_id = ${params.add(parentId)}`,
    ACTIVE('c'),
    inScope(scope, 'c.id', params),
    contactCondition('c', contactNames, params),
  ];
  return nodes(db, conditions, params);
}

/**
 * Stores in scope whose name or an ancestor's contains the search text and that pass the
 * filters (at most CUSTOMER_SEARCH_LIMIT), nested under their ancestors in scope.
 */
export async function searchCustomerTree(db: Queryable, scope: Scope, search: TreeByNameBody): Promise<CustomerTreeNode[]> {
  const params = new SqlParams();
  const { name, ...filters } = search;
  const conditions = [
    `s.kind = ${CustomerKind.store}`,
    ACTIVE('s'),
    inScope(scope, 's.id', params),
    `exists (select 1 from customers a where a.id = any(s.path) and strpos(lower(a.name), lower(${params.add(name)})) > 0)`,
    ...storeConditions('s', filters, params),
  ];
  const rows = await db.query<NodeRow>(
    `with matched as (
       select s.path from customers s
       where ${conditions.join(' and ')}
       order by s.id limit ${CUSTOMER_SEARCH_LIMIT}
     )
     select ${NODE_COLUMNS} from customers c
     where c.id in (select unnest(path) from matched) and ${inScope(scope, 'c.id', params)}
     order by c.id`,
    params.values,
  );
  return nest(rows);
}

async function nodes(db: Queryable, conditions: (string | null)[], params: SqlParams): Promise<CustomerTreeNode[]> {
  const rows = await db.query<NodeRow>(
    `select ${NODE_COLUMNS} from customers c where ${conditions.filter(Boolean).join(' and ')} order by c.id`,
    params.values,
  );
  return rows.map(toNode);
}

function nest(rows: NodeRow[]): CustomerTreeNode[] {
  return nestRows(rows, toNode, (parent, child) => (parent.children ??= []).push(child));
}

const toNode = ({ id, name, isLeaf }: NodeRow): CustomerTreeNode => ({ id, name, isLeaf });
