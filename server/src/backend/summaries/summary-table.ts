import {
  positiveRate,
  tableText,
  type DayBounds,
  type SummaryPageBody,
  type SummaryRow,
  type TableHeaderNode,
  type TableTextId,
  type TextLanguage,
} from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';
import { checksCte, selectedStores, type SummaryFilters } from '../common/summary-filters.ts';
import { checkRollups, dayConditions, monthConditions, rollupSplit, type DayRollups, type MonthRollups } from '../common/service-rollups.ts';

/**
 * The pest and device-type summaries share one shape: a row per store, then a column group per
 * key (a pest, a device type) found under the filters, each with a few figures counted from the
 * point checks. The header depends only on the filters (and the language of its texts), so every
 * page of a query has the same one.
 */
export interface SummaryKind {
  /** Props of a group are `${prefix}${id}`, of its leaves `${prefix}${id}${leaf.suffix}`. */
  prefix: string;
  leaves: readonly { suffix: string; text: TableTextId; value(stats: KeyStats): number | string }[];
  /** SQL after `with ${checks}`: the keys present, as (id, name), in column order. */
  columnsSql(filters: SummaryFilters, params: SqlParams): string;
  /**
   * SQL after `with ${checks}`: KeyStats of each (store, key) and of each key over all stores
   * (customerId null), for the keys in `keys` and the stores in `storeIds` only.
   */
  statsSql(filters: SummaryFilters, params: SqlParams, keys: string, storeIds: string): string;
  /**
   * The same two from the roll-ups (common/service-rollups.ts), used when they answer the filters
   * exactly. `columnsSql` reads `all`, the roll-up rows of every store under the filters (per
   * organisation and area when they can); `statsSql` is a whole query: the stores' figures from
   * the store roll-ups of the page's stores (customer_id the store) and the totals from `all`
   * (customer_id null), each summed over the row sets it is given (whole months, and days around
   * them). Absent when a kind's figures need the raw checks.
   */
  rollup?: {
    /** Whether the roll-ups hold these filters' figures (beyond whole days and no plan, region or point). */
    answers(filters: SummaryFilters): boolean;
    /**
     * Whether the kind reads only the checks and catches roll-ups, which also come per organisation
     * and area (for `all`) and per day (for the days of a range around its whole months). Otherwise
     * only ranges of whole months are read from the roll-ups.
     */
    checksAndCatchesOnly: boolean;
    columnsSql(filters: SummaryFilters, params: SqlParams, all: RollupRows[]): string;
    /** `overStoresAndAll(select)`: `select` over each of the page's stores' row sets and every store's, union all. */
    statsSql(keys: string, overStoresAndAll: (select: (rows: RollupRows) => string) => string): string;
  };
}

/** Roll-up tables and the SQL condition on their row `r`, with the customer their figures go to. */
export interface RollupRows {
  checks: MonthRollups['checks'] | DayRollups['checks'];
  catches: MonthRollups['catches'] | DayRollups['catches'];
  where: string;
  /** SQL: the customer id a row `r` counts for (the store, or null for the total). */
  customer: string;
}

interface ChecksSource {
  /** SQL after `with`: the stores with checks under the filters (`stores`, one id per row). */
  storesCte(): string;
  columnsSql(): string;
  /** A whole query: KeyStats for these keys and stores (SQL arrays), and the totals. */
  statsSql(keys: string, storeIds: string): string;
}
type Source = (params: SqlParams) => ChecksSource;

/**
 * Where a summary's figures come from: the roll-ups when they answer exactly (whole months from
 * the monthly ones, the days around them from the daily ones), else the point checks. Decided
 * once per request (it looks the stores and organisations up); each query then writes its SQL
 * with its own parameters.
 */
async function checksSource(db: Queryable, scope: Scope, filters: SummaryFilters, kind: SummaryKind): Promise<Source> {
  const bounds = wholeDays(filters.realityStartTime ?? filters.startTime, filters.realityEndTime ?? filters.endTime);
  const split = bounds && kind.rollup?.answers(filters) ? rollupSplit(filters, 'month', bounds) : null;
  const byDay = kind.rollup?.checksAndCatchesOnly ?? false;
  if (!kind.rollup || !split || (!byDay && (split.edges.length > 0 || !split.months))) {
    return (params) => {
      const cte = checksCte(scope, filters, params);
      return {
        storesCte: () => `${cte}, stores as (select distinct customer_id as id from checks)`,
        columnsSql: () => `with ${cte} ${kind.columnsSql(filters, params)}`,
        statsSql: (keys, storeIds) => `with ${cte} ${kind.statsSql(filters, params, keys, storeIds)}`,
      };
    };
  }
  const { rollup } = kind;
  const { months, edges } = split;
  // The stores looked up first: PGlite misjudged the subqueries on their paths here as in the
  // risk summary. A set to join (unnest), not an = any() that each of the fleet's rows would scan.
  const stores = await selectedStores(db, scope, filters);
  // The 合计 from the rows per organisation and area when the stores are whole organisations'.
  const tables = byDay ? await checkRollups(db, scope, filters) : null;
  const perOrganisation = tables?.perOrganisation ? tables : null;
  return (params) => {
    const and = (conditions: string[]) => conditions.map((condition) => ` and ${condition}`).join('');
    // Row sets of the stores `onStores` (SQL on a row `r`) selects: the whole months', then each edge's days.
    const monthRows = (onStores: string, customer: string): RollupRows[] =>
      months ? [{ checks: 'service_check_months', catches: 'service_catch_months', where: `${onStores}${and(monthConditions(filters, months, 'r', params))}`, customer }] : [];
    const dayRows = (onStores: string, customer: string): RollupRows[] =>
      edges.map((days) => ({ checks: 'service_check_days', catches: 'service_catch_days', where: `${onStores}${and(dayConditions(filters, days, 'r', params))}`, customer }));
    const storeSets = (onStores: string, customer: string) => [...monthRows(onStores, customer), ...dayRows(onStores, customer)];
    // Each query adds only the parameters it uses: one it does not use has no type, which PostgreSQL refuses.
    const everyStore = () => `r.store_id = any(${params.add(stores)}::int[])`;
    const allRows = (): RollupRows[] => {
      if (!perOrganisation) return storeSets(everyStore(), 'null::int');
      const total = ({ checks, catches, conditions }: MonthRollups | DayRollups): RollupRows => ({ checks, catches, where: conditions.join(' and '), customer: 'null::int' });
      return [...(months ? [total(perOrganisation.months(months, 'r', params))] : []), ...edges.map((days) => total(perOrganisation.days(days, 'r', params)))];
    };
    return {
      // A probe per store by the roll-ups' keys, not a read of every store's rows (which EXISTS
      // would plan as a semi-join over all of them; a LIMIT keeps each subquery a probe).
      storesCte: () => {
        const listed = params.add(stores);
        const probes = storeSets('r.store_id = s.id', 's.id').map((rows) => `(select true from ${rows.checks} r where ${rows.where} limit 1)`);
        return `stores as (select s.id from unnest(${listed}::int[]) as s(id) where ${probes.join(' or ')})`;
      },
      columnsSql: () => rollup.columnsSql(filters, params, allRows()),
      statsSql: (keys, storeIds) => {
        const rows = [...storeSets(`r.store_id = any(${storeIds})`, 'r.store_id'), ...allRows()];
        return rollup.statsSql(keys, (select) => rows.map(select).join(' union all '));
      },
    };
  };
}

