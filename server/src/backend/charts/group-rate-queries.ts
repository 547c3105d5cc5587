import {
  ChartBasis,
  ChartCustomerType,
  chartPeriodKeys,
  comparedIds,
  ChartRiskBasis,
  ChartWorkType,
  grainOf,
  positiveRatePercent,
  workTypeOf,
  type DayBounds,
  type GroupPestRateBody,
  type GroupRateChart,
  type GroupRiskRateBody,
  type PeriodGrain,
} from '@pest/shared';
import { storeConditions } from '../common/store-filters.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { DeviceCondition, Metric } from '../common/check-vocabulary.ts';
import { sqlTimeRange } from '../common/service-time.ts';
import { inScope, type Scope } from '../scope.ts';
import { dayConditions, monthConditions, organisationRollups, overDays, rollupDay, rollupDayOfDay, type DayRange, type MonthRange } from '../common/service-rollups.ts';
import { periodSql, requestDayBounds, SERVICE_DAY } from './chart-filters.ts';

/** Per compared store/area (idx, 1-based), period key and item (a pest id or a risk name; null for the periods themselves). */
interface Cell {
  idx: number | null;
  key: string;
  item: string | null;
  checked: number;
  positive: number;
}

/** A range of visit days, and the key its cells go under (null: each period's own, in a trend). */
interface Range {
  key: string | null;
  bounds: DayBounds;
}

interface Series {
  idx: number;
  name: string;
}

/**
 * Screen 8: positive rates of pests (positive checks of the pest over checks of device types
 * that can catch it) or of risks (finished visits that raised it over finished visits), per
 * compared store or sales area, over the periods of a trend or the two of a comparison. The
 * route has refused a body the form's rules refuse (ScreenFilterForms.positiveRate).
 */
export async function groupRates(db: Queryable, scope: Scope, body: GroupPestRateBody | GroupRiskRateBody, basis: ChartBasis): Promise<GroupRateChart[]> {
  const grain = grainOf(body.timeType);
  const current = requestDayBounds(body.startTime, body.endTime);
  const ranges: Range[] = comparesTwoPeriods(body)
    ? [current, requestDayBounds(body.comparisonStartTime, body.comparisonEndTime)].map((bounds) => ({ key: `${bounds.from}~${bounds.to}`, bounds }))
    : [{ key: null, bounds: current }];

  const series = await comparedSeries(db, scope, body);
  if (series.length === 0) return [];
  const byCustomer = body.customerType === ChartCustomerType.customer;
  const risk = basis === ChartBasis.risk ? await riskChoice(db, body as GroupRiskRateBody) : null;
  /** SQL: a `visits` CTE of the visits of the compared series over these ranges, with their period keys. */
  const visitsCte = (parts: Range[], params: SqlParams) => {
    const visits = parts.map(({ key, bounds }) => {
      const conditions = [
        inScope(scope, 'j.customer_id', params),
        byCustomer ? 's.id = any(st.path)' : 'st.area_id = s.id',
        ...storeConditions('st', { provinceId: body.provinceId, cityId: body.cityId, districtId: body.districtId, contactNameList: body.contactNameList }, params),
        ...sqlTimeRange('j.started_at', bounds.from, bounds.to, params),
        ...(basis === ChartBasis.risk ? ['j.ended_at is not null'] : []),
      ];
      const keySql = key === null ? periodSql(grain, SERVICE_DAY) : params.add(key);
      return `select s.idx, ${keySql}::text as key, j.id
        from job_orders j join customers st on st.id = j.customer_id
        join unnest(${params.add(series.map((one) => one.id))}::int[]) with ordinality as s(id, idx) on true
        where ${conditions.join(' and ')}`;
    });
    return `with visits as (${visits.join(' union all ')})`;
  };
  const fromVisits: FromVisits = {
    cells: (parts, params) => `${visitsCte(parts, params)} ${risk ? riskCellsSql(risk, params) : pestCellsSql(body as GroupPestRateBody, params)}`,
    // A risk's periods are its finished visits' days, which its roll-ups count; a pest's are every visit's.
    periods: risk ? null : (parts, params) => `${visitsCte(parts, params)} ${VISIT_PERIODS}`,
  };
  const params = new SqlParams();
  const fromRollups = risk
    ? riskCellsFromRollups(scope, body, grain, series, risk, params)
    : await pestCellsFromRollups(db, scope, body as GroupPestRateBody, grain, series, params);
  const cells = await cellsOverDays(db, grain, ranges, fromRollups, fromVisits, params);

  const timeList = ranges[0]!.key === null ? chartPeriodKeys(grain, current, cells.map((cell) => cell.key)) : ranges.map((range) => range.key!);
  const items = risk ? risk.names.map((name) => ({ id: name, name })) : await pestItems(db, body as GroupPestRateBody, cells);
  const find = new Map(cells.map((cell) => [`${cell.idx}|${cell.key}|${cell.item}`, cell]));
  return items.map((item) => ({
    name: item.name,
    nameList: series.map((one) => one.name),
    timeList,
    valueList: series.map((one) => ({
      name: one.name,
      numberList: timeList.map((key) => {
        const cell = find.get(`${one.idx}|${key}|${item.id}`);
        // A risk's denominator is the visits, counted once per store/area and period.
        const checked = basis === ChartBasis.pest ? (cell?.checked ?? 0) : (find.get(`${one.idx}|${key}|null`)?.checked ?? 0);
        return positiveRatePercent(cell?.positive ?? 0, checked);
      }),
    })),
  }));
}

