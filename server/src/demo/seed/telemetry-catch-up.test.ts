import { AlarmKind, CHINA_UTC_OFFSET_MS, DeviceKind, DeviceStatus } from '@pest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../backend/db/db.ts';
import { openTestDb, testDriver } from '../../backend/db/testing.ts';
import { catchSeason, SIMULATED_RATES, type DeviceClass } from './fleet-rates.ts';
import { KITCHEN_REGIONS, RAW_DAYS, SLOTS_PER_DAY } from './telemetry.ts';
import { catchUpTelemetry } from './telemetry-catch-up.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Longer than RAW_DAYS, so the window has days with and days without raw heartbeats. */
const WINDOW_DAYS = RAW_DAYS + 6;
/** Days of the chart on each side of the seam. */
const SEAM_DAYS = 4;
const MODELLED_KINDS = [AlarmKind.trigger, AlarmKind.highTemperature, AlarmKind.maintain, AlarmKind.lowBattery];

/** The last moment the seeded history wrote anything: a catch-up from there overlaps nothing. */
async function historyEnd(db: Db): Promise<number> {
  const [row] = await db.query<{ end: Date }>(
    `select greatest((select max(at) from device_heartbeats),
                     (select max(greatest(created_at, last_at, ack_at, handled_at)) from device_events)) as "end"`,
  );
  return new Date(row!.end).getTime();
}

async function catchUp(db: Db, from: number, to: number) {
  return db.transaction((tx) => catchUpTelemetry(tx, { from: new Date(from), to: new Date(to) }));
}

/** The reporting devices (those the catch-up writes for) by the classes the rates are given for. */
async function census(db: Db): Promise<(who: DeviceClass) => number> {
  const rows = await db.query<{ gateway: boolean; kitchen: boolean; n: number }>(
    `select t.smart_kind = ${DeviceKind.loraGateway} as gateway, coalesce(top.name = any($1::text[]), false) as kitchen, count(*)::int as n
     from devices d
     join device_types t on t.id = d.device_type_id
     left join devices gw on gw.id = d.gateway_id
     left join points p on p.device_id = d.id
     left join service_regions r on r.id = p.region_id
     left join service_regions top on top.id = r.parent_id
     where d.status <> ${DeviceStatus.offline} and (t.smart_kind <> ${DeviceKind.loraRodentBox} or gw.status is distinct from ${DeviceStatus.offline})
     group by 1, 2`,
    [KITCHEN_REGIONS],
  );
  return (who) =>
    rows
      .filter((row) => (row.gateway ? who.gateways : who.boxes) && (who.kitchen === 'any' || who.kitchen === row.kitchen))
      .reduce((sum, row) => sum + row.n, 0);
}

/** The model's expected count of `kind` in [from, to), hour by hour (hour of day and season), for the census. */
function expected(kind: AlarmKind, count: (who: DeviceClass) => number, from: number, to: number): number {
  let sum = 0;
  for (let at = from; at < to; at += HOUR) {
    const hour = new Date(at + CHINA_UTC_OFFSET_MS).getUTCHours();
    const share = Math.min(HOUR, to - at) / HOUR;
    for (const rate of SIMULATED_RATES) {
      if (rate.what !== kind) continue;
      sum += rate.perDay * rate.hourShare[hour]! * count(rate.who) * (rate.followsRodents ? catchSeason(at) : 1) * share;
    }
  }
  return sum;
}

/** How far a Poisson count may fall from its expectation before the test calls it wrong. */
const poissonBound = (expectation: number) => 4 * Math.sqrt(expectation) + 1;

/** Alarms of `kind` raised in [from, to), repeats folded into a row counted as alarms of the row's moment. */
async function raised(db: Db, kind: AlarmKind, from: number, to: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select coalesce(sum(1 + repeat_count), 0)::int as n from device_events
     where kind = $1 and gateway_alarm_id is null and created_at >= $2 and created_at < $3`,
    [kind, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return row!.n;
}

const heartbeatsUpTo = async (db: Db, at: number) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from device_heartbeats where at <= $1`, [new Date(at).toISOString()]))[0]!.n;

/** Repeats counted on the alarms with ids up to `lastId`, by kind. */
async function repeatsByKind(db: Db, lastId: number): Promise<Map<number, number>> {
  const rows = await db.query<{ kind: number; n: number }>(`select kind, sum(repeat_count)::int as n from device_events where id <= $1 group by 1`, [lastId]);
  return new Map(rows.map((row) => [row.kind, row.n]));
}

const snapshot = async (db: Queryable, from: number) => ({
  events: await db.query(`select * from device_events where created_at > $1 or last_at > $1 order by id`, [new Date(from).toISOString()]),
  heartbeats: await db.query(`select * from device_heartbeats where at > $1 order by device_id, at`, [new Date(from).toISOString()]),
  daily: await db.query(`select * from device_daily order by device_id, month`),
  devices: await db.query(`select id, last_communication_at, remaining_power, temperature, signal, has_unhandled_alarm from devices order by id`),
});

