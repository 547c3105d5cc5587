import { DevicePaths, type DevicePlacement, type PlacementPoint } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { FLOOR_PLAN, floorPlanWings, type Wing } from '../db/seed/floor-plans.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** Path of a floor plan image, `${FLOOR_PLAN_PATH}/{token}.svg`, handed out as a signed link. */
export const FLOOR_PLAN_PATH = DevicePaths.detail.replace(/\/[^/]+$/, '/floorPlan');

/**
 * Where a device is drawn: its plan's floor plan, its point and every point of that plan. Null
 * when the device is unknown, outside the scope, or placed nowhere.
 */
export async function devicePlacement(db: Queryable, scope: Scope, deviceId: number): Promise<DevicePlacement | null> {
  const params = new SqlParams();
  const [own] = await db.query<{ planId: number; x: number; y: number; serveCode: string; token: string }>(
    `select p.plan_id as "planId", p.x, p.y, p.code as "serveCode", f.token
     from points p
     join devices d on d.id = p.device_id
     join floor_plans f on f.plan_id = p.plan_id
     where p.device_id = ${params.add(deviceId)} and ${inScope(scope, 'd.customer_id', params)}`,
    params.values,
  );
  if (!own) return null;
  const points = await db.query<PlacementPoint>(
    `select p.id, p.device_id as "deviceId", p.code as "serveCode", p.x, p.y, d.status, d.name as "deviceName"
     from points p left join devices d on d.id = p.device_id
     where p.plan_id = $1
     order by p.code`,
    [own.planId],
  );
  return {
    url: `${FLOOR_PLAN_PATH}/${own.token}.svg`,
    width: FLOOR_PLAN.width,
    height: FLOOR_PLAN.height,
    x: own.x,
    y: own.y,
    serveCode: own.serveCode,
    points,
  };
}

export interface FloorPlan {
  storeName: string;
  planName: string;
  wings: Wing[];
}

/** The floor plan a token names, if its store is in `scope`; null when there is none. */
export async function findFloorPlan(db: Queryable, token: string, scope: Scope): Promise<FloorPlan | null> {
  const params = new SqlParams();
  const rows = await db.query<{ storeName: string; planName: string; topId: number; topName: string; subId: number; subName: string }>(
    `select s.name as "storeName", plan.name as "planName", top.id as "topId", top.name as "topName", sub.id as "subId", sub.name as "subName"
     from floor_plans f
     join service_plans plan on plan.id = f.plan_id
     join customers s on s.id = plan.customer_id
     join service_regions top on top.plan_id = plan.id and top.level = 1
     join service_regions sub on sub.parent_id = top.id
     where f.token = ${params.add(token)} and ${inScope(scope, 'plan.customer_id', params)}
     order by top.id, sub.id`,
    params.values,
  );
  if (rows.length === 0) return null;
  const tops = new Map<number, { regionId: number; name: string; subAreas: { regionId: number; name: string }[] }>();
  for (const row of rows) {
    const top = tops.get(row.topId) ?? { regionId: row.topId, name: row.topName, subAreas: [] };
    top.subAreas.push({ regionId: row.subId, name: row.subName });
    tops.set(row.topId, top);
  }
  return { storeName: rows[0]!.storeName, planName: rows[0]!.planName, wings: floorPlanWings([...tops.values()]) };
}
