import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlPickFrom } from './hash.ts';
import { MAIN_PLAN_NAME, PLAN_YEAR, REGION_TEMPLATES, RISK_GROUPS, SECOND_PLAN_NAMES, type Industry } from './vocabulary.ts';

/**
 * Each store's service plans (the first is always the pest-control plan) and, per plan, the
 * regions of its industry's template. Ids follow (store, plan) and (plan, region) order.
 */
export async function seedPlans(tx: Queryable): Promise<void> {
  const params = new SqlParams();
  const secondNames = `${params.add(SECOND_PLAN_NAMES)}::text[]`;
  const groupIndustries = RISK_GROUPS.flatMap((group) => group.industries.map((industry) => [group.id, industry] as const));
  const groupIds = params.add(groupIndustries.map(([id]) => id));
  const groupOf = params.add(groupIndustries.map(([, industry]) => industry));
  await tx.query(
    `insert into service_plans (id, customer_id, name, risk_group_id, start_date, end_date)
     select row_number() over (order by s.id, n), s.id,
            case when n = 1 then ${params.add(MAIN_PLAN_NAME)} else ${sqlPickFrom('second-plan-name', 's.id', secondNames)} end,
            g.id, make_date(${PLAN_YEAR}, 1, 1), make_date(${PLAN_YEAR}, 12, 31)
     from layout_store s
     cross join generate_series(1, cardinality(s.passive_points)) as n
     join unnest(${groupIds}::int[], ${groupOf}::text[]) as g(id, industry) on g.industry = s.industry
     order by s.id, n`,
    params.values,
  );

  // Template rows: sub = 0 is the top-level region itself.
  const template = (Object.entries(REGION_TEMPLATES) as [Industry, (typeof REGION_TEMPLATES)[Industry]][]).flatMap(([industry, tops]) =>
    tops.flatMap((top, topIndex) => [
      [industry, topIndex + 1, 0, top.name, top.type],
      ...top.subAreas.map((name, subIndex) => [industry, topIndex + 1, subIndex + 1, name, top.type]),
    ]),
  );
  await tx.query(
    `with template as (
       select * from unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[]) as t(industry, top, sub, name, region_type)
     ),
     numbered as (
       select row_number() over (order by p.id, t.top, t.sub) as id, p.id as plan_id, t.top, t.sub, t.name, t.region_type
       from service_plans p
       join layout_store s on s.id = p.customer_id
       join template t on t.industry = s.industry
     )
     insert into service_regions (id, plan_id, parent_id, name, level, region_type)
     select id, plan_id,
            case when sub = 0 then null else first_value(id) over (partition by plan_id, top order by sub) end,
            name, case when sub = 0 then 1 else 2 end, region_type
     from numbered
     order by id`,
    [0, 1, 2, 3, 4].map((column) => template.map((row) => row[column])),
  );
}
