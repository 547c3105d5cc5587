import { OSS_PUBLIC_PATH, ServiceConfigMessages, servicePlanProblem, type FloorPlanImageBody, type ServicePlanSaveBody } from '@pest/shared';
import { isOurImage, storedImagePath } from '../common/our-image.ts';
import { lockForEdit } from '../common/edit-version.ts';
import { insertPlan } from '../common/new-plan.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { keptPlan, keptStore } from './config-access.ts';

async function checkCatalogue(tx: Queryable, body: ServicePlanSaveBody): Promise<number> {
  const pestIds = [...new Set(body.pestIds ?? [])];
  if (pestIds.length > 0) {
    const [known] = await tx.query<{ n: number }>('select count(*)::int as n from pests where id = any($1::int[])', [pestIds]);
    if (known!.n !== pestIds.length) throw new ApiError(400, ServiceConfigMessages.pestNotFound);
  }
  const [group] = await tx.query<{ id: number }>(
    body.riskGroupId === undefined ? 'select min(id) as id from risk_groups' : 'select id from risk_groups where id = $1',
    body.riskGroupId === undefined ? [] : [body.riskGroupId],
  );
  if (!group?.id) throw new ApiError(400, ServiceConfigMessages.riskGroupNotFound);
  return group.id;
}

/** Adds a plan (with its floor plan's link token) or edits one; answers its id. A plan stays with its store. */
export async function savePlan(tx: Queryable, scope: Scope, body: ServicePlanSaveBody): Promise<number> {
  const problem = servicePlanProblem(body);
  if (problem) throw new ApiError(400, problem);
  await keptStore(tx, scope, body.customerId);
  const riskGroupId = await checkCatalogue(tx, body);
  const fields = [body.name.trim(), body.startDate, body.endDate, body.visitsPerMonth, [...new Set(body.pestIds ?? [])], riskGroupId];
  if (body.id === undefined) {
    return insertPlan(tx, {
      customerId: body.customerId,
      name: body.name.trim(),
      startDate: body.startDate,
      endDate: body.endDate,
      visitsPerMonth: body.visitsPerMonth,
      pestIds: [...new Set(body.pestIds ?? [])],
      riskGroupId,
    });
  }
  const { customerId } = await keptPlan(tx, scope, body.id);
  if (customerId !== body.customerId) throw new ApiError(400, ServiceConfigMessages.planChangeForbidden);
  await lockForEdit(tx, 'service_plans', body.id, body.version);
  await tx.query(
    `update service_plans set name = $1, start_date = $2, end_date = $3, visits_per_month = $4, pest_ids = $5, risk_group_id = $6, version = version + 1
     where id = $7`,
    [...fields, body.id],
  );
  return body.id;
}

/** Deletes a plan that no visit was made under, with its regions, points and floor plan; one with visits is kept. */
export async function deletePlan(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  await keptPlan(tx, scope, id);
  await lockForEdit(tx, 'service_plans', id, version);
  if ((await tx.query('select 1 from job_orders where plan_id = $1 limit 1', [id])).length > 0) throw new ApiError(400, ServiceConfigMessages.planHasVisits);
  if ((await tx.query('select 1 from points where plan_id = $1 and device_id is not null limit 1', [id])).length > 0) {
    throw new ApiError(400, ServiceConfigMessages.pointHasDevice);
  }
  await tx.query('delete from points where plan_id = $1', [id]);
  // Children before parents: the deepest level first.
  await tx.query('delete from service_regions where plan_id = $1 and level = 3', [id]);
  await tx.query('delete from service_regions where plan_id = $1 and level = 2', [id]);
  await tx.query('delete from service_regions where plan_id = $1', [id]);
  await tx.query('delete from floor_plans where plan_id = $1', [id]);
  await tx.query('delete from service_plans where id = $1', [id]);
}

/** Gives the plan's floor plan an uploaded image of our object store, or (null) the drawing of its regions again. */
export async function setFloorPlanImage(tx: Queryable, scope: Scope, body: FloorPlanImageBody, imageBase: string): Promise<number> {
  const path = body.imageUrl === null ? null : storedImagePath(body.imageUrl);
  if (path !== null && !isOurImage(path, imageBase) && !isOurImage(path, OSS_PUBLIC_PATH)) throw new ApiError(400, ServiceConfigMessages.floorPlanNotOurs);
  await keptPlan(tx, scope, body.planId);
  await lockForEdit(tx, 'service_plans', body.planId, body.version);
  await tx.query('update floor_plans set image_path = $2 where plan_id = $1', [body.planId, path]);
  await tx.query('update service_plans set version = version + 1 where id = $1', [body.planId]);
  return body.planId;
}