/**
 * A comparison with both periods compares them side by side; a comparison without them (the
 * spec lets a time type stand for them) and a trend draw the periods of the time type.
 */
function comparesTwoPeriods(body: GroupPestRateBody | GroupRiskRateBody): boolean {
  const periods = [body.startTime, body.endTime, body.comparisonStartTime, body.comparisonEndTime];
  return workTypeOf(body) === ChartWorkType.comparison && periods.every(Boolean);
}

/** The stores/groups or sales areas compared, in the order asked, with their 1-based index; customers outside the scope are not found. */
async function comparedSeries(db: Queryable, scope: Scope, body: GroupPestRateBody | GroupRiskRateBody): Promise<(Series & { id: number })[]> {
  const params = new SqlParams();
  const byCustomer = body.customerType === ChartCustomerType.customer;
  const ids = params.add(comparedIds(body));
  const rows = await db.query<{ id: number; name: string; position: number }>(
    byCustomer
      ? `select c.id, c.name, a.position from unnest(${ids}::int[]) with ordinality as a(id, position)
         join customers c on c.id = a.id where ${inScope(scope, 'c.id', params)} order by a.position`
      : `select c.id, c.name, a.position from unnest(${ids}::int[]) with ordinality as a(id, position)
         join sales_areas c on c.id = a.id order by a.position`,
    params.values,
  );
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).map((row, i) => ({ id: row.id, name: row.name, idx: i + 1 }));
}

/** SQL over a `visits` CTE: the periods visited, as cells of no series and no item. */
const VISIT_PERIODS = 'select null::int as idx, key, null::text as item, 0 as checked, 0 as positive from visits group by key';

/** SQL of cells from the visits over some ranges: their cells, and (a pest's) the periods visited. */
interface FromVisits {
  cells: (parts: Range[], params: SqlParams) => string;
  periods: ((parts: Range[], params: SqlParams) => string) | null;
}

/** Cells of pest rates: checks of device types that can catch the pest, and those that caught it. */
function pestCellsSql(body: GroupPestRateBody, params: SqlParams): string {
  const pests = body.petIds?.length ? `and m.pest_id = any(${params.add(body.petIds)}::int[])` : '';
  return `${VISIT_PERIODS}
    union all
    select vi.idx, vi.key, m.pest_id::text, count(*), count(v.value)
    from visits vi
    join point_checks c on c.job_order_id = vi.id and c.condition <> ${DeviceCondition.missing}
    join points pt on pt.id = c.point_id
    join device_type_metrics m on m.device_type_id = pt.device_type_id and m.metric = '${Metric.catch}' ${pests}
    left join point_check_values v on v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = '${Metric.catch}' and v.pest_id = m.pest_id
    group by 1, 2, 3`;
}

