import {
  chartPeriodKeys,
  grainOf,
  type Pests,
  type PestsBody,
  type PestWorkBody,
  type PestWorkItem,
  type RegionPests,
  type RegionPestsBody,
  type YearPests,
  type YearPestsBody,
} from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';
import { checkRollups, lazyCheckRollups, monthConditions, overDays, rollupDay, rollupDayOfDay, type DayRollups, type MonthRange, type MonthRollups } from '../common/service-rollups.ts';
import { pestCondition, selectedStores } from '../common/summary-filters.ts';
import { catchesJoin, chartChecksCte, periodSql, requestDayBounds, topRegionSql, type StoreChartFilters } from './chart-filters.ts';

/**
 * Individuals caught (the sum of the sheets' catch cells) cut by period, region or pest: the
 * yearly dashboard's three drill-down charts (screen 2) and the store pest page (screen 9).
 */

/** Chart 1 of screen 2: individuals caught per period; periods with checks but no catch are 0. */
export async function yearPests(db: Queryable, scope: Scope, body: YearPestsBody): Promise<YearPests> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const grain = grainOf(body.type);
  const params = new SqlParams();
  const rollups = lazyCheckRollups(db, scope, body);
  // The periods with checks, and the individuals caught in each, over a roll-up's rows of a month or a day.
  const fromRollups = ({ checks, catches, conditions }: MonthRollups | DayRollups, period: 'month' | 'day') =>
    `with checked as (
        select distinct r.${period} from ${checks} r where ${conditions.join(' and ')}
      ),
      caught as (
        select r.${period}, sum(r.caught) as caught from ${catches} r
        where ${[...conditions, pestCondition('r', body, params)].join(' and ')} group by 1
      )
      select ${periodSql(grain, period === 'month' ? rollupDay('ch') : rollupDayOfDay('ch'))} as key, coalesce(sum(c.caught), 0) as amount
      from checked ch left join caught c on c.${period} = ch.${period} group by 1`;
  const parts = await overDays(
    body,
    grain,
    bounds,
    async (months) => fromRollups((await rollups()).months(months, 'r', params), 'month'),
    (days) => `with ${chartChecksCte(scope, body, days, params)}
      select ${periodSql(grain, 'ch.day')} as key, coalesce(sum(v.value), 0) as amount
      from checks ch ${catchesJoin(body, params, 'left join')} group by 1`,
    async (days) => fromRollups((await rollups()).days(days, 'r', params), 'day'),
  );
  const rows = await db.query<{ key: string; amount: number }>(`select key, sum(amount) as amount from (${parts}) p group by key`, params.values);
  const amounts = new Map(rows.map((row) => [row.key, row.amount]));
  const keyList = chartPeriodKeys(grain, bounds, amounts.keys());
  return { keyList, numberList: keyList.map((key) => amounts.get(key) ?? 0) };
}

/** Chart 2 of screen 2: individuals caught per top-level region (merged by name), most first. */
export async function regionPests(db: Queryable, scope: Scope, body: RegionPestsBody): Promise<RegionPests> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const params = new SqlParams();
  const parts = await overDays(
    body,
    'month',
    bounds,
    async (months) => `select ${TOP_REGION} as region_id, r.caught as value from ${await pointCatches(db, scope, body, months, params)}`,
    (days) => `with ${chartChecksCte(scope, body, days, params)} select ${topRegionSql('ch.region_id')} as region_id, v.value from checks ch ${catchesJoin(body, params)}`,
  );
  // Summed per region before the names are joined: a few dozen regions, not a row per catch.
  const rows = await db.query<{ name: string; amount: number; ids: number[] }>(
    `with caught as (select region_id, sum(value) as value from (${parts}) p group by 1)
     select r.name, sum(c.value) as amount, array_agg(distinct r.id order by r.id) as ids
     from caught c join service_regions r on r.id = c.region_id
     group by r.name order by amount desc, r.name`,
    params.values,
  );
  return { nameList: rows.map((row) => row.name), numberList: rows.map((row) => row.amount), regionIdsList: rows.map((row) => row.ids) };
}

/** Chart 3 of screen 2: individuals caught per pest, most first. */
export async function pestCounts(db: Queryable, scope: Scope, body: PestsBody): Promise<Pests> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const params = new SqlParams();
  const rollups = lazyCheckRollups(db, scope, body);
  const caught = ({ catches, conditions }: MonthRollups | DayRollups) =>
    `select r.pest_id, r.caught as value from ${catches} r where ${[...conditions, pestCondition('r', body, params)].join(' and ')}`;
  const parts = await overDays(
    body,
    'month',
    bounds,
    async (months) => caught((await rollups()).months(months, 'r', params)),
    (days) => `with ${chartChecksCte(scope, body, days, params)} select v.pest_id, v.value from checks ch ${catchesJoin(body, params)}`,
    async (days) => caught((await rollups()).days(days, 'r', params)),
  );
  const rows = await db.query<{ id: number; name: string; amount: number }>(
    `select p.id, p.name, sum(c.value) as amount
     from (${parts}) c join pests p on p.id = c.pest_id
     group by p.id, p.name order by amount desc, p.id`,
    params.values,
  );
  return { nameList: rows.map((row) => row.name), numberList: rows.map((row) => row.amount), petIds: rows.map((row) => row.id) };
}

