import { CHINA_TIME_ZONE } from '@pest/shared';
import type { Db, Queryable } from '../../backend/db/db.ts';
import { lockSetup } from '../../backend/db/setup-lock.ts';
import { fillInSteps, type StepFillOptions } from './fill-in-steps.ts';

/**
 * The device alarms of a new demo's year that were handled more than ALARMS_NOW_DAYS ago, which a
 * first start leaves for the background: inserting the year's ~80,000 rows with their indexes and
 * roll-ups was a third of the first start, and the first screens show open and recent alarms. They
 * wait in demo_event_backlog with their ids (telemetry-events.ts) and are moved into device_events
 * newest days first, whole days at a time (a gateway's offline alarm and the boxes linked to it share
 * their moment), so the table ends as the seed writes it in one go.
 */

/** Days of handled alarms a first start writes before it answers. */
export const ALARMS_NOW_DAYS = 31;

/** Days of alarms one background step moves: ~7,000 rows at the medium scale. */
export const ALARM_FILL_DAYS = 30;

/** What a pending fill says it is filling in: the start banner names it. */
export const ALARM_FILL_WHAT = `device alarms handled more than ${ALARMS_NOW_DAYS} days ago`;

/** Whether some alarms still wait. */
export async function alarmFillPending(q: Queryable): Promise<boolean> {
  return (await q.query('select 1 from demo_event_backlog limit 1')).length > 0;
}

/** Moves the newest `days` China days of the backlog (all when null); true when more wait. */
async function fillStep(db: Db, days: number | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    await tx.query(
      `with first_day as (
         select ((max(created_at) at time zone '${CHINA_TIME_ZONE}')::date - $1::int + 1)::timestamp at time zone '${CHINA_TIME_ZONE}' as at
         from demo_event_backlog
       ),
       step as (delete from demo_event_backlog b using first_day f where $1::int is null or b.created_at >= f.at returning b.*)
       insert into device_events overriding system value select * from step order by id`,
      [days],
    );
    return alarmFillPending(tx);
  });
}

export interface AlarmFillOptions extends StepFillOptions {
  /** Days a step moves; null moves all at once. */
  daysPerStep: number | null;
}

/** Moves whatever alarms wait, step by step; false when stopped before the end. */
export const fillDeviceAlarms = (db: Db, { daysPerStep, ...options }: AlarmFillOptions): Promise<boolean> =>
  fillInSteps(
    db,
    { name: 'device alarms', pending: alarmFillPending, step: () => fillStep(db, daysPerStep), analyze: 'device_events, alarm_counts, alarm_statistic_waits' },
    options,
  );