/**
 * Cells of pest or risk rates: per range, from the monthly roll-ups for its whole months and from
 * the day roll-ups for the days around them (overDays), added up. By occurrence each day visited
 * is a period: all of a bounded range's days come from the day roll-ups, and a pest's periods
 * from the visits (every visit's day, done or not). From the visits alone when the roll-ups cannot
 * answer it.
 */
async function cellsOverDays(
  db: Queryable,
  grain: PeriodGrain,
  ranges: Range[],
  fromRollups: CellsFromRollups,
  fromVisits: FromVisits,
  params: SqlParams,
): Promise<Cell[]> {
  const parts = await Promise.all(
    ranges.map(({ key, bounds }) => {
      const { from, to } = bounds;
      if (grain === 'occurrence' && from && to) {
        const periods = fromVisits.periods ? [fromVisits.periods([{ key, bounds }], params)] : [];
        return [...periods, fromRollups(key, { days: { from, to } })].map((sql) => `select * from (${sql}) part`).join(' union all ');
      }
      return overDays(
        {},
        grain,
        bounds,
        (months) => fromRollups(key, { months }),
        (days) => fromVisits.cells([{ key, bounds: days }], params),
        (days) => fromRollups(key, { days }),
      );
    }),
  );
  return db.query<Cell>(
    `select idx, key, item, sum(checked) as checked, sum(positive) as positive
     from (${parts.map((sql) => `select * from (${sql}) range_cells`).join(' union all ')}) c group by 1, 2, 3`,
    params.values,
  );
}

/** Whole months or days of a range, as the roll-ups are read. */
type RollupRange = { months: MonthRange } | { days: DayRange };

/** SQL of a range's cells from the roll-ups, under the range's key (null: each period's own). */
type CellsFromRollups = (key: string | null, range: RollupRange) => string;

/**
 * The roll-up rows of the stores of the compared series (`seriesIds`, SQL), in scope and in the
 * places asked for: the compared stores up front, so a few stores read their rows by the key, not
 * the fleet's.
 */
function perStoreRollups(scope: Scope, body: GroupPestRateBody | GroupRiskRateBody, seriesIds: string, params: SqlParams) {
  const byCustomer = body.customerType === ChartCustomerType.customer;
  const storeNarrowing = { provinceId: body.provinceId, cityId: body.cityId, districtId: body.districtId, contactNameList: body.contactNameList };
  return {
    rows: (table: string) => `${table} r join customers st on st.id = r.store_id`,
    series: byCustomer ? 's.id = any(st.path)' : 'st.area_id = s.id',
    conditions: [
      inScope(scope, 'r.store_id', params),
      byCustomer ? `r.store_id in (select id from customers where path && ${seriesIds}::int[])` : `st.area_id = any(${seriesIds}::int[])`,
      ...storeConditions('st', storeNarrowing, params),
    ],
  };
}

/** SQL conditions on the roll-up row `r` of a month or day range. */
const rangeConditions = (range: RollupRange, params: SqlParams) =>
  'months' in range ? monthConditions({}, range.months, 'r', params) : dayConditions({}, range.days, 'r', params);

/** SQL of the period key of a row `alias` with the roll-up's month or day column, or the range's own key. */
function rollupKeySql(key: string | null, grain: PeriodGrain, range: RollupRange, params: SqlParams): (alias: string) => string {
  if (key !== null) {
    const own = `${params.add(key)}::text`;
    return () => own;
  }
  return (alias) => periodSql(grain, 'months' in range ? rollupDay(alias) : rollupDayOfDay(alias));
}

