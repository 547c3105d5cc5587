import { CHINA_TIME_ZONE, type JobOrderMaterial } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/**
 * What a job order used, by region then product. `scope` null: the caller holds a signed link to
 * the job order's report (see report-data.ts), so no scope applies.
 */
export async function jobOrderMaterials(db: Queryable, scope: Scope | null, jobOrderId: number): Promise<JobOrderMaterial[]> {
  return usedBy(db, scope, jobOrderId, '');
}

/** What a job order used, with each product's concentration from the catalogue (the disinfection report's 消毒药剂). Not scope-checked, as the report. */
export async function jobOrderAgents(db: Queryable, jobOrderId: number): Promise<(JobOrderMaterial & { concentration: string | null })[]> {
  return usedBy(db, null, jobOrderId, ', m.concentration');
}

async function usedBy<T extends JobOrderMaterial>(db: Queryable, scope: Scope | null, jobOrderId: number, more: string): Promise<T[]> {
  const params = new SqlParams();
  return db.query<T>(
    `select m.name as "materialName", m.kind, m.registration_no as "registrationNo", m.active_ingredient as "activeIngredient",
            u.lot_no as "lotNo", u.quantity::float8 as quantity, m.unit,
            coalesce(top.name || ' > ', '') || r.name as "regionName"${more}
     from job_order_materials u
     join job_orders j on j.id = u.job_order_id
     join materials m on m.id = u.material_id
     join service_regions r on r.id = u.region_id
     left join service_regions top on top.id = r.parent_id
     where u.job_order_id = ${params.add(jobOrderId)} and ${scope ? inScope(scope, 'j.customer_id', params) : 'true'}
     order by coalesce(top.id, r.id), r.level, r.id, m.id`,
    params.values,
  );
}

/** A row of a store's materials register over a period: the visit and what it used. */
export type StoreMaterialRow = JobOrderMaterial & { day: string; jobCode: string };

/** What the store's visits done between two China days used, visit by visit (the audit pack's 用药记录). */
export async function storeMaterials(db: Queryable, storeId: number, startDate: string, endDate: string): Promise<StoreMaterialRow[]> {
  return db.query<StoreMaterialRow>(
    `select to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as day, j.code as "jobCode",
            m.name as "materialName", m.kind, m.registration_no as "registrationNo", m.active_ingredient as "activeIngredient",
            u.lot_no as "lotNo", u.quantity::float8 as quantity, m.unit,
            coalesce(top.name || ' > ', '') || r.name as "regionName"
     from job_orders j
     join job_order_materials u on u.job_order_id = j.id
     join materials m on m.id = u.material_id
     join service_regions r on r.id = u.region_id
     left join service_regions top on top.id = r.parent_id
     where j.customer_id = $1 and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date
     order by j.started_at, j.id, coalesce(top.id, r.id), r.level, r.id, m.id`,
    [storeId, startDate, endDate],
  );
}
