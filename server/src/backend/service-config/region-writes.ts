import { SERVICE_REGION_MAX_LEVEL, ServiceConfigMessages, guessedRegionType, serviceRegionProblem, type ServiceRegionSaveBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { keptPlan, lockedPlanRecord, refusedIfReferenced } from './config-access.ts';

interface RegionRow {
  planId: number;
  level: number;
  regionType: string;
}

const REGION_COLUMNS = 'level, region_type as "regionType"';

interface Place {
  level: number;
  /** A top region's type is chosen; below one it is the top's. */
  regionType: string | null;
}

/** Where a region goes under `parentId` in `planId`, checked: the parent is the plan's, and not the region itself or below it. */
async function placeUnder(tx: Queryable, planId: number, parentId: number | null, movingId?: number): Promise<Place> {
  if (parentId === null) return { level: 1, regionType: null };
  const [parent] = await tx.query<{ planId: number; level: number; regionType: string; ancestors: number[] }>(
    `with recursive up as (
       select id, parent_id, plan_id, level from service_regions where id = $1
       union all select r.id, r.parent_id, r.plan_id, r.level from service_regions r join up on r.id = up.parent_id
     )
     select (select plan_id from up where id = $1) as "planId", (select level from up where id = $1) as level,
            (select region_type from service_regions where id = $1) as "regionType", array(select id from up) as ancestors`,
    [parentId],
  );
  if (!parent?.planId || parent.planId !== planId) throw new ApiError(400, ServiceConfigMessages.regionParentElsewhere);
  if (movingId !== undefined && parent.ancestors.includes(movingId)) throw new ApiError(400, ServiceConfigMessages.regionParentIsSelf);
  return { level: parent.level + 1, regionType: parent.regionType };
}

/** The subtree of `id` (itself included), as SQL for `in (...)`. */
const SUBTREE = `with recursive down as (
    select id from service_regions where id = $1
    union all select r.id from service_regions r join down on r.parent_id = down.id
  ) select id from down`;

/** How many levels a region's subtree spans below it (0 for a leaf). */
async function depthBelow(tx: Queryable, id: number): Promise<number> {
  const [row] = await tx.query<{ depth: number }>(
    `with recursive down as (
       select id, 0 as depth from service_regions where id = $1
       union all select r.id, down.depth + 1 from service_regions r join down on r.parent_id = down.id
     ) select max(depth)::int as depth from down`,
    [id],
  );
  return row?.depth ?? 0;
}

/** Adds a region (no id) or renames or moves one within its plan; answers its id. */
export async function saveRegion(tx: Queryable, scope: Scope, body: ServiceRegionSaveBody): Promise<number> {
  const problem = serviceRegionProblem(body);
  if (problem) throw new ApiError(400, problem);
  const name = body.name.trim();
  if (body.id === undefined) {
    await keptPlan(tx, scope, body.planId);
    const place = await placeUnder(tx, body.planId, body.parentId);
    if (place.level > SERVICE_REGION_MAX_LEVEL) throw new ApiError(400, ServiceConfigMessages.regionTooDeep);
    const [region] = await tx.query<{ id: number }>(
      'insert into service_regions (plan_id, parent_id, name, level, region_type) values ($1, $2, $3, $4, $5) returning id',
      [body.planId, body.parentId, name, place.level, place.regionType ?? body.regionType ?? guessedRegionType(name)],
    );
    return region!.id;
  }
  const region = await lockedPlanRecord<RegionRow>(tx, scope, 'service_regions', body.id, body.version, REGION_COLUMNS, ServiceConfigMessages.regionNotFound);
  if (region.planId !== body.planId) throw new ApiError(400, ServiceConfigMessages.planChangeForbidden);
  const place = await placeUnder(tx, body.planId, body.parentId, body.id);
  if (place.level + (await depthBelow(tx, body.id)) > SERVICE_REGION_MAX_LEVEL) throw new ApiError(400, ServiceConfigMessages.regionTooDeep);
  // The region and its subtree shift by the same number of levels, and take the type of the top they are under now.
  const regionType = place.regionType ?? body.regionType ?? region.regionType;
  await tx.query(`update service_regions set level = level + $2, region_type = $3 where id in (${SUBTREE})`, [body.id, place.level - region.level, regionType]);
  await tx.query('update service_regions set parent_id = $2, name = $3, version = version + 1 where id = $1', [body.id, body.parentId, name]);
  return body.id;
}

/** Deletes a region nothing hangs off: no sub-region, no point, no record of a visit. */
export async function deleteRegion(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  await lockedPlanRecord<RegionRow>(tx, scope, 'service_regions', id, version, REGION_COLUMNS, ServiceConfigMessages.regionNotFound);
  if ((await tx.query('select 1 from service_regions where parent_id = $1 limit 1', [id])).length > 0) throw new ApiError(400, ServiceConfigMessages.regionHasChildren);
  if ((await tx.query('select 1 from points where region_id = $1 limit 1', [id])).length > 0) throw new ApiError(400, ServiceConfigMessages.regionHasPoints);
  const history = await tx.query(
    `select 1 from risks where region_id = $1
     union all select 1 from job_order_materials where region_id = $1 limit 1`,
    [id],
  );
  if (history.length > 0) throw new ApiError(400, ServiceConfigMessages.regionHasHistory);
  await refusedIfReferenced(() => tx.query('delete from service_regions where id = $1', [id]), ServiceConfigMessages.regionHasHistory);
}
