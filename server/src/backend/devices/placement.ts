import { DevicePaths, type DevicePlacement, type PlacementPoint, type PlanFloorPlan, type PlanTextBox } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { FLOOR_PLAN, floorPlanWings, type Wing } from './floor-plan-layout.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import { floorPlanTexts } from './floor-plan-texts.ts';

/** Path of a floor plan image, `${FLOOR_PLAN_PATH}/{token}.svg`, handed out as a signed link. */
export const FLOOR_PLAN_PATH = DevicePaths.detail.replace(/\/[^/]+$/, '/floorPlan');

/** The wings and rooms of a plan's floor plan: its top-level regions and their sub-areas. */
export async function planWings(db: Queryable, planId: number): Promise<Wing[]> {
  const rows = await db.query<{ topId: number; topName: string; subId: number; subName: string }>(
    `select top.id as "topId", top.name as "topName", sub.id as "subId", sub.name as "subName"
     from service_regions top
     join service_regions sub on sub.parent_id = top.id
     where top.plan_id = $1 and top.level = 1
     order by top.id, sub.id`,
    [planId],
  );
  const tops = new Map<number, { regionId: number; name: string; subAreas: { regionId: number; name: string }[] }>();
  for (const row of rows) {
    const top = tops.get(row.topId) ?? { regionId: row.topId, name: row.topName, subAreas: [] };
    top.subAreas.push({ regionId: row.subId, name: row.subName });
    tops.set(row.topId, top);
  }
  return floorPlanWings([...tops.values()]);
}

/** A plan's floor plan in scope, for placing its points (服务配置): the image and where it prints its texts; null when out of scope. */
export async function planFloorPlan(db: Queryable, scope: Scope, planId: number): Promise<PlanFloorPlan | null> {
  const params = new SqlParams();
  const [plan] = await db.query<{ token: string; imagePath: string | null }>(
    `select f.token, f.image_path as "imagePath" from floor_plans f join service_plans p on p.id = f.plan_id
     where f.plan_id = ${params.add(planId)} and ${inScope(scope, 'p.customer_id', params)}`,
    params.values,
  );
  if (!plan) return null;
  return { ...(await floorPlanImage(db, planId, plan)), width: FLOOR_PLAN.width, height: FLOOR_PLAN.height, uploaded: plan.imagePath !== null };
}

/**
 * What a plan's floor plan shows: its uploaded image (drawn in the 800×650 frame, its own texts
 * unknown), or the drawing of its regions with where that prints their names.
 */
async function floorPlanImage(db: Queryable, planId: number, plan: { token: string; imagePath: string | null }): Promise<{ url: string; texts: PlanTextBox[] }> {
  if (plan.imagePath) return { url: plan.imagePath, texts: [] };
  const texts = floorPlanTexts(await planWings(db, planId)).map(({ text, x, y, width, height }) => ({ text, x, y, width, height }));
  return { url: `${FLOOR_PLAN_PATH}/${plan.token}.svg`, texts };
}

/**
 * Where a device is drawn: its plan's floor plan, its point, every point of that plan and where
 * the image prints its texts (room and wing names), which the map's labels keep off. Null
 * when the device is unknown, outside the scope, or placed nowhere.
 */
export async function devicePlacement(db: Queryable, scope: Scope, deviceId: number): Promise<DevicePlacement | null> {
  const params = new SqlParams();
  const [own] = await db.query<{ planId: number; x: number; y: number; serveCode: string; token: string; imagePath: string | null }>(
    `select p.plan_id as "planId", p.x, p.y, p.code as "serveCode", f.token, f.image_path as "imagePath"
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
    ...(await floorPlanImage(db, own.planId, own)),
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
  const [plan] = await db.query<{ planId: number; storeName: string; planName: string }>(
    `select plan.id as "planId", s.name as "storeName", plan.name as "planName"
     from floor_plans f
     join service_plans plan on plan.id = f.plan_id
     join customers s on s.id = plan.customer_id
     where f.token = ${params.add(token)} and ${inScope(scope, 'plan.customer_id', params)}`,
    params.values,
  );
  if (!plan) return null;
  return { storeName: plan.storeName, planName: plan.planName, wings: await planWings(db, plan.planId) };
}
