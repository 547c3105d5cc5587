import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmKind, CHINA_TIME_ZONE, chinaDay, DevicePaths, JobOrderPaths, JobOrderState, type AlarmTrend, type JobOrderRecord } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { Metric } from '../../backend/common/check-vocabulary.ts';
import { readDemoClock } from '../seed/demo-clock.ts';
import { TEST_DEMO_ANCHOR, testDriver } from '../../backend/db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';
import { catchUp } from './catch-up.ts';

const DAY_MS = 86_400_000;
const local = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')`;

describe(`start-up catch-up on ${testDriver}`, () => {
  describe('a demo seeded on 2026-11-01 and started again a week later', () => {
    let backend: TestBackend;
    const restartedAt = new Date(TEST_DEMO_ANCHOR.getTime() + 7 * DAY_MS + 5 * 3_600_000);
    beforeAll(async () => {
      // The live writers on: the catch-up runs before the backend answers.
      backend = await createTestBackend({ env: { SIMULATOR: 'on' }, clock: createManualClock(restartedAt.getTime()) });
    });
    afterAll(() => backend?.close());

    it('fills the week: the data runs to the restart, and a second start has nothing left to fill', async () => {
      expect((await readDemoClock(backend.db))!.filledTo).toEqual(restartedAt);
      expect(await catchUp(backend.db, restartedAt)).toBeNull();
      const days = await backend.db.query<{ day: string }>(
        `select distinct to_char(${local('ended_at')}, 'YYYY-MM-DD') as day from job_orders where ended_at > $1 order by 1`,
        [TEST_DEMO_ANCHOR.toISOString()],
      );
      expect(days.length).toBeGreaterThanOrEqual(5);
      expect(days.at(-1)!.day <= chinaDay(restartedAt)).toBe(true);
    });

    it('leaves no job order in progress from an earlier day', async () => {
      const [row] = await backend.db.query<{ n: number }>(
        `select count(*)::int as n from job_orders where state in ('planned', 'inProgress') and ${local('started_at')}::date < ${local('$1::timestamptz')}::date`,
        [restartedAt.toISOString()],
      );
      expect(row!.n).toBe(0);
    });

    it('writes on each smart box’s sheet what the box reported since the previous visit, across the seam', async () => {
      const sheets = await backend.db.query<{ job: number; point: number; sheet: number; reported: number; across: boolean }>(
        `with visits as (
           select j.id, j.plan_id, j.started_at,
                  lag(j.ended_at) over (partition by j.plan_id order by j.started_at) as since
           from job_orders j where j.state = 'done'
         )
         select v.id as job, pt.id as point, coalesce(t.value, 0) as sheet,
                (select (count(*) + coalesce(sum(e.repeat_count), 0))::int from device_events e
                 where e.device_id = pt.device_id and e.kind = ${AlarmKind.trigger} and e.gateway_alarm_id is null
                   and e.created_at > v.since and e.created_at <= v.started_at) as reported,
                v.since < $1::timestamptz as across
         from visits v
         join points pt on pt.plan_id = v.plan_id and pt.device_id is not null
         join point_checks c on c.job_order_id = v.id and c.point_id = pt.id and c.condition <> 3
         left join point_check_values t on t.job_order_id = v.id and t.point_id = pt.id and t.metric = '${Metric.trigger}'
         where v.started_at > $1::timestamptz and v.since is not null`,
        [TEST_DEMO_ANCHOR.toISOString()],
      );
      expect(sheets.filter((row) => row.across).length).toBeGreaterThan(0);
      expect(sheets.filter((row) => row.sheet !== row.reported)).toEqual([]);
    });
  });

  describe('a start on the real clock', () => {
    let backend: TestBackend;
    const now = new Date();
    beforeAll(async () => {
      backend = await createTestBackend({ env: { SIMULATOR: 'on' } });
    });
    afterAll(() => backend?.close());

    it('lists the newest visits from the last days, none still in progress from before today, and charts that end today', async () => {
      const headers = await signIn(backend.app, 'admin');
      const list = await backend.app.inject({ method: 'POST', url: JobOrderPaths.list, headers, payload: { current: 1, size: 50 } });
      const records = list.json<{ data: { records: JobOrderRecord[] } }>().data.records;
      const newest = new Date(`${records[0]!.realityStartTime.replace(' ', 'T')}+08:00`);
      // The small test fleet books about two visits a day: one in the last three days is all but certain.
      expect(now.getTime() - newest.getTime()).toBeLessThan(3 * DAY_MS);
      expect(newest.getTime()).toBeLessThanOrEqual(Date.now());
      const today = chinaDay(new Date());
      expect(records.filter((record) => record.state === JobOrderState.inProgress && !record.realityStartTime.startsWith(today))).toEqual([]);

      const week = { startDate: chinaDay(new Date(Date.now() - 6 * DAY_MS)), endDate: today };
      const trend = await backend.app.inject({ method: 'POST', url: DevicePaths.alarmTrend, headers, payload: week });
      const chart = trend.json<{ data: AlarmTrend }>().data;
      expect(chart.dateList.at(-1)).toBe(today);
      // The devices' alarms of the days the demo was off were filled in too.
      expect(chart.alarmCountList.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    });
  });
});
