import type { PointDetail, ServicePlanDetail } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

const PLAN_COLUMNS = `p.id, p.version, p.customer_id as "customerId", s.name as "customerName", p.name,
  to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate",
  p.visits_per_month as "visitsPerMonth", p.pest_ids as "pestIds", p.risk_group_id as "riskGroupId", g.name as "riskGroupName",
  (select count(*) from service_regions r where r.plan_id = p.id)::int as "regionCount",
  (select count(*) from points pt where pt.plan_id = p.id)::int as "pointCount",
  (select count(*) from job_orders j where j.plan_id = p.id)::int as "visitCount",
  p.contract_id as "contractId", (select k.name from contracts k where k.id = p.contract_id) as "contractName",
  p.transaction_type as "transactionType", p.report_template_type as "reportTemplateType"`;

/** A store's plans in scope, oldest first. */
export async function planList(db: Queryable, scope: Scope, customerId: number): Promise<ServicePlanDetail[]> {
  const params = new SqlParams();
  return db.query<ServicePlanDetail>(
    `select ${PLAN_COLUMNS} from service_plans p join customers s on s.id = p.customer_id join risk_groups g on g.id = p.risk_group_id
     where p.customer_id = ${params.add(customerId)} and ${inScope(scope, 'p.customer_id', params)}
     order by p.id`,
    params.values,
  );
}

/** A plan's points in scope, by code. */
export async function pointList(db: Queryable, scope: Scope, planId: number): Promise<PointDetail[]> {
  const params = new SqlParams();
  return db.query<PointDetail>(
    `select pt.id, pt.version, pt.plan_id as "planId", pt.region_id as "regionId", r.name as "regionName", pt.code,
            pt.device_type_id as "deviceTypeId", t.name as "deviceTypeName", pt.x, pt.y, pt.device_id as "deviceId", d.device_no as "deviceNo"
     from points pt
     join service_regions r on r.id = pt.region_id
     join device_types t on t.id = pt.device_type_id
     left join devices d on d.id = pt.device_id
     where pt.plan_id = ${params.add(planId)} and ${inScope(scope, 'pt.customer_id', params)}
     order by pt.code`,
    params.values,
  );
}