describe(`telemetry catch-up on ${testDriver}`, () => {
  let db: Db;
  let from: number;
  let to: number;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let lastIdBefore: number;
  let heartbeatsUpToFrom: number;
  let repeatsBefore: Map<number, number>;
  let result: Awaited<ReturnType<typeof catchUpTelemetry>>;

  beforeAll(async () => {
    db = await openTestDb();
    from = await historyEnd(db);
    to = from + WINDOW_DAYS * DAY;
    before = await snapshot(db, from);
    lastIdBefore = (await db.query<{ id: number }>('select max(id)::int as id from device_events'))[0]!.id;
    heartbeatsUpToFrom = await heartbeatsUpTo(db, from);
    repeatsBefore = await repeatsByKind(db, lastIdBefore);
    result = await catchUp(db, from, to);
  }, 120_000);
  afterAll(() => db?.close());

  it('writes the same rows for the same window again', { timeout: 120_000 }, async () => {
    // A database of its own, caught up twice from the same state: first in a transaction rolled
    // back (sequences are not, hence rows compared without their ids), then for good.
    const other = await openTestDb();
    try {
      const start = await historyEnd(other);
      const window = { from: new Date(start), to: new Date(start + WINDOW_DAYS * DAY) };
      const withoutIds = async (on: Queryable) => {
        const rows = await snapshot(on, start);
        return { ...rows, events: rows.events.map(({ id: _id, ...row }) => row) };
      };
      const rolledBack = new Error('roll back');
      let first: { result: unknown; rows: unknown } | undefined;
      await other
        .transaction(async (tx) => {
          const result = await catchUpTelemetry(tx, window);
          first = { result, rows: await withoutIds(tx) };
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      expect(first).toBeDefined();
      const result = await other.transaction((tx) => catchUpTelemetry(tx, window));
      expect({ result, rows: await withoutIds(other) }).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('counts every day of the window in device_daily, as many as the raw heartbeats wherever both exist', async () => {
    expect(result.days).toBe(WINDOW_DAYS + 1);
    // Whole days of the window: every reporting device has all its slots, in raw rows or not.
    const [full] = await db.query<{ devices: number; days: number; wrong: number }>(
      `with day as (
         select g::date as day from generate_series(($1::timestamptz at time zone 'Asia/Shanghai')::date + 1,
                                                    ($2::timestamptz at time zone 'Asia/Shanghai')::date - 1, interval '1 day') as g
       )
       select count(distinct d.id)::int as devices, count(distinct x.day)::int as days,
              count(*) filter (where dd.heartbeats[extract(day from x.day)::int] is distinct from ${SLOTS_PER_DAY})::int as wrong
       from devices d
       left join devices gw on gw.id = d.gateway_id
       cross join day x
       left join device_daily dd on dd.device_id = d.id and dd.month = date_trunc('month', x.day)::date
       where d.status <> ${DeviceStatus.offline} and gw.status is distinct from ${DeviceStatus.offline}`,
      [new Date(from).toISOString(), new Date(to).toISOString()],
    );
    expect(full).toMatchObject({ days: WINDOW_DAYS - 1, wrong: 0 });
    expect(full!.devices).toBeGreaterThan(0);

    // Raw rows are written for the window's last RAW_DAYS days; before those a day's raw rows are the history's part only.
    const [raw] = await db.query<{ days: number; disagree: number }>(
      `with raw as (
         select device_id, (at at time zone 'Asia/Shanghai')::date as day, count(*)::int as n
         from device_heartbeats group by 1, 2
       )
       select count(distinct r.day)::int as days,
              count(*) filter (where dd.heartbeats[extract(day from r.day)::int] is distinct from r.n)::int as disagree
       from raw r left join device_daily dd on dd.device_id = r.device_id and dd.month = date_trunc('month', r.day)::date
       where r.day > ($1::timestamptz at time zone 'Asia/Shanghai')::date - ${RAW_DAYS}`,
      [new Date(to).toISOString()],
    );
    expect(raw!.days).toBe(RAW_DAYS);
    expect(raw!.disagree).toBe(0);
    const [counted] = await db.query<{ n: number }>(`select count(*)::int as n from device_heartbeats where at > $1`, [new Date(from).toISOString()]);
    expect(counted!.n).toBeGreaterThan(0);
    expect(counted!.n).toBeLessThan(result.heartbeats);
  });

  it("raises each modelled kind at the model's rate for the window's hours, season and fleet", async () => {
    const count = await census(db);
    const repeatsAfter = await repeatsByKind(db, lastIdBefore);
    const rows = MODELLED_KINDS.map(async (kind) => {
      // Repeats folded into the alarms open before the window are alarms of the window too.
      const folded = (repeatsAfter.get(kind) ?? 0) - (repeatsBefore.get(kind) ?? 0);
      const observed = (await raised(db, kind, from + 1, to + 1)) + folded;
      const expectation = expected(kind, count, from, to);
      return { kind, observed, folded, expected: +expectation.toFixed(1), bound: +poissonBound(expectation).toFixed(1) };
    });
    const table = await Promise.all(rows);
    for (const row of table) expect(row.expected, JSON.stringify(row)).toBeGreaterThan(3);
    expect(table.filter((row) => Math.abs(row.observed - row.expected) > row.bound), JSON.stringify(table)).toEqual([]);
  });

  it('continues the seeded catches without a step: the last days of the history and the first of the catch-up', async () => {
    const count = await census(db);
    const chinaMidnight = (ms: number) => Math.floor((ms + CHINA_UTC_OFFSET_MS) / DAY) * DAY - CHINA_UTC_OFFSET_MS;
    const seam = chinaMidnight(from);
    // The whole days on either side of the day of the seam, which is part history, part catch-up.
    const days = [...Array.from({ length: SEAM_DAYS }, (_, i) => seam - (SEAM_DAYS - i) * DAY), ...Array.from({ length: SEAM_DAYS }, (_, i) => seam + (i + 1) * DAY)];
    const chart = await Promise.all(
      days.map(async (day) => ({
        day: new Date(day + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10),
        observed: await raised(db, AlarmKind.trigger, day, day + DAY),
        expected: expected(AlarmKind.trigger, count, day, day + DAY),
      })),
    );
    const side = (rows: typeof chart) => ({
      observed: rows.reduce((sum, row) => sum + row.observed, 0),
      expected: rows.reduce((sum, row) => sum + row.expected, 0),
    });
    const history = side(chart.slice(0, SEAM_DAYS));
    const caughtUp = side(chart.slice(SEAM_DAYS));
    const message = JSON.stringify({ chart, history, caughtUp });
    expect(history.expected, message).toBeGreaterThan(20);
    expect(Math.abs(history.observed - history.expected), message).toBeLessThanOrEqual(poissonBound(history.expected));
    expect(Math.abs(caughtUp.observed - caughtUp.expected), message).toBeLessThanOrEqual(poissonBound(caughtUp.expected));
    // The step, beyond what the season moves: a difference of two Poisson counts varies by the sum of both.
    const step = caughtUp.observed - history.observed - (caughtUp.expected - history.expected);
    expect(Math.abs(step), message).toBeLessThanOrEqual(poissonBound(history.expected + caughtUp.expected));
  });

  it('keeps one open alarm per device and kind, folding repeats into those already open', async () => {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from (select device_id, kind from device_events where state <> 'handled' group by 1, 2 having count(*) > 1) x`,
    );
    expect(row!.n).toBe(0);
  });

  it('writes nothing outside the window', async () => {
    const at = (iso: string) => new Date(iso).getTime();
    const after = await snapshot(db, from);
    const added = (after.events as { id: number; created_at: string; ack_at: string | null; handled_at: string | null; last_at: string }[]).filter((row) => row.id > lastIdBefore);
    expect(added.length).toBe(result.events);
    for (const row of added) {
      expect(at(row.created_at)).toBeGreaterThan(from);
      for (const moment of [row.created_at, row.ack_at, row.handled_at, row.last_at]) if (moment) expect(at(moment)).toBeLessThanOrEqual(to);
    }
    for (const row of after.heartbeats as { at: string }[]) expect(at(row.at)).toBeLessThanOrEqual(to);
    expect(await heartbeatsUpTo(db, from)).toBe(heartbeatsUpToFrom);
    for (const row of after.devices as { last_communication_at: string }[]) expect(at(row.last_communication_at)).toBeLessThanOrEqual(to);

    // device_daily: only the window's days changed, and only upwards.
    const window = new Set<string>();
    for (let day = from; day < to + DAY; day += DAY) window.add(new Date(day + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10));
    window.add(new Date(to + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10));
    const beforeDaily = new Map((before.daily as { device_id: number; month: string; heartbeats: number[] }[]).map((row) => [`${row.device_id} ${String(row.month)}`, row]));
    let outside = 0;
    for (const row of after.daily as { device_id: number; month: Date; heartbeats: number[] }[]) {
      const old = beforeDaily.get(`${row.device_id} ${String(row.month)}`)?.heartbeats ?? Array.from({ length: 31 }, () => 0);
      row.heartbeats.forEach((n, i) => {
        const day = new Date(new Date(row.month).getTime() + CHINA_UTC_OFFSET_MS + i * DAY).toISOString().slice(0, 10);
        if (n !== old[i] && (!window.has(day) || n < old[i]!)) outside += 1;
      });
    }
    expect(outside).toBe(0);
  });
});
