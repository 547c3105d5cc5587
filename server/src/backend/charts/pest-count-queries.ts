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
import { monthRollups, rollupDay, rollupMonths } from '../common/service-rollups.ts';
import { pestCondition } from '../common/summary-filters.ts';
import { catchesJoin, chartChecksCte, periodSql, requestDayBounds, topRegionSql } from './chart-filters.ts';

/**
 * Individuals caught (the sum of the sheets' catch cells) cut by period, region or pest: the
 * yearly dashboard's three drill-down charts (screen 2) and the store pest page (screen 9).
 */

/** Chart 1 of screen 2: individuals caught per period; periods with checks but no catch are 0. */
export async function yearPests(db: Queryable, scope: Scope, body: YearPestsBody): Promise<YearPests> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const grain = grainOf(body.type);
  const params = new SqlParams();
  const months = rollupMonths(body, grain, bounds);
  const rollups = months && (await monthRollups(db, scope, body, months))('r', params);
  const rows = await db.query<{ key: string; amount: number }>(
    rollups
      ? `with checked as (
           select distinct r.month from ${rollups.checks} r where ${rollups.conditions.join(' and ')}
         ),
         caught as (
           select r.month, sum(r.caught) as caught from ${rollups.catches} r
           where ${[...rollups.conditions, pestCondition('r', body, params)].join(' and ')} group by 1
         )
         select ${periodSql(grain, rollupDay('ch'))} as key, coalesce(sum(c.caught), 0) as amount
         from checked ch left join caught c on c.month = ch.month group by 1`
      : `with ${chartChecksCte(scope, body, bounds, params)}
         select ${periodSql(grain, 'ch.day')} as key, coalesce(sum(v.value), 0) as amount
         from checks ch ${catchesJoin(body, params, 'left join')} group by 1`,
    params.values,
  );
  const amounts = new Map(rows.map((row) => [row.key, row.amount]));
  const keyList = chartPeriodKeys(grain, bounds, amounts.keys());
  return { keyList, numberList: keyList.map((key) => amounts.get(key) ?? 0) };
}

/** Chart 2 of screen 2: individuals caught per top-level region (merged by name), most first. */
export async function regionPests(db: Queryable, scope: Scope, body: RegionPestsBody): Promise<RegionPests> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const params = new SqlParams();
  const rows = await db.query<{ name: string; amount: number; ids: number[] }>(
    `with ${chartChecksCte(scope, body, bounds, params)},
     caught as (select ${topRegionSql('ch.region_id')} as region_id, v.value from checks ch ${catchesJoin(body, params)})
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
  const months = rollupMonths(body, 'month', bounds);
  const rollups = months && (await monthRollups(db, scope, body, months))('r', params);
  const rows = await db.query<{ id: number; name: string; amount: number }>(
    rollups
      ? `select p.id, p.name, sum(r.caught) as amount
         from ${rollups.catches} r join pests p on p.id = r.pest_id
         where ${[...rollups.conditions, pestCondition('r', body, params)].join(' and ')}
         group by p.id, p.name order by amount desc, p.id`
      : `with ${chartChecksCte(scope, body, bounds, params)}
         select p.id, p.name, sum(v.value) as amount
         from checks ch ${catchesJoin(body, params)} join pests p on p.id = v.pest_id
         group by p.id, p.name order by amount desc, p.id`,
    params.values,
  );
  return { nameList: rows.map((row) => row.name), numberList: rows.map((row) => row.amount), petIds: rows.map((row) => row.id) };
}

/**
 * Screen 9: per pest (asked for, or caught), individuals caught per period and per top-level
 * region (merged by name). A pest asked for but never caught keeps its charts, all zeros and no
 * slices, so the page shows it was looked for.
 */
export async function pestWork(db: Queryable, scope: Scope, body: PestWorkBody): Promise<PestWorkItem[]> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const grain = grainOf(body.type);
  const params = new SqlParams();
  const rows = await db.query<{ kind: 'period' | 'region'; pestId: number | null; key: string; amount: number }>(
    `with ${chartChecksCte(scope, body, bounds, params)},
     caught as (select ch.day, ch.region_id, v.pest_id, v.value from checks ch ${catchesJoin(body, params)})
     select distinct 'period' as kind, null::int as "pestId", ${periodSql(grain, 'ch.day')} as key, 0 as amount from checks ch
     union all
     select 'period', c.pest_id, ${periodSql(grain, 'c.day')}, sum(c.value) from caught c group by 2, 3
     union all
     select 'region', c.pest_id, r.name, sum(c.value) from caught c join service_regions r on r.id = ${topRegionSql('c.region_id')} group by 2, 3`,
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
