import { ServiceConfigMessages } from '@pest/shared';
import { lockForEdit, type VersionedTable } from '../common/edit-version.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { ApiError } from '../envelope.ts';
import { inScope, type Scope } from '../scope.ts';

/**
 * The store whose configuration is written, checked: a store in the caller's scope (provider
 * staff: any; a customer's manager: one in their subtree) and not suspended. Locked for share, so
 * nobody suspends or moves it meanwhile.
 */
export async function keptStore(tx: Queryable, scope: Scope, customerId: number): Promise<void> {
  const params = new SqlParams();
  const [store] = await tx.query<{ kind: number; suspended: boolean }>(
    `select c.kind, c.suspended_at is not null as suspended from customers c
     where c.id = ${params.add(customerId)} and ${inScope(scope, 'c.id', params)} for share of c`,
    params.values,
  );
  if (!store) throw new ApiError(404, ServiceConfigMessages.storeNotFound);
  if (store.kind !== 3) throw new ApiError(400, ServiceConfigMessages.storeOnly);
  if (store.suspended) throw new ApiError(400, ServiceConfigMessages.storeSuspended);
}

/** A plan the caller keeps, its store checked; its store's id. */
export async function keptPlan(tx: Queryable, scope: Scope, planId: number): Promise<{ customerId: number }> {
  const [plan] = await tx.query<{ customerId: number }>('select customer_id as "customerId" from service_plans where id = $1', [planId]);
  if (!plan) throw new ApiError(404, ServiceConfigMessages.planNotFound);
  try {
    await keptStore(tx, scope, plan.customerId);
  } catch (error) {
    // A plan of a store outside the scope does not exist for the caller.
    if (error instanceof ApiError && error.statusCode === 404) throw new ApiError(404, ServiceConfigMessages.planNotFound);
    throw error;
  }
  return plan;
}

/** A record of `table` (a region or point) as its edit finds it: its plan kept by the caller, locked, the version the editor saw. */
export async function lockedPlanRecord<T extends { planId: number }>(
  tx: Queryable,
  scope: Scope,
  table: Extract<VersionedTable, 'service_regions' | 'points'>,
  id: number,
  version: number | undefined,
  columns: string,
  notFound: string,
): Promise<T> {
  const [record] = await tx.query<T>(`select plan_id as "planId", ${columns} from ${table} where id = $1 for update`, [id]);
  if (!record) throw new ApiError(404, notFound);
  try {
    await keptPlan(tx, scope, record.planId);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw new ApiError(404, notFound);
    throw error;
  }
  await lockForEdit(tx, table, id, version);
  return record;
}

/** A delete the checks let through that a reference still holds (a record written meanwhile): refused with the same reason, not a 5xx. */
export async function refusedIfReferenced<T>(remove: () => Promise<T>, reason: string): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw new ApiError(400, reason);
    throw error;
  }
}
