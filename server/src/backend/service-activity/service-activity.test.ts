import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceActivityPaths, type ServiceActivity } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const beijingDay = (instant: Date | string) => new Date(new Date(instant).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface JobRow {
  id: number;
  customerId: number;
  storeName: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
}

/** The expected answer worked out in plain code from every job order the user may see. */
function expectedActivity(jobs: JobRow[], now: Date): ServiceActivity {
  const today = beijingDay(now);
  const days = jobs.map((job) => beijingDay(job.startedAt)).filter((day) => day <= today);
  const day = days.sort().at(-1) ?? null;
  if (!day) return { day: null, isToday: false, weekStart: null, inProgress: 0, doneToday: 0, plannedToday: 0, topStores: [] };
  const ofDay = jobs.filter((job) => beijingDay(job.startedAt) === day);
  const weekStart = addDays(day, -6);
  const perStore = new Map<number, { customerId: number; storeName: string; count: number }>();
  for (const job of jobs) {
    const jobDay = beijingDay(job.startedAt);
    if (jobDay < weekStart || jobDay > day) continue;
    const store = perStore.get(job.customerId) ?? { customerId: job.customerId, storeName: job.storeName, count: 0 };
    store.count += 1;
    perStore.set(job.customerId, store);
  }
  return {
    day,
    isToday: day === today,
    weekStart,
    inProgress: ofDay.filter((job) => job.endedAt === null && new Date(job.startedAt) <= now).length,
    doneToday: ofDay.filter((job) => job.endedAt !== null).length,
    plannedToday: ofDay.length,
    topStores: [...perStore.values()].sort((a, b) => b.count - a.count || a.customerId - b.customerId).slice(0, 5),
  };
}

describe(`service activity API on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    backend = await createTestBackend();
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
      `select j.id, j.customer_id as "customerId", c.name as "storeName", j.started_at as "startedAt", j.ended_at as "endedAt"
       from job_orders j join customers c on c.id = j.customer_id
       where $1::int is null or c.path[1] = $1`,
      [organisationId],
    );

  it("answers a customer manager with its own organisation's job orders only, counted as plain code counts them", async () => {
    const { statusCode, body } = await activity(manager);
    expect(statusCode).toBe(200);
    const expected = expectedActivity(await jobsUnder(DEMO_ORGANISATION_ID), new Date());
    expect(expected.plannedToday).toBeGreaterThan(0);
    expect(body.data).toEqual(expected);
    const otherStores = await backend.db.query<{ id: number }>('select id from customers where path[1] <> $1', [DEMO_ORGANISATION_ID]);
    const foreign = new Set(otherStores.map((row) => row.id));
    expect(body.data.topStores.some((store) => foreign.has(store.customerId))).toBe(false);
  });

  it('answers an admin over every customer, and accepts a bare POST', async () => {
    const { statusCode, body } = await activity(admin);
    expect(statusCode).toBe(200);
    expect(body.data).toEqual(expectedActivity(await jobsUnder(null), new Date()));
    expect(body.data.topStores).toHaveLength(5);
  });

  it('reports today once a job order starts today, in progress until it ends', async () => {
    const [store] = await backend.db.query<{ id: number }>(
      'select c.id from customers c where c.path[1] = $1 and exists (select 1 from service_plans p where p.customer_id = c.id) order by c.id limit 1',
      [DEMO_ORGANISATION_ID],
    );
    await backend.db.query(
      `insert into job_orders (code, customer_id, plan_id, name, type, staff_name, started_at, ended_at)
       select 'TODAY-' || p.id, p.customer_id, p.id, '今日巡检', 0, '测试技师', now() - interval '1 minute', null
       from service_plans p where p.customer_id = $1 order by p.id limit 1`,
      [store!.id],
    );
    const { body } = await activity(manager);
    expect(body.data).toMatchObject({ day: beijingDay(new Date()), isToday: true, inProgress: 1, doneToday: 0, plannedToday: 1 });
    expect(body.data.topStores[0]).toMatchObject({ customerId: store!.id, count: 1 });
    expect(body.data).toEqual(expectedActivity(await jobsUnder(DEMO_ORGANISATION_ID), new Date()));
  });

  it('ignores unknown fields (the scope comes from the token, not the body) and refuses a request without a session', async () => {
    const widened = await activity(manager, { customerId: 2 });
    expect(widened.statusCode).toBe(200);
    expect(widened.body).toEqual((await activity(manager, {})).body);
    const anonymous = await activity({});
    expect(anonymous.statusCode).toBe(401);
  });
});
