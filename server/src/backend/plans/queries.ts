import type { NamedItem, PointOption, ServicePlan, ServiceRegionNode } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import { nestRows } from '../tree.ts';

/** The service plans of the stores in `customerId`'s subtree (the store's own when it is one), in scope. */
export async function servicePlans(db: Queryable, scope: Scope, customerId: number): Promise<ServicePlan[]> {
  const params = new SqlParams();
  return db.query<ServicePlan>(
    `select p.id, p.name, p.risk_group_id as "riskId", s.id as "customerId", s.name as "customerName",
            p.contract_id as "contractId", k.name as "contractName"
     from service_plans p join customers s on s.id = p.customer_id left join contracts k on k.id = p.contract_id
     where s.path @> array[${params.add(customerId)}::int] and ${inScope(scope, 's.id', params)}
     order by p.id`,
    params.values,
  );
}

/** A plan's regions, nested by level; [] when the plan is outside the scope. */
export async function serviceRegions(db: Queryable, scope: Scope, planId: number): Promise<ServiceRegionNode[]> {
  const params = new SqlParams();
  const rows = await db.query<{ id: number; parentId: number | null; name: string; level: number }>(
    `select r.id, r.parent_id as "parentId", r.name, r.level
     from service_regions r join service_plans p on p.id = r.plan_id
     where p.id = ${params.add(planId)} and ${inScope(scope, 'p.customer_id', params)}
     order by r.id`,
    params.values,
  );
  return nestRows(
    rows,
    ({ id, name, level }): ServiceRegionNode => ({ id, name, level }),
    (parent, child) => (parent.subList ??= []).push(child),
  );
}

/** A plan's points, optionally of some device types only, by code. */
export async function planPoints(db: Queryable, scope: Scope, planId: number, deviceTypeIds?: number[]): Promise<PointOption[]> {
  const params = new SqlParams();
  const conditions = [`pt.plan_id = ${params.add(planId)}`, inScope(scope, 'pt.customer_id', params)];
  if (deviceTypeIds?.length) conditions.push(`pt.device_type_id = any(${params.add(deviceTypeIds)}::int[])`);
  return db.query<PointOption>(
    `select pt.id, t.name || ' ' || pt.code as name, pt.code as "pointCode",
            t.id as "deviceTypeId", t.name as "deviceTypeName", r.id as "regionId", r.name as "regionName"
     from points pt
     join device_types t on t.id = pt.device_type_id
     join service_regions r on r.id = pt.region_id
     where ${conditions.join(' and ')}
     order by pt.code`,
    params.values,
  );
}

/** The risk types of a risk group (a plan's riskId). */
export function riskTypes(db: Queryable, riskGroupId: number | undefined): Promise<NamedItem[]> {
  if (riskGroupId === undefined) {
    // Groups share type names (虫害风险 in several); a form across plans chooses by name.
    return db.query<NamedItem>('select min(id) as id, name from risk_types where parent_id is null group by name order by min(id)');
  }
  return db.query<NamedItem>('select id, name from risk_types where risk_group_id = $1 and parent_id is null order by id', [riskGroupId]);
}

/** The issue descriptions under a risk type. */
export function riskIssues(db: Queryable, riskTypeId: number): Promise<NamedItem[]> {
  return db.query<NamedItem>('select id, name from risk_types where parent_id = $1 order by id', [riskTypeId]);
}
