import { CHINA_TIME_ZONE, JobOrderState } from '@pest/shared';
import type { Queryable } from '../db/db.ts';

const { planned, inProgress, overdue } = JobOrderState;

/**
 * A visit not done by the end of its day (China time) is overdue: every planned or in-progress
 * job order that started on a day before `now`'s turns overdue, but one a technician started in the
 * field app, which is being done and ends when they finish it. With `fromDay`, only those of that
 * day (China time) or later: the days before it are not judged. Returns how many turned.
 * One rule for the product's overdue watch and the demo's service day (seed/visit-progress.ts).
 */
export async function markOverdueVisits(q: Queryable, now: Date, fromDay?: Date): Promise<number> {
  const day = (at: string) => `(${at} at time zone '${CHINA_TIME_ZONE}')::date`;
  const [late] = await q.query<{ n: number }>(
    `with late as (
       update job_orders j set state = '${overdue}'
       where (j.state = '${planned}' or (j.state = '${inProgress}' and j.technician_id is null))
         and ${day('j.started_at')} < ${day('$1::timestamptz')}
         and ($2::timestamptz is null or ${day('j.started_at')} >= ${day('$2::timestamptz')})
       returning 1
     )
     select count(*)::int as n from late`,
    [now.toISOString(), fromDay?.toISOString() ?? null],
  );
  return late!.n;
}
