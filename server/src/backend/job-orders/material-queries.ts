import type { JobOrderMaterial } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/**
 * What a job order used, by region then product. `scope` null: the caller holds a signed link to
 * the job order's report (see report-data.ts), so no scope applies.
 */
export async function jobOrderMaterials(db: Queryable, scope: Scope | null, jobOrderId: number): Promise<JobOrderMaterial[]> {
  const params = new SqlParams();
  return db.query<JobOrderMaterial>(
    `select m.name as "materialName", m.kind, m.registration_no as "registrationNo", m.active_ingredient as "activeIngredient",
            u.lot_no as "lotNo", u.quantity::float8 as quantity, m.unit,
            coalesce(top.name || ' > ', '') || r.name as "regionName"
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