/**
 * SQL after `from`: the catches per point, pest and month (`r`, migration 180) of the points (`pt`)
 * under the filters over `months`, of the pests asked for, with the point's region (`sr`; its top
 * level is TOP_REGION) and `joins` before the conditions. The stores are looked up first: a
 * subquery on their paths had the planner read every store's rows.
 */
async function pointCatches(db: Queryable, scope: Scope, filters: StoreChartFilters, months: MonthRange, params: SqlParams, joins = ''): Promise<string> {
  const stores = params.add(await selectedStores(db, scope, filters));
  const conditions = [
    `r.store_id = any(${stores}::int[])`,
    // The same stores' points (a point is its store's), so the planner reads them by the store too.
    `pt.customer_id = any(${stores}::int[])`,
    ...monthConditions(filters, months, 'r', params, 'pt.device_type_id'),
    pestCondition('r', filters, params),
  ];
  return `service_point_catch_months r join points pt on pt.id = r.point_id join service_regions sr on sr.id = pt.region_id ${joins}
    where ${conditions.join(' and ')}`;
}

/** SQL: the top-level region of the point's region `sr` (regions are two levels deep). */
const TOP_REGION = 'coalesce(sr.parent_id, sr.id)';

/**
 * Screen 9: per pest (asked for, or caught), individuals caught per period and per top-level
 * region (merged by name). A pest asked for but never caught keeps its charts, all zeros and no
 * slices, so the page shows it was looked for.
 */
export async function pestWork(db: Queryable, scope: Scope, body: PestWorkBody): Promise<PestWorkItem[]> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const grain = grainOf(body.type);
  const params = new SqlParams();
  // Rows (kind, pest, key, amount): the periods checked (no pest), the catches per pest and period,
  // and per pest and top-level region.
  const parts = await overDays(
    body,
    grain,
    bounds,
    async (months) => {
      const rollups = (await checkRollups(db, scope, body)).months(months, 'r', params);
      const key = periodSql(grain, rollupDay('r'));
      return `select distinct 'period' as kind, null::int as pest_id, ${key} as key, 0 as amount from ${rollups.checks} r where ${rollups.conditions.join(' and ')}
        union all
        select 'period', r.pest_id, ${key}, r.caught from ${rollups.catches} r where ${[...rollups.conditions, pestCondition('r', body, params)].join(' and ')}
        union all
        select 'region', r.pest_id, rg.name, r.caught
        from ${await pointCatches(db, scope, body, months, params, `join service_regions rg on rg.id = ${TOP_REGION}`)}`;
    },
    (days) => `with ${chartChecksCte(scope, body, days, params)},
      caught as (select ch.day, ch.region_id, v.pest_id, v.value from checks ch ${catchesJoin(body, params)})
      select distinct 'period' as kind, null::int as pest_id, ${periodSql(grain, 'ch.day')} as key, 0 as amount from checks ch
      union all
      select 'period', c.pest_id, ${periodSql(grain, 'c.day')}, c.value from caught c
      union all
      select 'region', c.pest_id, r.name, c.value from caught c join service_regions r on r.id = ${topRegionSql('c.region_id')}`,
  );
  const rows = await db.query<{ kind: 'period' | 'region'; pestId: number | null; key: string; amount: number }>(
    `select kind, pest_id as "pestId", key, sum(amount) as amount from (${parts}) p group by 1, 2, 3`,
    params.values,
  );
  const timeList = chartPeriodKeys(grain, bounds, rows.filter((row) => row.kind === 'period').map((row) => row.key));
  const caughtIds = new Set(rows.flatMap((row) => (row.pestId === null ? [] : [row.pestId])));
  const pestIds = body.petIds?.length ? body.petIds : [...caughtIds];
  const pests = await db.query<{ id: number; name: string }>('select id, name from pests where id = any($1::int[]) order by id', [pestIds]);
  return pests.map((pest) => {
    const mine = rows.filter((row) => row.pestId === pest.id);
    const byPeriod = new Map(mine.filter((row) => row.kind === 'period').map((row) => [row.key, row.amount]));
    const regions = mine.filter((row) => row.kind === 'region').sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key, 'zh-CN'));
    return {
      name: pest.name,
      petId: pest.id,
      timeList,
      valueList: timeList.map((key) => byPeriod.get(key) ?? 0),
      nameList: regions.map((row) => row.key),
      numberList: regions.map((row) => row.amount),
    };
  });
}
