import { positiveRate, type SummaryPageBody, type SummaryRow, type TableHeaderNode } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';
import { checksCte, type SummaryFilters } from '../common/summary-filters.ts';
import { rollupConditions, rollupMonths } from '../common/service-rollups.ts';

/**
 * The pest and device-type summaries share one shape: a row per store, then a column group per
 * key (a pest, a device type) found under the filters, each with a few figures counted from the
 * point checks. The header depends only on the filters, so every page of a query has the same one.
 */
export interface SummaryKind {
  /** Props of a group are `${prefix}${id}`, of its leaves `${prefix}${id}${leaf.suffix}`. */
  prefix: string;
  leaves: readonly { suffix: string; name: string; value(stats: KeyStats): number | string }[];
  /** SQL after `with ${checks}`: the keys present, as (id, name), in column order. */
  columnsSql(filters: SummaryFilters, params: SqlParams): string;
  /**
   * SQL after `with ${checks}`: KeyStats of each (store, key) and of each key over all stores
   * (customerId null), for the keys in `keys` and the stores in `storeIds` only.
   */
  statsSql(filters: SummaryFilters, params: SqlParams, keys: string, storeIds: string): string;
  /**
   * The same two from the monthly roll-ups (common/service-rollups.ts), used when they answer the
   * filters exactly; `rows(alias)` is the SQL condition that keeps a roll-up row `alias` under the
   * filters. The `checks` CTE then has a row (customer_id, device_type_id) per store, device type
   * and month checked. Absent when a kind's figures need the raw checks.
   */
  rollup?: {
    columnsSql(filters: SummaryFilters, params: SqlParams, rows: (alias: string) => string): string;
    statsSql(params: SqlParams, keys: string, storeIds: string, rows: (alias: string) => string): string;
  };
}

/** The `checks` CTE of a summary and the SQL its kind runs after it: from the roll-ups when they answer exactly, else from the point checks. */
function checksSource(scope: Scope, filters: SummaryFilters, kind: SummaryKind, params: SqlParams) {
  const bounds = { from: filters.realityStartTime ?? filters.startTime, to: filters.realityEndTime ?? filters.endTime };
  const months = kind.rollup ? rollupMonths(filters, 'month', bounds) : null;
  if (!kind.rollup || !months) {
    return {
      cte: checksCte(scope, filters, params),
      columnsSql: () => kind.columnsSql(filters, params),
      statsSql: (keys: string, storeIds: string) => kind.statsSql(filters, params, keys, storeIds),
    };
  }
  const { rollup } = kind;
  const rows = (alias: string) => rollupConditions(scope, filters, months, alias, params).join(' and ');
  return {
    cte: `checks as (select r.store_id as customer_id, r.device_type_id from service_check_months r where ${rows('r')})`,
    columnsSql: () => rollup.columnsSql(filters, params, rows),
    statsSql: (keys: string, storeIds: string) => rollup.statsSql(params, keys, storeIds, rows),
  };
}

/** Point checks made, how many of them were positive, and the amount they counted. */
export interface KeyStats {
  customerId: number | null;
  key: number;
  checked: number;
  positive: number;
  amount: number;
}

interface Column {
  id: number;
  name: string;
}

interface Store {
  id: number;
  customerCode: string;
  customerName: string;
}

export const rateLeaf = { suffix: 'Rate', name: '阳性率', value: (stats: KeyStats) => positiveRate(stats.positive, stats.checked) } as const;

const STORE_COLUMNS: TableHeaderNode[] = [
  { prop: 'customerCode', name: '门店编号' },
  { prop: 'customerName', name: '门店名称' },
];
export const TOTAL_ROW_LABEL = '合计';

export async function summaryHeader(db: Queryable, scope: Scope, filters: SummaryFilters, kind: SummaryKind): Promise<TableHeaderNode[]> {
  return headerOf(kind, await columnsOf(db, scope, filters, kind));
}

/** A page of store rows, how many stores there are, and the 合计 row over all of them (computed in SQL, not from the page). */
export async function summaryPage(
  db: Queryable,
  scope: Scope,
  body: SummaryPageBody,
  kind: SummaryKind,
): Promise<{ header: TableHeaderNode[]; total: number; records: SummaryRow[]; totalRow: SummaryRow }> {
  const columns = await columnsOf(db, scope, body, kind);
  const [total, stores] = await Promise.all([storeCount(db, scope, body, kind), storePage(db, scope, body, kind)]);
  const params = new SqlParams();
  const source = checksSource(scope, body, kind, params);
  const sql = `with ${source.cte}
    ${source.statsSql(`${params.add(columns.map((c) => c.id))}::int[]`, `${params.add(stores.map((s) => s.id))}::int[]`)}`;
  const stats = columns.length > 0 ? await db.query<KeyStats>(sql, params.values) : [];

  const byStoreAndKey = new Map(stats.map((s) => [`${s.customerId}:${s.key}`, s]));
  const cells = (customerId: number | null): SummaryRow =>
    Object.fromEntries(
      columns.flatMap((column) => {
        const figures = byStoreAndKey.get(`${customerId}:${column.id}`) ?? { customerId, key: column.id, checked: 0, positive: 0, amount: 0 };
        return kind.leaves.map((leaf) => [`${kind.prefix}${column.id}${leaf.suffix}`, leaf.value(figures)]);
      }),
    );
  return {
    header: headerOf(kind, columns),
    total,
    records: stores.map((store) => ({ customerCode: store.customerCode, customerName: store.customerName, ...cells(store.id) })),
    totalRow: { customerCode: TOTAL_ROW_LABEL, customerName: null, ...cells(null) },
  };
}

function headerOf(kind: SummaryKind, columns: Column[]): TableHeaderNode[] {
  return [
    ...STORE_COLUMNS,
    ...columns.map((column) => ({
      prop: `${kind.prefix}${column.id}`,
      name: column.name,
      child: kind.leaves.map((leaf) => ({ prop: `${kind.prefix}${column.id}${leaf.suffix}`, name: leaf.name })),
    })),
  ];
}

function columnsOf(db: Queryable, scope: Scope, filters: SummaryFilters, kind: SummaryKind): Promise<Column[]> {
  const params = new SqlParams();
  const source = checksSource(scope, filters, kind, params);
  return db.query<Column>(`with ${source.cte} ${source.columnsSql()}`, params.values);
}

async function storeCount(db: Queryable, scope: Scope, filters: SummaryFilters, kind: SummaryKind): Promise<number> {
  const params = new SqlParams();
  const [row] = await db.query<{ total: number }>(
    `with ${checksSource(scope, filters, kind, params).cte} select count(distinct customer_id) as total from checks`,
    params.values,
  );
  return row!.total;
}

/** The stores with point checks under the filters, by store code. */
function storePage(db: Queryable, scope: Scope, { current, size, ...filters }: SummaryPageBody, kind: SummaryKind): Promise<Store[]> {
  const params = new SqlParams();
  return db.query<Store>(
    `with ${checksSource(scope, filters, kind, params).cte}
     select s.id, s.code as "customerCode", s.name as "customerName"
     from customers s where s.id in (select customer_id from checks)
     order by s.code, s.id
     limit ${params.add(size)} offset ${params.add((current - 1) * size)}`,
    params.values,
  );
}