/** The roll-up row `r`'s month or day column, as `rollupKeySql` reads it. */
const periodColumn = (range: RollupRange) => ('months' in range ? 'month' : 'day');

/**
 * SQL of the cells of pest rates from the roll-ups, for a range's key: over whole months from the
 * monthly ones (the periods are then the range's, whatever was visited), over days from the day
 * ones (migrations 190 and 240): checks of the device types that can catch each pest per series and
 * period, and the checks that caught it. Whether to read the rows per store or per organisation
 * and area is decided once (it looks the compared customers up).
 */
async function pestCellsFromRollups(
  db: Queryable,
  scope: Scope,
  body: GroupPestRateBody,
  grain: PeriodGrain,
  series: { id: number; idx: number }[],
  params: SqlParams,
): Promise<CellsFromRollups> {
  const byCustomer = body.customerType === ChartCustomerType.customer;
  const storeNarrowing = { provinceId: body.provinceId, cityId: body.cityId, districtId: body.districtId, contactNameList: body.contactNameList };
  // Rows per store, or per organisation and area when the compared stores are whole
  // organisations' or every store of some areas (months and days alike). Each source adds its parameters
  // when a query uses it (a parameter no query uses has no type for PostgreSQL).
  const organisations = await organisationRollups(db, scope, byCustomer ? series.map((one) => one.id) : null, storeNarrowing);
  const perOrganisation = (conditions: string[]) => ({
    rows: (table: string) => `${table} r`,
    series: byCustomer ? 's.id = r.organisation_id' : 's.id = r.area_id',
    conditions,
  });
  return (key, range) => {
    const seriesIds = params.add(series.map((one) => one.id));
    const pests = body.petIds?.length ? `and m.pest_id = any(${params.add(body.petIds)}::int[])` : '';
    const source = organisations ? perOrganisation(organisations('r', params)) : perStoreRollups(scope, body, seriesIds, params);
    const table = (figures: 'check' | 'catch') => `service_${organisations ? 'organisation_' : ''}${figures}_${'months' in range ? 'months' : 'days'}`;
    // Every sales area over all time is the whole fleet: no condition at all.
    const conditions = ['true', ...source.conditions, ...rangeConditions(range, params)].join(' and ');
    const keyOf = rollupKeySql(key, grain, range, params);
    const period = periodColumn(range);
    // Summed per series, month or day and device type first (ints and dates, cheap to hash: the
    // fleet's year is ~50,000 roll-up rows), then per period key (a few hundred rows), then spread
    // over the pests each device type can catch.
    const figuresOf = (figures: 'check' | 'catch', columns: string[], counted: string) =>
      `select s.idx, r.${period}, ${columns.map((column) => `r.${column}`).join(', ')}, sum(r.${counted}) as n
       from ${source.rows(table(figures))}
       join unnest(${seriesIds}::int[]) with ordinality as s(id, idx) on ${source.series}
       where ${conditions}
       group by ${[1, 2, ...columns.map((_, i) => i + 3)].join(', ')}`;
    return `with checked as (
        select idx, ${keyOf('c')} as key, device_type_id, sum(n) as n from (${figuresOf('check', ['device_type_id'], 'checks')}) c group by 1, 2, 3
      ),
      positive as (
        select idx, ${keyOf('p')} as key, device_type_id, pest_id, sum(n) as n
        from (${figuresOf('catch', ['device_type_id', 'pest_id'], 'positive')}) p group by 1, 2, 3, 4
      )
      select c.idx, c.key, m.pest_id::text as item, sum(c.n) as checked, coalesce(sum(p.n), 0) as positive
      from checked c
      join device_type_metrics m on m.device_type_id = c.device_type_id and m.metric = '${Metric.catch}' ${pests}
      left join positive p on p.idx = c.idx and p.key = c.key and p.device_type_id = c.device_type_id and p.pest_id = m.pest_id
      group by 1, 2, 3`;
  };
}

