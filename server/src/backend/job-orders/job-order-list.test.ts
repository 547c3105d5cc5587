import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobOrderPaths, JobOrderState, type JobOrderListBody, type JobOrderRecord } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { sqlServiceTime } from '../common/service-time.ts';

const DEMO_ORGANISATION_ID = 1;
const OTHER_ORGANISATION_ID = 2;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A job order as the database has it, for computing what each filter should return independently of the API's SQL. */
interface Stored {
  id: number;
  organisationId: number;
  storeId: number;
  storeName: string;
  staff: string;
  name: string;
  start: string;
  end: string | null;
}

describe(`job order list on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let stored: Stored[];

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    stored = await backend.db.query<Stored>(
      `select j.id, s.path[1] as "organisationId", s.id as "storeId", s.name as "storeName", j.staff_name as staff, j.name,
              ${sqlServiceTime('j.started_at')} as start, ${sqlServiceTime('j.ended_at')} as end
       from job_orders j join customers s on s.id = j.customer_id
       where j.state <> '${JobOrderState.planned}'`,
    );
  });
  afterAll(() => backend?.close());

  const list = async (body: Partial<JobOrderListBody>, headers = admin) => {
    const response = await backend.app.inject({ method: 'POST', url: JobOrderPaths.list, headers, payload: { current: 1, size: 500, ...body } });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { total: number; records: JobOrderRecord[] } }>().data;
  };
  /** Every page of a query, concatenated. */
  const listAll = async (body: Partial<JobOrderListBody>, headers = admin) => {
    const records: JobOrderRecord[] = [];
    for (let current = 1; ; current++) {
      const page = await list({ ...body, current }, headers);
      records.push(...page.records);
      if (records.length >= page.total || page.records.length === 0) return { total: page.total, records };
    }
  };
  /** Newest first, as the list sorts: by start time, then id. */
  const newestFirst = (rows: Stored[]) => [...rows].sort((a, b) => b.start.localeCompare(a.start) || b.id - a.id).map((row) => row.id);

  it('lists every job order newest first, with signed report links for finished ones only', async () => {
    const { total, records } = await listAll({});
    expect(total).toBe(stored.length);
    expect(records.map((record) => record.id)).toEqual(newestFirst(stored));
    for (const record of records) {
      expect(record.realityStartTime).toMatch(DATE_TIME);
      expect(record.code).toMatch(/^GD\d{12}$/);
      expect(record.insectName).toMatch(/^\p{Script=Han}+(、\p{Script=Han}+)*$/u);
      expect(record.state === JobOrderState.done).toBe(record.realityEndTime !== null);
      if (record.realityEndTime === null) {
        expect([record.previewUrl, record.pdfUrl]).toEqual([null, null]);
      } else {
        expect(record.realityEndTime).toMatch(DATE_TIME);
        expect(record.previewUrl).toMatch(new RegExp(`^${JobOrderPaths.report}/${record.id}\\.pdf\\?disposition=inline&expires=\\d+&signature=`));
        expect(record.pdfUrl).toContain('disposition=attachment');
      }
    }
    expect(records.some((record) => record.realityEndTime === null)).toBe(true);
  });

  const staffPart = () => stored[0]!.staff.slice(0, 1);
  const cases: [string, () => Partial<JobOrderListBody>, (row: Stored) => boolean][] = [
    ['staff name (substring)', () => ({ advocateStaffName: staffPart() }), (row) => row.staff.includes(staffPart())],
    ['job order name (substring)', () => ({ jobOrderName: '跟进' }), (row) => row.name.includes('跟进')],
    ['start time range', () => ({ startTime: '2026-06-10 12:00:00', endTime: '2026-07-20 18:30:00' }), (row) => row.start >= '2026-06-10 12:00:00' && row.start <= '2026-07-20 18:30:00'],
    ['start on or after', () => ({ startTime: '2026-10-01 00:00:00' }), (row) => row.start >= '2026-10-01 00:00:00'],
    ['an end date as a whole day', () => ({ endTime: '2025-12-31' }), (row) => row.start < '2026-01-01'],
    [
      'end time range',
      () => ({ accomplishStartTime: '2026-03-01 00:00:00', accomplishEndTime: '2026-03-31 23:59:59' }),
      (row) => row.end !== null && row.end >= '2026-03-01 00:00:00' && row.end <= '2026-03-31 23:59:59',
    ],
    [
      'every filter at once',
      () => ({ advocateStaffName: staffPart(), jobOrderName: '月', startTime: '2026-01-01 00:00:00', accomplishEndTime: '2026-09-30' }),
      (row) => row.staff.includes(staffPart()) && row.name.includes('月') && row.start >= '2026-01-01 00:00:00' && row.end !== null && row.end < '2026-10-01',
    ],
  ];
  it.each(cases)('filters by %s', async (_name, body, keep) => {
    const expected = newestFirst(stored.filter(keep));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(stored.length);
    const { total, records } = await listAll(body());
    expect(total).toBe(expected.length);
    expect(records.map((record) => record.id)).toEqual(expected);
  });

  it('pages through the same order, and past the end gives no records', async () => {
    const all = (await listAll({})).records.map((record) => record.id);
    const pages = [1, 2, 3].map((current) => list({ current, size: 7 }));
    expect((await Promise.all(pages)).flatMap((page) => page.records.map((record) => record.id))).toEqual(all.slice(0, 21));
    expect(await list({ current: 1000, size: 7 })).toEqual({ total: all.length, records: [] });
  });

  it("shows a customer's manager only their own organisation's job orders", async () => {
    const own = stored.filter((row) => row.organisationId === DEMO_ORGANISATION_ID);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(stored.length);
    const { total, records } = await listAll({}, manager);
    expect(total).toBe(own.length);
    expect(records.map((record) => record.id)).toEqual(newestFirst(own));
  });

  it('narrows to the stores and organisations asked for (an organisation stands for its stores), each row naming its store', async () => {
    const [first, second] = [...new Set(stored.filter((row) => row.organisationId === DEMO_ORGANISATION_ID).map((row) => row.storeId))];
    for (const customerIds of [[first!], [first!, second!]]) {
      const { total, records } = await listAll({ customerIds });
      const expected = stored.filter((row) => customerIds.includes(row.storeId));
      expect(total).toBe(expected.length);
      expect(records.map((record) => record.id)).toEqual(newestFirst(expected));
      expect(records.map((record) => record.customerName)).toEqual(records.map((record) => stored.find((row) => row.id === record.id)!.storeName));
    }
    const other = stored.filter((row) => row.organisationId === OTHER_ORGANISATION_ID);
    expect(other.length).toBeGreaterThan(0);
    const byOrganisation = await listAll({ customerIds: [OTHER_ORGANISATION_ID] });
    expect(byOrganisation.total).toBe(other.length);
    expect(byOrganisation.records.map((record) => record.id)).toEqual(newestFirst(other));
  });

  it("gives a customer's manager nothing of another customer's stores, asked for by store or by organisation", async () => {
    const own = stored.find((row) => row.organisationId === DEMO_ORGANISATION_ID)!;
    const foreign = stored.find((row) => row.organisationId === OTHER_ORGANISATION_ID)!;
    expect(await list({ customerIds: [foreign.storeId] }, manager)).toEqual({ total: 0, records: [] });
    expect(await list({ customerIds: [OTHER_ORGANISATION_ID] }, manager)).toEqual({ total: 0, records: [] });
    const mixed = await listAll({ customerIds: [own.storeId, foreign.storeId] }, manager);
    expect(mixed.records.map((record) => record.id)).toEqual(newestFirst(stored.filter((row) => row.storeId === own.storeId)));
  });

  it('leaves out planned job orders (they have not happened yet) and says where each listed one stands', async () => {
    const [store] = await backend.db.query<{ id: number; planId: number }>(
      `select c.id, min(p.id) as "planId" from customers c join service_plans p on p.customer_id = c.id
       where c.path[1] = $1 group by c.id order by c.id limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    const made = await backend.db.query<{ id: number; state: JobOrderState }>(
      `insert into job_orders (code, customer_id, plan_id, name, type, staff_name, started_at, ended_at, state)
       select 'STATE-' || state, $1, $2, '状态列表测试', 0, '测试技师', now() + started, null, state
       from (values ('${JobOrderState.planned}', interval '1 day'), ('${JobOrderState.inProgress}', interval '-1 hour'),
                    ('${JobOrderState.overdue}', interval '-2 days')) as made (state, started)
       returning id, state`,
      [store!.id, store!.planId],
    );
    try {
      const { records } = await listAll({ jobOrderName: '状态列表测试' }, manager);
      const madeId = (state: JobOrderState) => made.find((row) => row.state === state)!.id;
      expect(records.map(({ id, state, realityEndTime }) => ({ id, state, realityEndTime }))).toEqual([
        { id: madeId(JobOrderState.inProgress), state: JobOrderState.inProgress, realityEndTime: null },
        { id: madeId(JobOrderState.overdue), state: JobOrderState.overdue, realityEndTime: null },
      ]);
    } finally {
      await backend.db.query('delete from job_orders where id = any($1::int[])', [made.map((row) => row.id)]);
    }
  });

  it.each([
    [{ current: 1, size: 501 }, 'body/size'],
    [{ current: 0, size: 10 }, 'body/current'],
    [{ current: 1, size: 10, startTime: '2026/01/01' }, 'body/startTime'],
    [{ current: 1, size: 10, endTime: '2026-02-30 10:00:00' }, 'body/endTime'],
    [{ current: 1, size: 10, startTime: '2026-01-01 24:00:00' }, 'body/startTime'],
    [{ current: 2 ** 31, size: 10 }, 'body/current'],
    [{ current: 1, size: 10, customerIds: [0] }, 'body/customerIds'],
  ])('refuses %j with 400 naming the field', async (payload, field) => {
    const response = await backend.app.inject({ method: 'POST', url: JobOrderPaths.list, headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
  });

  it('ignores properties it does not know', async () => {
    const response = await backend.app.inject({ method: 'POST', url: JobOrderPaths.list, headers: admin, payload: { current: 1, size: 10, unknown: 1 } });
    expect(response.statusCode).toBe(200);
  });

  it('asks for a session', async () => {
    const response = await backend.app.inject({ method: 'POST', url: JobOrderPaths.list, payload: { current: 1, size: 10 } });
    expect(response.statusCode).toBe(401);
  });
});
