import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobOrderState, ServiceActivityPaths, type ServiceActivity } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The backend's clock, months after the generated history ends (whatever its anchor): the day's
 * and week's job orders are the ones a test makes, and the route can only find them through this
 * clock, not the machine's.
 */
const NOW = Date.parse('2027-03-15T10:00:00+08:00');
const beijingDay = (instant: Date | string | number) => new Date(new Date(instant).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

interface JobRow {
  id: number;
  customerId: number;
  storeName: string;
  startedAt: Date | string;
  state: JobOrderState;
}

/** The expected answer worked out in plain code from every job order the user may see. */
function expectedActivity(jobs: JobRow[], now: number): ServiceActivity {
  const today = beijingDay(now);
  const days = jobs.map((job) => beijingDay(job.startedAt)).filter((day) => day <= today);
  const day = days.sort().at(-1) ?? null;
  if (!day) return { day: null, isToday: false, weekStart: null, inProgress: 0, upcoming: 0, overdue: 0, doneToday: 0, plannedToday: 0, topStores: [] };
  const ofDay = jobs.filter((job) => beijingDay(job.startedAt) === day);
  const weekStart = addDays(day, -6);
  const ofWeek = jobs.filter((job) => beijingDay(job.startedAt) >= weekStart && beijingDay(job.startedAt) <= day);
  const perStore = new Map<number, { customerId: number; storeName: string; count: number }>();
  // Visits that happened or are happening: a planned or overdue one has not served the store.
  for (const job of ofWeek.filter((job) => job.state === JobOrderState.inProgress || job.state === JobOrderState.done)) {
    const store = perStore.get(job.customerId) ?? { customerId: job.customerId, storeName: job.storeName, count: 0 };
    store.count += 1;
    perStore.set(job.customerId, store);
  }
  const countOf = (rows: JobRow[], state: JobOrderState) => rows.filter((job) => job.state === state).length;
  return {
    day,
    isToday: day === today,
    weekStart,
    inProgress: countOf(ofDay, JobOrderState.inProgress),
    upcoming: countOf(ofDay, JobOrderState.planned),
    overdue: countOf(ofWeek, JobOrderState.overdue),
    doneToday: countOf(ofDay, JobOrderState.done),
    plannedToday: ofDay.length,
    topStores: [...perStore.values()].sort((a, b) => b.count - a.count || a.customerId - b.customerId).slice(0, 5),
  };
}

describe(`service activity API on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    backend = await createTestBackend({ clock: createManualClock(NOW) });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(() => backend?.close());

  const activity = async (headers: Record<string, string>, payload?: object) => {
    const response = await backend.app.inject({ method: 'POST', url: ServiceActivityPaths.activity, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: ServiceActivity }>() };
  };
  const jobsUnder = (organisationId: number | null) =>
    backend.db.query<JobRow>(
      `select j.id, j.customer_id as "customerId", c.name as "storeName", j.started_at as "startedAt", j.state
       from job_orders j join customers c on c.id = j.customer_id
       where $1::int is null or c.path[1] = $1`,
      [organisationId],
    );

  it("answers a customer manager with its own organisation's job orders only, counted as plain code counts them", async () => {
    const { statusCode, body } = await activity(manager);
    expect(statusCode).toBe(200);
    const expected = expectedActivity(await jobsUnder(DEMO_ORGANISATION_ID), NOW);
    expect(expected.plannedToday).toBeGreaterThan(0);
    // Nothing is planned this far ahead: the latest day with job orders stands in, and says so.
    expect(expected.isToday).toBe(false);
    expect(body.data).toEqual(expected);
    const otherStores = await backend.db.query<{ id: number }>('select id from customers where path[1] <> $1', [DEMO_ORGANISATION_ID]);
    const foreign = new Set(otherStores.map((row) => row.id));
    expect(body.data.topStores.some((store) => foreign.has(store.customerId))).toBe(false);
  });

  it('answers an admin over every customer, and accepts a bare POST', async () => {
    const { statusCode, body } = await activity(admin);
    expect(statusCode).toBe(200);
    expect(body.data).toEqual(expectedActivity(await jobsUnder(null), NOW));
    expect(body.data.topStores.length).toBeGreaterThan(0);
  });

  it("counts the clock's day by state: planned ones upcoming, the week's overdue ones, and only visits made among the busiest stores", async () => {
    const stores = await backend.db.query<{ id: number; name: string; planId: number }>(
      `select c.id, c.name, min(p.id) as "planId" from customers c join service_plans p on p.customer_id = c.id
       where c.path[1] = $1 group by c.id, c.name order by c.id limit 2`,
      [DEMO_ORGANISATION_ID],
    );
    const [visited, missed] = stores;
    let made = 0;
    const insert = async (store: typeof visited, state: JobOrderState, startedAt: number, endedAt: number | null = null) => {
      made += 1;
      const [row] = await backend.db.query<{ id: number }>(
        `insert into job_orders (code, customer_id, plan_id, name, type, staff_name, started_at, ended_at, state)
         values ($1, $2, $3, '状态测试', 0, '测试技师', $4, $5, $6) returning id`,
        [`STATE-${made}`, store!.id, store!.planId, new Date(startedAt).toISOString(), endedAt === null ? null : new Date(endedAt).toISOString(), state],
      );
      return row!.id;
    };
    await insert(visited, JobOrderState.done, NOW - 3 * HOUR_MS, NOW - 2 * HOUR_MS);
    const running = await insert(visited, JobOrderState.inProgress, NOW - HOUR_MS);
    await insert(missed, JobOrderState.planned, NOW + 3 * HOUR_MS);
    await insert(missed, JobOrderState.overdue, NOW - 2 * DAY_MS);
    // Overdue, but before the week (day - 6): not counted.
    await insert(missed, JobOrderState.overdue, NOW - 8 * DAY_MS);

    const { body } = await activity(manager);
    expect(body.data).toEqual({
      day: beijingDay(NOW),
      isToday: true,
      weekStart: addDays(beijingDay(NOW), -6),
      inProgress: 1,
      upcoming: 1,
      overdue: 1,
      doneToday: 1,
      plannedToday: 3,
      topStores: [{ customerId: visited!.id, storeName: visited!.name, count: 2 }],
    });
    expect(body.data).toEqual(expectedActivity(await jobsUnder(DEMO_ORGANISATION_ID), NOW));

    await backend.db.query(`update job_orders set state = 'done', ended_at = $2 where id = $1`, [running, new Date(NOW - 10 * 60_000).toISOString()]);
    expect((await activity(manager)).body.data).toMatchObject({ inProgress: 0, doneToday: 2, plannedToday: 3, topStores: [{ customerId: visited!.id, count: 2 }] });
    expect((await activity(admin)).body.data).toEqual(expectedActivity(await jobsUnder(null), NOW));
  });

  it('ignores unknown fields (the scope comes from the token, not the body) and refuses a request without a session', async () => {
    const widened = await activity(manager, { customerId: 2 });
    expect(widened.statusCode).toBe(200);
    expect(widened.body).toEqual((await activity(manager, {})).body);
    const anonymous = await activity({});
    expect(anonymous.statusCode).toBe(401);
  });
});