/** A summary's range as whole Beijing days, or null when a bound falls inside a day (then only the checks can answer). */
function wholeDays(from: string | undefined, to: string | undefined): DayBounds | null {
  const day = (value: string | undefined, time: string) => (value && value.length > 10 ? (value.slice(11) === time ? value.slice(0, 10) : null) : value);
  const bounds = { from: day(from, '00:00:00'), to: day(to, '23:59:59') };
  return bounds.from === null || bounds.to === null ? null : { from: bounds.from, to: bounds.to };
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

export const rateLeaf = { suffix: 'Rate', text: 'positiveRate', value: (stats: KeyStats) => positiveRate(stats.positive, stats.checked) } as const;

const STORE_COLUMNS: readonly { prop: string; text: TableTextId }[] = [
  { prop: 'customerCode', text: 'storeCode' },
  { prop: 'customerName', text: 'storeName' },
];

export async function summaryHeader(db: Queryable, scope: Scope, filters: SummaryFilters, kind: SummaryKind, language: TextLanguage): Promise<TableHeaderNode[]> {
  return headerOf(kind, await columnsOf(db, await checksSource(db, scope, filters, kind)), language);
}

/** A page of store rows, how many stores there are, and the 合计 row over all of them (computed in SQL, not from the page). */
export async function summaryPage(
  db: Queryable,
  scope: Scope,
  body: SummaryPageBody,
  kind: SummaryKind,
  language: TextLanguage,
): Promise<{ header: TableHeaderNode[]; total: number; records: SummaryRow[]; totalRow: SummaryRow }> {
  const source = await checksSource(db, scope, body, kind);
  const columns = await columnsOf(db, source);
  const [total, stores] = await Promise.all([storeCount(db, source), storePage(db, source, body)]);
  const params = new SqlParams();
  const sql = source(params).statsSql(`${params.add(columns.map((c) => c.id))}::int[]`, `${params.add(stores.map((s) => s.id))}::int[]`);
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
    header: headerOf(kind, columns, language),
    total,
    records: stores.map((store) => ({ customerCode: store.customerCode, customerName: store.customerName, ...cells(store.id) })),
    totalRow: { customerCode: tableText('total', language), customerName: null, ...cells(null) },
  };
}

/** The store columns and the groups' leaves in `language`; the groups by their keys' names (pests, device types) as typed. */
function headerOf(kind: SummaryKind, columns: Column[], language: TextLanguage): TableHeaderNode[] {
  return [
    ...STORE_COLUMNS.map(({ prop, text }) => ({ prop, name: tableText(text, language) })),
    ...columns.map((column) => ({
      prop: `${kind.prefix}${column.id}`,
      name: column.name,
      child: kind.leaves.map((leaf) => ({ prop: `${kind.prefix}${column.id}${leaf.suffix}`, name: tableText(leaf.text, language) })),
    })),
  ];
}

function columnsOf(db: Queryable, source: Source): Promise<Column[]> {
  const params = new SqlParams();
  return db.query<Column>(source(params).columnsSql(), params.values);
}

async function storeCount(db: Queryable, source: Source): Promise<number> {
  const params = new SqlParams();
  const [row] = await db.query<{ total: number }>(`with ${source(params).storesCte()} select count(*) as total from stores`, params.values);
  return row!.total;
}

/** The stores with point checks under the filters, by store code. */
function storePage(db: Queryable, source: Source, { current, size }: Pick<SummaryPageBody, 'current' | 'size'>): Promise<Store[]> {
  const params = new SqlParams();
  return db.query<Store>(
    `with ${source(params).storesCte()}
     select s.id, s.code as "customerCode", s.name as "customerName"
     from customers s where s.id in (select id from stores)
     order by s.code, s.id
     limit ${params.add(size)} offset ${params.add((current - 1) * size)}`,
    params.values,
  );
}
