import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmKind,
  AlarmMessages,
  AlarmPaths,
  DevicePaths,
  type AlarmRecord,
  type AlarmStatistics,
} from '@pest/shared';
import { TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
type Headers = Record<string, string>;
type Page = { total: number; records: AlarmRecord[] };

interface RawAlarm {
  id: number;
  deviceId: number;
  state: string;
  handled: boolean;
  handledAt: string | null;
  ackBy: number | null;
  ackAt: string | null;
  handledBy: number | null;
  note: string | null;
  pictures: string[];
  assignee: string | null;
}

/** `count` Beijing calendar days up to the one of `end` (today by default), oldest first. */
function lastDays(count: number, end = new Date()): string[] {
  const last = new Date(end.getTime() + 8 * 3600_000);
  return Array.from({ length: count }, (_, i) => new Date(last.getTime() - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** percentile_cont as PostgreSQL defines it (linear between the closest ranks), computed here. */
function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * fraction;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

describe(`alarm operations on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  /** Open alarms (not online events): the manager's organisation's, and another organisation's. */
  let own: number[];
  let foreign: number[];

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    const open = async (inDemo: boolean) =>
      (
        await backend.db.query<{ id: number }>(
          `select e.id from device_events e join customers s on s.id = e.customer_id
           where e.state = 'open' and e.kind <> ${AlarmKind.online} and e.gateway_alarm_id is null and (s.path[1] = $1) = $2 order by e.id limit 6`,
          [DEMO_ORGANISATION_ID, inDemo],
        )
      ).map((row) => row.id);
    own = await open(true);
    foreign = await open(false);
    expect(own.length).toBe(6);
    expect(foreign.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => backend?.close());

  const post = async <T>(url: string, headers: Headers, payload: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const raw = async (ids: number[]) =>
    backend.db.query<RawAlarm>(
      `select id, device_id as "deviceId", state, handled, handled_at::text as "handledAt", ack_by as "ackBy", ack_at::text as "ackAt",
              handled_by as "handledBy", note, pictures, assignee
       from device_events where id = any($1::int[]) order by id`,
      [ids],
    );
  const listed = async (headers: Headers, filters: object = {}) => (await post<Page>(DevicePaths.alarmList, headers, { current: 1, size: 500, ...filters })).body.data;
  const count = async (sql: string, params: unknown[] = []) => (await backend.db.query<{ n: number }>(sql, params))[0]!.n;

  describe('the list', () => {
    it('shows each record\'s state, severity and clocks, with handled meaning state handled', async () => {
      const page = await listed(admin, { alarmOnly: true });
      expect(page.records.length).toBeGreaterThan(0);
      for (const record of page.records) {
        expect(record.handled).toBe(record.state === 'handled');
        expect(record.severity).not.toBeNull();
        expect(record.lastTime >= record.createTime).toBe(true);
        if (record.state !== 'open') expect(record.ackTime).not.toBeNull();
      }
      // The seeded history has staff who acknowledged and handled, with notes.
      expect(page.records.some((record) => record.state === 'handled' && record.handledBy !== null && record.note !== null)).toBe(true);
    });

    it('narrows by state, severity, kind and customer as the raw rows do', async () => {
      const [store] = await backend.db.query<{ id: number }>(
        `select customer_id as id from device_events group by customer_id order by count(*) desc, customer_id limit 1`,
      );
      const cases: [object, string, unknown[]][] = [
        [{ states: ['open', 'acknowledged'] }, `state in ('open', 'acknowledged')`, []],
        [{ states: ['acknowledged'] }, `state = 'acknowledged'`, []],
        [{ severities: ['critical'] }, `severity = 'critical'`, []],
        [{ severities: ['major', 'minor'], states: ['open'] }, `severity in ('major', 'minor') and state = 'open'`, []],
        [{ types: [1, 3] }, `kind in (1, 3)`, []],
        [{ customerIds: [store!.id] }, `customer_id = $1`, [store!.id]],
        [{ states: [], severities: [], types: [] }, 'true', []],
      ];
      for (const [filters, where, params] of cases) {
        const { total } = await listed(admin, { ...filters, current: 1, size: 1 });
        expect({ filters, total }).toEqual({ filters, total: await count(`select count(*)::int as n from device_events where gateway_alarm_id is null and (${where})`, params) });
        expect(total).toBeGreaterThan(0);
      }
    });

    it('links a box\'s alarm to its gateway\'s and counts the linked ones on the gateway\'s', async () => {
      const [gatewayAlarm, ...linked] = foreign.slice(0, 3);
      await backend.db.query('update device_events set gateway_alarm_id = $1 where id = any($2::int[])', [gatewayAlarm, linked]);
      const { records } = await listed(admin, { states: ['open'] });
      expect(records.find((record) => record.id === gatewayAlarm)).toMatchObject({ linkedCount: linked.length, gatewayAlarmId: null });
      // One incident, one row: the linked ones show in their box's own history instead.
      expect(records.filter((record) => linked.includes(record.id))).toEqual([]);
      for (const [id, deviceId] of (await raw(linked)).map((row) => [row.id, row.deviceId] as const)) {
        const history = await listed(admin, { boxId: deviceId });
        expect(history.records.find((record) => record.id === id)).toMatchObject({ linkedCount: 0, gatewayAlarmId: gatewayAlarm });
      }
      await backend.db.query('update device_events set gateway_alarm_id = null where id = any($1::int[])', [linked]);
    });

    it('lists by urgency: critical first, unacknowledged before acknowledged, then the oldest', async () => {
      const { records } = await listed(admin, { alarmOnly: true, states: ['open', 'acknowledged'], sort: 'urgency' });
      expect(new Set(records.map((record) => record.severity)).size).toBeGreaterThan(1);
      const rank = (record: AlarmRecord) => [['critical', 'major', 'minor'].indexOf(record.severity!), record.state === 'open' ? 0 : 1] as const;
      for (let i = 1; i < records.length; i++) {
        const [a, b] = [records[i - 1]!, records[i]!];
        const [ra, rb] = [rank(a), rank(b)];
        const ordered = ra[0] < rb[0] || (ra[0] === rb[0] && (ra[1] < rb[1] || (ra[1] === rb[1] && a.createTime <= b.createTime)));
        expect({ a: a.id, b: b.id, ordered }).toEqual({ a: a.id, b: b.id, ordered: true });
      }
    });

    it('narrows to the boxes linked to one gateway alarm', async () => {
      const [gatewayAlarm, ...linked] = foreign.slice(0, 3);
      await backend.db.query('update device_events set gateway_alarm_id = $1 where id = any($2::int[])', [gatewayAlarm, linked]);
      const { total, records } = await listed(admin, { gatewayAlarmId: gatewayAlarm });
      expect({ total, ids: records.map((record) => record.id).sort((a, b) => a - b) }).toEqual({ total: linked.length, ids: [...linked].sort((a, b) => a - b) });
      await backend.db.query('update device_events set gateway_alarm_id = null where id = any($1::int[])', [linked]);
    });

    it('refuses a state or severity that does not exist', async () => {
      for (const filters of [{ states: ['closed'] }, { severities: ['urgent'] }, { types: [8] }]) {
        const { statusCode, body } = await post(DevicePaths.alarmList, admin, { current: 1, size: 10, ...filters });
        expect(statusCode).toBe(400);
        expect(body.message).toMatch(/^参数错误/);
      }
    });
  });

  describe('acknowledge, handle and assign', () => {
    it('acknowledges open alarms once, recording who and when', async () => {
      const ids = own.slice(0, 2);
      const first = await post<{ changed: number }>(AlarmPaths.acknowledge, admin, { ids });
      expect(first.body).toMatchObject({ status: 200, data: { changed: 2 } });
      const rows = await raw(ids);
      for (const row of rows) expect(row).toMatchObject({ state: 'acknowledged', handled: false, ackBy: 1 });
      const again = await post<{ changed: number }>(AlarmPaths.acknowledge, admin, { ids });
      expect(again.body.data.changed).toBe(0);
      expect(await raw(ids)).toEqual(rows);
      const { records } = await listed(admin, { boxId: rows[0]!.deviceId, states: ['acknowledged'] });
      expect(records.find((record) => record.id === ids[0])).toMatchObject({ state: 'acknowledged', ackBy: '系统管理员' });
    });

    it('handles an acknowledged alarm and an open one directly; the open one is acknowledged by the handler then', async () => {
      const [acknowledged, open] = [own[0]!, own[2]!];
      const picture = '/api/oss/uploads/u3/trap.png';
      const { body } = await post<{ changed: number }>(AlarmPaths.handle, manager, {
        ids: [acknowledged, open],
        note: '已清理鼠盒',
        pictures: [`${picture}?expires=1&viewer=1&signature=x`],
      });
      expect(body.data.changed).toBe(2);
      const [first, second] = await raw([acknowledged, open]);
      expect(first).toMatchObject({ state: 'handled', handled: true, ackBy: 1, handledBy: 3, note: '已清理鼠盒', pictures: [picture] });
      expect(second).toMatchObject({ state: 'handled', handled: true, ackBy: 3, handledBy: 3 });
      expect(second!.ackAt).toBe(second!.handledAt);

      const again = await post<{ changed: number }>(AlarmPaths.handle, manager, { ids: [acknowledged, open], note: '再次处理' });
      expect(again.body.data.changed).toBe(0);
      expect((await raw([acknowledged]))[0]!.note).toBe('已清理鼠盒');
      // Acknowledging a handled alarm changes nothing either.
      expect((await post<{ changed: number }>(AlarmPaths.acknowledge, manager, { ids: [open] })).body.data.changed).toBe(0);
      expect((await raw([open]))[0]!.state).toBe('handled');

      const { records } = await listed(manager, { boxId: first!.deviceId, states: ['handled'] });
      const shown = records.find((record) => record.id === acknowledged)!;
      expect(shown).toMatchObject({ handledBy: '张经理', note: '已清理鼠盒' });
      expect(shown.pictures[0]).toMatch(new RegExp(`^${picture}\\?expires=\\d+&viewer=3&signature=`));
    });

    it('clears the device\'s unhandled flag when its last open alarm is handled', async () => {
      const [device] = await backend.db.query<{ id: number }>(
        `select device_id as id from device_events e join customers s on s.id = e.customer_id
         where s.path[1] = $1 and not e.handled and e.kind <> ${AlarmKind.online} and e.gateway_alarm_id is null
           and e.device_id not in (select device_id from device_events where id = any($2::int[]))
         group by device_id order by device_id limit 1`,
        [DEMO_ORGANISATION_ID, own],
      );
      const ids = (await backend.db.query<{ id: number }>(`select id from device_events where device_id = $1 and not handled`, [device!.id])).map((row) => row.id);
      const flag = async () => (await backend.db.query<{ flag: boolean }>('select has_unhandled_alarm as flag from devices where id = $1', [device!.id]))[0]!.flag;
      expect(await flag()).toBe(true);
      await post(AlarmPaths.handle, admin, { ids, note: '现场已处理' });
      expect(await flag()).toBe(false);
    });

    it('assigns alarms not yet handled, once', async () => {
      const ids = [own[3]!, own[4]!];
      expect((await post<{ changed: number }>(AlarmPaths.assign, admin, { ids, assignee: '王工' })).body.data.changed).toBe(2);
      expect((await post<{ changed: number }>(AlarmPaths.assign, admin, { ids, assignee: '王工' })).body.data.changed).toBe(0);
      expect((await raw(ids)).map((row) => row.assignee)).toEqual(['王工', '王工']);
      // A handled alarm keeps who it had.
      expect((await post<{ changed: number }>(AlarmPaths.assign, admin, { ids: [own[0]!], assignee: '李工' })).body.data.changed).toBe(0);
      expect((await post<{ changed: number }>(AlarmPaths.assign, admin, { ids: [own[3]!], assignee: null })).body.data.changed).toBe(1);
      expect((await raw([own[3]!]))[0]!.assignee).toBeNull();
    });

    it('changes nothing outside the caller\'s scope and does not count it', async () => {
      const before = await raw(foreign);
      for (const [path, payload] of [
        [AlarmPaths.acknowledge, { ids: foreign }],
        [AlarmPaths.handle, { ids: foreign, note: '越权处理' }],
        [AlarmPaths.assign, { ids: foreign, assignee: '越权' }],
      ] as const) {
        const { statusCode, body } = await post<{ changed: number }>(path, manager, payload);
        expect(statusCode).toBe(200);
        expect(body.data.changed).toBe(0);
      }
      expect(await raw(foreign)).toEqual(before);
      // Mixed with an own id, only that one counts.
      const { body } = await post<{ changed: number }>(AlarmPaths.acknowledge, manager, { ids: [...foreign, own[5]!] });
      expect(body.data.changed).toBe(1);
      expect(await raw(foreign)).toEqual(before);
    });

    it('refuses more than 500 ids, none, a missing or too long note, and pictures not of our storage or another user\'s upload, with 400', async () => {
      const ids = Array.from({ length: 501 }, (_, i) => i + 1);
      const cases: [string, object, RegExp | string][] = [
        [AlarmPaths.acknowledge, { ids }, /ids.*500/],
        [AlarmPaths.handle, { ids, note: '处理' }, /ids.*500/],
        [AlarmPaths.assign, { ids, assignee: '王工' }, /ids.*500/],
        [AlarmPaths.acknowledge, { ids: [] }, /ids/],
        [AlarmPaths.handle, { ids: [1] }, /note/],
        [AlarmPaths.handle, { ids: [1], note: '' }, /note/],
        [AlarmPaths.handle, { ids: [1], note: '长'.repeat(501) }, /note.*500/],
        [AlarmPaths.handle, { ids: [1], note: '处理', pictures: ['https://evil.example.com/a.png'] }, AlarmMessages.pictureNotOurs],
        // Another user's upload, the manager's, as the admin who learnt its key.
        [AlarmPaths.handle, { ids: [1], note: '处理', pictures: ['/api/oss/uploads/u3/trap.png'] }, AlarmMessages.pictureNotYours],
        [AlarmPaths.assign, { ids: [1], assignee: '王'.repeat(51) }, /assignee/],
      ];
      for (const [path, payload, message] of cases) {
        const { statusCode, body } = await post(path, admin, payload);
        expect({ path, statusCode }).toEqual({ path, statusCode: 400 });
        expect(body.status).toBe(400);
        expect(body.message).toMatch(message);
      }
      expect((await post<{ changed: number }>(AlarmPaths.acknowledge, admin, { ids: ids.slice(0, 500) })).statusCode).toBe(200);
    });
  });

  describe('statistics', () => {
    // The thirty days up to where the tests' generated history ends: counted back from today, they
    // held fewer of its alarms every day, eight acknowledged ones four weeks after it.
    const range = lastDays(30, TEST_DEMO_ANCHOR);
    const [startDate, endDate] = [range[0]!, range.at(-1)!];

    it('matches an independent computation over the raw rows of the range and scope', async () => {
      const { body } = await post<AlarmStatistics>(AlarmPaths.statistics, manager, { startDate, endDate });
      const rows = await backend.db.query<{ state: string; severity: string; created: number; ack: number | null; handled: number | null; now: number }>(
        `select e.state, e.severity, extract(epoch from e.created_at)::float8 as created, extract(epoch from e.ack_at)::float8 as ack,
                extract(epoch from e.handled_at)::float8 as handled, extract(epoch from now())::float8 as now
         from device_events e join customers s on s.id = e.customer_id
         where s.path[1] = $1 and e.kind <> ${AlarmKind.online} and e.gateway_alarm_id is null
           and (e.created_at at time zone 'Asia/Shanghai')::date between $2::date and $3::date`,
        [DEMO_ORGANISATION_ID, startDate, endDate],
      );
      const open = rows.filter((row) => row.state === 'open');
      const ack = rows.filter((row) => row.ack !== null).map((row) => row.ack! - row.created);
      const handle = rows.filter((row) => row.handled !== null).map((row) => row.handled! - row.created);
      expect(open.length).toBeGreaterThan(0);
      expect(ack.length).toBeGreaterThan(10);
      const stats = body.data;
      expect(stats.openBySeverity).toEqual({
        critical: open.filter((row) => row.severity === 'critical').length,
        major: open.filter((row) => row.severity === 'major').length,
        minor: open.filter((row) => row.severity === 'minor').length,
      });
      expect(stats.acknowledged).toBe(rows.filter((row) => row.state === 'acknowledged').length);
      expect(stats.handled).toBe(rows.filter((row) => row.state === 'handled').length);
      expect(stats.timeToAcknowledge.median).toBeCloseTo(percentile(ack, 0.5)!, 3);
      expect(stats.timeToAcknowledge.p90).toBeCloseTo(percentile(ack, 0.9)!, 3);
      expect(stats.timeToHandle.median).toBeCloseTo(percentile(handle, 0.5)!, 3);
      expect(stats.timeToHandle.p90).toBeCloseTo(percentile(handle, 0.9)!, 3);
      expect(stats.timeToAcknowledge.median!).toBeLessThan(stats.timeToAcknowledge.p90!);
      const oldest = Math.max(...open.map((row) => row.now - row.created));
      expect(Math.abs(stats.oldestOpenSeconds! - oldest)).toBeLessThan(60);
    });

    /** What `headers` is told of the days from `from` to `to` (of one organisation's stores, or all), against percentile_cont over the raw rows. */
    async function expectStatisticsAsRaw(headers: Headers, from: string, to: string, organisationId?: number) {
      const { body } = await post<AlarmStatistics>(AlarmPaths.statistics, headers, { startDate: from, endDate: to, ...(organisationId ? { customerIds: [organisationId] } : {}) });
      const alarms = `kind <> ${AlarmKind.online} and gateway_alarm_id is null and (created_at at time zone 'Asia/Shanghai')::date between $1::date and $2::date
        and ($3::int is null or customer_id in (select id from customers where path[1] = $3::int))`;
      const [raw] = await backend.db.query<{ ack: number[] | null; handle: number[] | null; states: Record<string, number> | null }>(
        `select percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from ack_at - created_at)::float8) filter (where ack_at is not null) as ack,
                percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from handled_at - created_at)::float8) filter (where handled_at is not null) as handle,
                (select jsonb_object_agg(key, n) from (
                   select case when state = 'open' then severity else state end as key, count(*)::int as n from device_events where ${alarms} group by 1) c) as states
         from device_events where ${alarms}`,
        [from, to, organisationId ?? null],
      );
      const stats = body.data;
      const states = raw!.states ?? {};
      const label = `${from}~${to} ${organisationId ?? 'fleet'}`;
      expect(stats.openBySeverity, label).toEqual({ critical: states.critical ?? 0, major: states.major ?? 0, minor: states.minor ?? 0 });
      expect([stats.acknowledged, stats.handled], label).toEqual([states.acknowledged ?? 0, states.handled ?? 0]);
      expect([stats.timeToAcknowledge.median, stats.timeToAcknowledge.p90], label).toEqual(raw!.ack ?? [null, null]);
      expect([stats.timeToHandle.median, stats.timeToHandle.p90], label).toEqual(raw!.handle ?? [null, null]);
      return stats;
    }

    it("gives the whole fleet and whole organisations (read from their roll-ups) what percentile_cont says over the raw rows, after acknowledging and handling in parallel", async () => {
      const open = (await backend.db.query<{ id: number }>(
        `select id from device_events where state = 'open' and kind <> ${AlarmKind.online} and gateway_alarm_id is null order by id desc limit 40`,
      )).map((row) => row.id);
      await Promise.all([
        ...[0, 1, 2, 3].map((i) => post(AlarmPaths.acknowledge, admin, { ids: open.slice(i * 5, i * 5 + 5) })),
        ...[4, 5, 6, 7].map((i) => post(AlarmPaths.handle, admin, { ids: open.slice(i * 5, i * 5 + 5), note: '并发处理' })),
      ]);
      const today = lastDays(1)[0]!;
      // A month, a year (whole months and the days around them), days within one month, today.
      for (const [from, to] of [[startDate, endDate], [lastDays(366)[0]!, today], [`${today.slice(0, 8)}01`, today], [today, today]] as const) {
        await expectStatisticsAsRaw(admin, from, to);
        await expectStatisticsAsRaw(admin, from, to, DEMO_ORGANISATION_ID);
      }
      const year = await expectStatisticsAsRaw(admin, lastDays(366)[0]!, today);
      expect([year.handled, year.acknowledged]).not.toContain(0);
    });

    it("an organisation's statistics follow a store that moves to another organisation, and back", async () => {
      const [store] = await backend.db.query<{ id: number; parentId: number; path: number[]; other: number }>(
        `select s.id, s.parent_id as "parentId", s.path, (select min(o.id) from customers o where o.kind = 1 and o.id <> s.path[1]) as other
         from customers s where s.id = (select customer_id from device_events where gateway_alarm_id is null group by 1 order by count(*) desc limit 1)`,
      );
      const [from, to] = [lastDays(366)[0]!, lastDays(1)[0]!];
      for (const [parentId, path] of [[store!.other, [store!.other, store!.id]], [store!.parentId, store!.path]] as const) {
        await backend.db.query('update customers set parent_id = $2, path = $3 where id = $1', [store!.id, parentId, path]);
        for (const organisationId of [store!.path[0]!, store!.other]) await expectStatisticsAsRaw(admin, from, to, organisationId);
        await expectStatisticsAsRaw(admin, from, to);
      }
    });

    it('answers from the rows when a bucket lost waits between the reads (a write in between), still exactly', async () => {
      const [from, to] = [lastDays(366)[0]!, lastDays(1)[0]!];
      // The median's bucket of the fleet's waits to acknowledge, emptied behind the roll-ups' back.
      const emptied = await backend.db.transaction(async (tx) => {
        await tx.exec('alter table device_events disable trigger alarm_statistic_rollups_update');
        const rows = await tx.query<{ id: number; ackAt: string }>(
          `with ranked as (
             select id, ack_at, alarm_wait_bucket(alarm_wait_seconds(created_at, ack_at)) as bucket,
                    row_number() over (order by alarm_wait_seconds(created_at, ack_at)) as rank, count(*) over () as n
             from device_events where ack_at is not null and kind <> ${AlarmKind.online} and gateway_alarm_id is null
               and (created_at at time zone 'Asia/Shanghai')::date between $1::date and $2::date
           )
           update device_events e set ack_at = e.created_at + interval '400 days'
           from ranked r where r.id = e.id and r.bucket = (select bucket from ranked where rank = (n + 1) / 2)
           returning e.id, r.ack_at as "ackAt"`,
          [from, to],
        );
        await tx.exec('alter table device_events enable trigger alarm_statistic_rollups_update');
        return rows;
      });
      expect(emptied.length).toBeGreaterThan(0);
      try {
        await expectStatisticsAsRaw(admin, from, to);
      } finally {
        await backend.db.transaction(async (tx) => {
          await tx.exec('alter table device_events disable trigger alarm_statistic_rollups_update');
          await tx.query('update device_events e set ack_at = b.ack_at from unnest($1::int[], $2::timestamptz[]) as b(id, ack_at) where e.id = b.id', [
            emptied.map((row) => row.id),
            emptied.map((row) => row.ackAt),
          ]);
          await tx.exec('alter table device_events enable trigger alarm_statistic_rollups_update');
        });
      }
      await expectStatisticsAsRaw(admin, from, to);
    });

    it('narrows to customers, and counts none for another organisation\'s', async () => {
      const [other] = await backend.db.query<{ id: number }>(`select id from customers where path[1] <> $1 and parent_id is null order by id limit 1`, [
        DEMO_ORGANISATION_ID,
      ]);
      const empty = await post<AlarmStatistics>(AlarmPaths.statistics, manager, { startDate, endDate, customerIds: [other!.id] });
      expect(empty.body.data).toEqual({
        openBySeverity: { critical: 0, major: 0, minor: 0 },
        acknowledged: 0,
        handled: 0,
        timeToAcknowledge: { median: null, p90: null },
        timeToHandle: { median: null, p90: null },
        oldestOpenSeconds: null,
      });
      const theirs = await post<AlarmStatistics>(AlarmPaths.statistics, admin, { startDate, endDate, customerIds: [other!.id] });
      expect(theirs.body.data.handled).toBeGreaterThan(0);
    });

    it('refuses a reversed or over-long range', async () => {
      const reversed = await post(AlarmPaths.statistics, admin, { startDate: endDate, endDate: startDate });
      expect(reversed.statusCode).toBe(400);
      const long = await post(AlarmPaths.statistics, admin, { startDate: '2025-01-01', endDate: '2026-06-01' });
      expect(long.statusCode).toBe(400);
      expect(long.body.message).toBe(AlarmMessages.statisticsRangeTooLong);
    });
  });
});
