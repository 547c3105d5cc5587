import { RiskGrade, RiskStatus } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlPick, sqlPickFrom } from './hash.ts';
import { ISSUE_ADVICE, RISK_GRADE_DRAW, RISK_RECTIFICATION, RISK_SPOTS, RISKS_PER_VISIT, STORE_ACTIVITY } from './job-orders-vocabulary.ts';

/**
 * Up to three risks per visit just finished (`finished_job`), more in problem stores: an issue of
 * the plan's risk group, in one of its sub-areas (at a point there when it has one), with the
 * technician's advice. Most will be put right within a month (rectify_due_at; rectifyDueRisks()
 * marks them when the day comes); some cannot be for now, and problem stores leave some open.
 */
export async function writeRisks(tx: Queryable): Promise<void> {
  const params = new SqlParams();
  const advice = Object.entries(ISSUE_ADVICE);
  const key = 'k.risk_key';
  const problem = `j.activity = ${STORE_ACTIVITY.problemFactor}`;
  const perVisit = (list: readonly number[]) => `${params.add(list)}::int[]`;
  const grade = sqlPick('risk-grade', key, 100);
  const rectifiedAt = `k.created_at + make_interval(days => ${RISK_RECTIFICATION.minDays} + ${sqlPick('risk-rectified', key, RISK_RECTIFICATION.spreadDays)},
                                                    hours => ${sqlPick('risk-rectified-hour', key, 9)})`;
  await tx.query(
    `with advice as (
       select * from unnest(${params.add(advice.map(([issue]) => issue))}::text[], ${params.add(advice.map(([, a]) => a.advice))}::text[],
                            ${params.add(advice.map(([, a]) => a.measure))}::text[], ${params.add(advice.map(([, a]) => a.followUp))}::int[],
                            ${params.add(advice.map(([, a]) => a.pests.join(',')))}::text[])
         as a(issue, advice, measure, follow_up, pests)
     ),
     group_issues as (
       select rt.risk_group_id, array_agg(rt.id order by rt.id) as ids
       from risk_types rt join advice a on a.issue = rt.name
       where rt.parent_id is not null
       group by rt.risk_group_id
     ),
     plan_regions as (
       select plan_id, array_agg(id order by id) as ids from service_regions where level = 2 group by plan_id
     ),
     region_points as (
       select region_id, array_agg(id order by id) as ids from points group by region_id
     ),
     raised as (
       select j.id as job_order_id, j.customer_id, j.activity, j.ended_at as created_at, j.id::int8 * 4 + i.n as risk_key, i.issue_id,
              ${sqlPickFrom('risk-region', 'j.id::int8 * 4 + i.n', 'pr.ids')} as region_id
       from finished_job j
       join service_plans p on p.id = j.plan_id
       join group_issues gi on gi.risk_group_id = p.risk_group_id
       join plan_regions pr on pr.plan_id = j.plan_id
       -- Different issues on one visit: the group's issues in an order of the visit's own.
       cross join lateral (
         select issue_id, row_number() over (order by ${sqlPick('risk-issue', 'j.id::int8 * 4096 + issue_id', 1_000_000)}, issue_id) as n
         from unnest(gi.ids) as issue_id
       ) i
       where i.n <= 3
         and ${sqlPick('risk-count', 'j.id', 100)} < (case when ${problem} then ${perVisit(RISKS_PER_VISIT.problem)} else ${perVisit(RISKS_PER_VISIT.usual)} end)[i.n]
     ),
     described as (
       select k.*, issue.parent_id as risk_type_id,
              k.activity = ${STORE_ACTIVITY.problemFactor} and ${sqlPick('risk-neglect', key, 100)} < ${RISK_RECTIFICATION.neglectedPercent} as neglected, region.name as region_name, a.*,
              case when ${sqlPick('risk-status', key, 100)} < ${RISK_RECTIFICATION.cannotHandlePercent} then ${RiskStatus.cannotHandleNow}
                   else ${RiskStatus.exists} end as status
       from raised k
       join risk_types issue on issue.id = k.issue_id
       join service_regions region on region.id = k.region_id
       join advice a on a.issue = issue.name
     )
     insert into risks (customer_id, job_order_id, region_id, point_id, risk_type_id, issue_id, pest_id, grade, advice,
                        follow_up_type, follow_up_measure, location, status, created_at, rectify_due_at)
     select k.customer_id, k.job_order_id, k.region_id,
            ${sqlPickFrom('risk-point', key, 'rp.ids')},
            k.risk_type_id, k.issue_id, pest.id,
            case when ${grade} < ${RISK_GRADE_DRAW.lowBelow} then ${RiskGrade.low} when ${grade} < ${RISK_GRADE_DRAW.mediumBelow} then ${RiskGrade.medium} else ${RiskGrade.high} end,
            k.advice, k.follow_up, k.measure,
            k.region_name || ${sqlPickFrom('risk-spot', key, `${params.add(RISK_SPOTS)}::text[]`)},
            k.status, k.created_at,
            case when k.status = ${RiskStatus.exists} and not k.neglected then ${rectifiedAt} end
     from described k
     left join region_points rp on rp.region_id = k.region_id
     left join pests pest on pest.name = ${sqlPickFrom('risk-pest', key, 'string_to_array(k.pests, \',\')')}
     order by k.risk_key`,
    params.values,
  );
}

/** Marks the risks whose rectification day has come as put right then; returns their ids' count. */
export async function rectifyDueRisks(tx: Queryable, now: Date): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `update risks set status = ${RiskStatus.rectified}, rectified_at = rectify_due_at
     where status = ${RiskStatus.exists} and rectify_due_at <= $1::timestamptz
     returning id`,
    [now.toISOString()],
  );
  return rows.length;
}