/**
 * SQL of the cells of risk rates from the visit roll-ups (migration 200), for a range's key: the
 * finished visits per series and period (item null), and those that raised each risk name asked
 * for, by its risk type's name (basis 1) or its issue's (basis 2).
 */
function riskCellsFromRollups(
  scope: Scope,
  body: GroupPestRateBody | GroupRiskRateBody,
  grain: PeriodGrain,
  series: { id: number; idx: number }[],
  risk: RiskChoice,
  params: SqlParams,
): CellsFromRollups {
  const basis = risk.column === 'risk_type_id' ? VisitMark.riskType : VisitMark.issue;
  return (key, range) => {
    const seriesIds = params.add(series.map((one) => one.id));
    const source = perStoreRollups(scope, body, seriesIds, params);
    const marks = `(r.basis = ${VisitMark.visit} or (r.basis = ${basis} and r.name = any(${params.add(risk.names)}::text[])))`;
    const conditions = [...source.conditions, ...rangeConditions(range, params), marks].join(' and ');
    const period = periodColumn(range);
    // Per series, month or day and name first, as the pest cells are; then per period key.
    return `select idx, ${rollupKeySql(key, grain, range, params)('v')} as key, item, sum(checked) as checked, sum(positive) as positive from (
        select s.idx, r.${period}, nullif(r.name, '') as item,
          coalesce(sum(r.visits) filter (where r.basis = ${VisitMark.visit}), 0) as checked,
          coalesce(sum(r.visits) filter (where r.basis <> ${VisitMark.visit}), 0) as positive
        from ${source.rows(`service_visit_${period}s`)}
        join unnest(${seriesIds}::int[]) with ordinality as s(id, idx) on ${source.series}
        where ${conditions}
        group by 1, 2, 3
      ) v group by 1, 2, 3`;
  };
}

/** The marks of a visit in its roll-ups (migration 200): the visit itself, a risk type's name it raised, an issue's. */
const VisitMark = { visit: 0, riskType: 1, issue: 2 } as const;

/** Cells of risk rates: finished visits (item null), and those that raised each risk name. */
function riskCellsSql(names: RiskChoice, params: SqlParams): string {
  return `select idx, key, null::text as item, count(*) as checked, 0 as positive from visits group by 1, 2
    union all
    select vi.idx, vi.key, t.name, 0, count(distinct vi.id)
    from visits vi join risks r on r.job_order_id = vi.id join risk_types t on t.id = r.${names.column}
    where t.name = any(${params.add(names.names)}::text[])
    group by 1, 2, 3`;
}

/** The risk names charted, and the column of a risk that names them. */
interface RiskChoice {
  column: 'risk_type_id' | 'issue_id';
  names: string[];
}

/** The risk names charted, in the order asked: risk types (by name, or by id for their names) or issues. */
async function riskChoice(db: Queryable, body: GroupRiskRateBody): Promise<RiskChoice> {
  if (body.riskType === ChartRiskBasis.byIssue) return { column: 'issue_id', names: [...new Set(body.issueDescNames)] };
  const byId = body.riskTypeIds?.length
    ? (await db.query<{ name: string }>('select name from risk_types where id = any($1::int[]) and parent_id is null order by id', [body.riskTypeIds])).map((row) => row.name)
    : [];
  return { column: 'risk_type_id', names: [...new Set([...(body.riskTypeNames ?? []), ...byId])] };
}

async function pestItems(db: Queryable, body: GroupPestRateBody, cells: Cell[]): Promise<{ id: string; name: string }[]> {
  const ids = body.petIds?.length ? body.petIds : [...new Set(cells.filter((cell) => cell.item !== null && cell.positive > 0).map((cell) => Number(cell.item)))];
  const pests = await db.query<{ id: number; name: string }>('select id, name from pests where id = any($1::int[]) order by id', [ids]);
  return pests.map((pest) => ({ id: String(pest.id), name: pest.name }));
}
