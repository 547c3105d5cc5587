import { ServiceConfigMessages, pointProblem, type PointSaveBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import type { Scope } from '../scope.ts';
import { keptPlan, lockedPlanRecord, refusedIfReferenced } from './config-access.ts';
import { refusedAsTaken } from '../common/unique-violation.ts';

interface PointRow {
  planId: number;
  deviceId: number | null;
}

/** Adds a point (no id) or edits one (its code, region, device type, place); answers its id. */
export async function savePoint(tx: Queryable, scope: Scope, body: PointSaveBody): Promise<number> {
  const problem = pointProblem(body);
  if (problem) throw new ApiError(400, problem);
  const code = body.code.trim();
  const { customerId } = await keptPlan(tx, scope, body.planId);
  if (body.id !== undefined) {
    const point = await lockedPlanRecord<PointRow>(tx, scope, 'points', body.id, body.version, 'device_id as "deviceId"', ServiceConfigMessages.pointNotFound);
    if (point.planId !== body.planId) throw new ApiError(400, ServiceConfigMessages.planChangeForbidden);
  }
  if ((await tx.query('select 1 from service_regions where id = $1 and plan_id = $2', [body.regionId, body.planId])).length === 0) {
    throw new ApiError(400, ServiceConfigMessages.pointRegionElsewhere);
  }
  if ((await tx.query('select 1 from device_types where id = $1', [body.deviceTypeId])).length === 0) throw new ApiError(400, ServiceConfigMessages.deviceTypeNotFound);
  if ((await tx.query('select 1 from points where plan_id = $1 and code = $2 and id is distinct from $3', [body.planId, code, body.id ?? null])).length > 0) {
    throw new ApiError(400, ServiceConfigMessages.pointCodeTaken);
  }
  const fields = [body.regionId, code, body.deviceTypeId, body.x, body.y];
  if (body.id === undefined) {
    const [point] = await refusedAsTaken(ServiceConfigMessages.pointCodeTaken, () =>
      tx.query<{ id: number }>(
        'insert into points (region_id, code, device_type_id, x, y, plan_id, customer_id) values ($1, $2, $3, $4, $5, $6, $7) returning id',
        [...fields, body.planId, customerId],
      ),
    );
    return point!.id;
  }
  await refusedAsTaken(ServiceConfigMessages.pointCodeTaken, () => tx.query('update points set region_id = $1, code = $2, device_type_id = $3, x = $4, y = $5, version = version + 1 where id = $6', [...fields, body.id]));
  return body.id;
}

/** Deletes a point without history: no check or risk recorded at it, no device placed there. */
export async function deletePoint(tx: Queryable, scope: Scope, id: number, version: number | undefined): Promise<void> {
  const point = await lockedPlanRecord<PointRow>(tx, scope, 'points', id, version, 'device_id as "deviceId"', ServiceConfigMessages.pointNotFound);
  if (point.deviceId !== null) throw new ApiError(400, ServiceConfigMessages.pointHasDevice);
  // A point's checks are found through its plan's visits (point_checks has no index on point_id).
  const history = await tx.query(
    `select 1 from point_checks c join job_orders j on j.id = c.job_order_id where j.plan_id = $2 and c.point_id = $1
     union all select 1 from risks where point_id = $1 limit 1`,
    [id, point.planId],
  );
  if (history.length > 0) throw new ApiError(400, ServiceConfigMessages.pointHasHistory);
  await refusedIfReferenced(() => tx.query('delete from points where id = $1', [id]), ServiceConfigMessages.pointHasHistory);
}
