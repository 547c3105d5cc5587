import { CHINA_TIME_ZONE, JobOrderState, ServiceType } from '@pest/shared';
import { markOverdueVisits } from '../../backend/common/overdue-visits.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlChance } from './hash.ts';
import { sqlStoreActivity } from './store-activity.ts';
import { writePointChecks } from './job-orders-checks.ts';
import { writeMaterials } from './materials.ts';
import { rectifyDueRisks, writeRisks } from './job-orders-risks.ts';
import { EMERGENCY_NAMES, MISSED_VISIT_PERCENT } from './job-orders-vocabulary.ts';
import { addRiskPhotos } from './risk-photos.ts';

/** What moving the job orders on to a moment changed. */
export interface VisitProgress {
  started: number;
  finished: number;
  overdue: number;
  rectified: number;
}

const { planned, inProgress, done } = JobOrderState;

export interface AdvanceOptions {
  /**
   * Visits finished that started before this get their sheets (point checks and materials) later:
   * they wait in demo_sheet_backlog for the first start's background fill (sheet-backlog.ts).
   */
  sheetsFrom?: Date;
}

/** The visits a step finishes, with what their sheets are written from (the backlog keeps the same columns). */
export async function createFinishedJobTable(tx: Queryable): Promise<void> {
  await tx.exec(`create temp table finished_job (
    id integer primary key, customer_id integer, plan_id integer, type smallint, month integer, kind text,
    activity float8, started_at timestamptz, ended_at timestamptz, since timestamptz
  ) on commit drop`);
}

/** Writes the sheets of the visits in finished_job: their point checks, then what they used. */
export async function writeSheets(tx: Queryable): Promise<void> {
  await writePointChecks(tx);
  await writeMaterials(tx);
}

/**
 * Moves every job order on to `now`, the way the day goes at a store: a planned visit starts at
 * its time and is done when its planned end has passed (then its point checks and risks are
 * written, as the technician's sheet would be), unless it is one of the few that do not happen
 * (MISSED_VISIT_PERCENT, by its key); whatever is not done when its day (China time) is over is
 * overdue. Risks whose rectification day has come are put right. The same steps write the seeded
 * history at once and the live business minute by minute, so both follow one model. Needs the
 * activity model's temporary tables (loadActivityModel).
 */
export async function advanceVisits(tx: Queryable, now: Date, { sheetsFrom }: AdvanceOptions = {}): Promise<VisitProgress> {
  const values = [now.toISOString()];
  const at = '$1::timestamptz';
  const zone = `'${CHINA_TIME_ZONE}'`;
  // A visit given to a technician's account is theirs to start and finish, in the field app.
  const happens = `j.technician_id is null and not coalesce(${sqlChance('visit-missed', 'j.visit_key', MISSED_VISIT_PERCENT)} and j.type <> ${ServiceType.emergency}, false)`;

  const [started] = await tx.query<{ n: number }>(
    `with started as (
       update job_orders j set state = '${inProgress}'
       where j.state = '${planned}' and j.started_at <= ${at} and j.planned_end_at > ${at} and ${happens}
       returning 1
     )
     select count(*)::int as n from started`,
    values,
  );

  await createFinishedJobTable(tx);
  const emergencyNames = Object.entries(EMERGENCY_NAMES);
  const finishParams = new SqlParams();
  finishParams.add(now.toISOString());
  const [finished] = await tx.query<{ n: number }>(
    `with finished as (
       update job_orders j set state = '${done}', ended_at = j.planned_end_at
       where j.state in ('${planned}', '${inProgress}') and j.planned_end_at <= ${at} and ${happens}
       returning j.id, j.customer_id, j.plan_id, j.type, j.name, j.started_at, j.ended_at
     ),
     kept as (
       insert into finished_job (id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at)
       select f.id, f.customer_id, f.plan_id, f.type,
              extract(month from f.started_at at time zone ${zone})::int,
              -- What pests were so busy about that the store called: the check finds more of them.
              case when f.type = ${ServiceType.emergency} then e.kind end,
              ${sqlStoreActivity('f.customer_id')}, f.started_at, f.ended_at
       from finished f
       left join unnest(${finishParams.add(emergencyNames.map(([kind]) => kind))}::text[],
                        ${finishParams.add(emergencyNames.map(([, names]) => names.visit))}::text[]) as e(kind, visit)
         on e.visit = f.name
       returning 1
     )
     select count(*)::int as n from kept`,
    finishParams.values,
  );

  if (finished!.n > 0) {
    // Since the plan's previous visit: what a smart box caught in between shows on this one's sheet.
    await tx.exec(
      `update finished_job f set since = coalesce(
         (select max(j.ended_at) from job_orders j where j.plan_id = f.plan_id and j.state = '${done}' and j.ended_at <= f.started_at),
         '-infinity');
       analyze finished_job`,
    );
    // Risks first: they are raised from the visit itself, so a sheet written later changes none.
    await writeRisks(tx);
    if (sheetsFrom) await deferSheets(tx, sheetsFrom);
    await writeSheets(tx);
  }

  // The product's rule, in the same step: what is not done when its day is over is overdue.
  const late = await markOverdueVisits(tx, now);

  const rectified = await rectifyDueRisks(tx, now);
  if (finished!.n > 0 || rectified > 0) await addRiskPhotos(tx);
  await tx.exec('drop table finished_job');
  return { started: started!.n, finished: finished!.n, overdue: late, rectified };
}

async function deferSheets(tx: Queryable, before: Date): Promise<void> {
  await tx.query(
    `with deferred as (delete from finished_job where started_at < $1 returning *)
     insert into demo_sheet_backlog (job_order_id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at, since)
     select id, customer_id, plan_id, type, month, kind, activity, started_at, ended_at, since from deferred`,
    [before],
  );
  await tx.exec('analyze finished_job');
}
