import { chartPeriodKeys, ChartMessages, grainOf, type DayBounds, type PointTrend, type PointTrendBody, type PointTrendDetails, type PointTrendDetailsBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';
import { overDays, rollupConditions, rollupDay, type MonthRange } from '../common/service-rollups.ts';
import { catchesJoin, chartChecksCte, periodSql, positiveCheckSql, requestDayBounds } from './chart-filters.ts';

interface PointName {
  id: number;
  label: string;
  storeId: number;
  storeName: string;
}

/** Screen 1, chart 1: positive checks per point and period, for the points positive at least once. */
export async function pointTrend(db: Queryable, scope: Scope, body: PointTrendBody): Promise<PointTrend> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const grain = grainOf(body.type, body.quarterType);
  const params = new SqlParams();
  // Periods with any check come first (pointId null), so occurrence keys include clean visits.
  const fromChecks = (days: DayBounds) => `with ${chartChecksCte(scope, body, days, params)}
    select distinct null::int as point_id, ${periodSql(grain, 'ch.day')} as key, 0 as count from checks ch
    union all
    select ch.point_id, ${periodSql(grain, 'ch.day')}, count(*) from checks ch where ${positiveCheckSql('ch', body, params)} group by 1, 2`;
  // Positive checks per point are rolled up for any pest and per pest: several pests asked for
  // would count a check that caught two of them twice, so those read the checks.
  const pestId = body.petIds?.[0];
  const fromRollups = (months: MonthRange) => {
    const key = periodSql(grain, rollupDay('r'));
    return `select distinct null::int as point_id, ${key} as key, 0 as count
      from service_check_months r where ${rollupConditions(scope, body, months, 'r', params).join(' and ')}
      union all
      select r.point_id, ${key}, sum(r.positive)
      from ${pestId === undefined ? 'service_point_positive_months' : 'service_point_catch_months'} r join points pt on pt.id = r.point_id
      where ${[
        ...rollupConditions(scope, body, months, 'r', params, 'pt.device_type_id'),
        ...(pestId === undefined ? [] : [`r.pest_id = ${params.add(pestId)}`]),
      ].join(' and ')} group by 1, 2`;
  };
  const parts = (body.petIds?.length ?? 0) > 1 ? fromChecks(bounds) : await overDays(body, grain, bounds, fromRollups, fromChecks);
  const rows = await db.query<{ pointId: number | null; key: string; count: number }>(
    `select point_id as "pointId", key, sum(count) as count from (${parts}) p group by 1, 2`,
    params.values,
  );
  const keyList = chartPeriodKeys(grain, bounds, rows.map((row) => row.key));
  const column = new Map(keyList.map((k, i) => [k, i]));
  const counts = new Map<number, number[]>();
  for (const row of rows) {
    if (row.pointId === null) continue;
    const list = counts.get(row.pointId) ?? counts.set(row.pointId, keyList.map(() => 0)).get(row.pointId)!;
    list[column.get(row.key)!] = row.count;
  }
  const names = await pointNames(db, [...counts.keys()]);
  const severalStores = new Set(names.map((point) => point.storeId)).size > 1;
  const total = (list: number[]) => list.reduce((sum, n) => sum + n, 0);
  const valueList = names
    .map((point) => ({
      name: severalStores ? `${point.storeName} ${point.label}` : point.label,
      numberList: counts.get(point.id)!,
      pointIds: [point.id],
    }))
    .sort((a, b) => total(b.numberList) - total(a.numberList) || a.name.localeCompare(b.name, 'zh-CN'));
  return { keyList, valueList };
}

/** Screen 1, chart 2 (and singleTrend): individuals caught at one point per period it was checked in. */
export async function pointTrendDetails(db: Queryable, scope: Scope, body: PointTrendDetailsBody): Promise<PointTrendDetails> {
  const bounds = requestDayBounds(body.startTime, body.endTime);
  const point = await visiblePoint(db, scope, body.pointId);
  const grain = grainOf(body.type);
  const params = new SqlParams();
  const rows = await db.query<{ key: string; amount: number }>(
    `with ${chartChecksCte(scope, { ...body, pointIds: [body.pointId] }, bounds, params)}
     select ${periodSql(grain, 'ch.day')} as key, coalesce(sum(v.value), 0) as amount
     from checks ch ${catchesJoin(body, params, 'left join')}
     group by 1 order by 1`,
    params.values,
  );
  return { nameList: rows.map((row) => row.key), numberList: rows.map((row) => row.amount), pointName: point.label };
}

async function visiblePoint(db: Queryable, scope: Scope, pointId: number): Promise<PointName> {
  const params = new SqlParams();
  const [found] = await db.query<{ id: number }>(
    `select pt.id from points pt where pt.id = ${params.add(pointId)} and ${inScope(scope, 'pt.customer_id', params)}`,
    params.values,
  );
  if (!found) throw new ApiError(400, ChartMessages.pointNotFound);
  return (await pointNames(db, [pointId]))[0]!;
}

/** Points as the filter form names them (粘鼠板 A-012), with their store. */
async function pointNames(db: Queryable, ids: number[]): Promise<PointName[]> {
  if (ids.length === 0) return [];
  return db.query<PointName>(
    `select pt.id, dt.name || ' ' || pt.code as label, s.id as "storeId", s.name as "storeName"
     from points pt join device_types dt on dt.id = pt.device_type_id join customers s on s.id = pt.customer_id
     where pt.id = any($1::int[])`,
    [ids],
  );
}
