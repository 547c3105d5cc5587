import { JobOrderState, type JobOrderInfo, type JobOrderListBody, type JobOrderRecord } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';
import type { ReportLinks } from './report-links.ts';
import { sqlServiceTime, sqlTimeRange } from '../common/service-time.ts';
import { underCustomers } from '../common/store-filters.ts';

type ListedJobOrder = Omit<JobOrderRecord, 'previewUrl' | 'pdfUrl'>;

/**
 * One page of the job orders in scope that pass every filter, newest first, and how many pass.
 * Names match by substring; time ranges are on the actual start and end; customers asked for
 * (stores, or organisations and groups for their stores) narrow within the scope. A finished job order
 * links to its report; one in progress has none yet.
 */
export async function jobOrderPage(
  db: Queryable,
  scope: Scope,
  links: ReportLinks,
  { current, size, advocateStaffName, jobOrderName, startTime, endTime, accomplishStartTime, accomplishEndTime, customerIds }: JobOrderListBody,
): Promise<{ total: number; records: JobOrderRecord[] }> {
  const params = new SqlParams();
  const conditions = [
    // A record of service: planned orders have not happened yet, and cancelled ones never will.
    `j.state not in ('${JobOrderState.planned}', '${JobOrderState.cancelled}')`,
    inScope(scope, 'j.customer_id', params),
    ...sqlTimeRange('j.started_at', startTime, endTime, params),
    ...sqlTimeRange('j.ended_at', accomplishStartTime, accomplishEndTime, params),
  ];
  if (advocateStaffName) conditions.push(`strpos(lower(j.staff_name), lower(${params.add(advocateStaffName)})) > 0`);
  if (jobOrderName) conditions.push(`strpos(lower(j.name), lower(${params.add(jobOrderName)})) > 0`);
  if (customerIds?.length) conditions.push(underCustomers('j.customer_id', customerIds, params));
  const where = conditions.join(' and ');
  const filterValues = [...params.values];
  const [[count], rows] = await Promise.all([
    db.query<{ total: number }>(`select count(*) as total from job_orders j where ${where}`, filterValues),
    db.query<ListedJobOrder>(
      `select j.id, j.code, j.name as "jobOrderName", s.name as "customerName", j.staff_name as "advocateStaffName", j.type,
              coalesce((select string_agg(p.name, '、' order by p.id) from job_order_pests jp join pests p on p.id = jp.pest_id
                        where jp.job_order_id = j.id), '') as "insectName",
              ${sqlServiceTime('j.started_at')} as "realityStartTime", ${sqlServiceTime('j.ended_at')} as "realityEndTime",
              j.state
       from job_orders j join customers s on s.id = j.customer_id
       where ${where}
       order by j.started_at desc, j.id desc
       limit ${params.add(size)} offset ${params.add((current - 1) * size)}`,
      params.values,
    ),
  ]);
  return {
    total: count!.total,
    records: rows.map((record) => ({
      ...record,
      previewUrl: record.realityEndTime ? links.url(record.id, 'inline') : null,
      pdfUrl: record.realityEndTime ? links.url(record.id, 'attachment') : null,
    })),
  };
}

/** The job order's code, name and store, when it is in scope. */
export async function jobOrderInfo(db: Queryable, scope: Scope, id: number): Promise<JobOrderInfo | null> {
  const params = new SqlParams();
  const [row] = await db.query<JobOrderInfo>(
    `select j.id, j.code, j.name as "jobOrderName", s.name as "customerName"
     from job_orders j join customers s on s.id = j.customer_id
     where j.id = ${params.add(id)} and ${inScope(scope, 'j.customer_id', params)}`,
    params.values,
  );
  return row ?? null;
}
