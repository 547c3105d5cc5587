import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openEmptyTestDb, testDriver } from './testing.ts';

const silent = pino({ level: 'silent' });
const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));
const LIFECYCLE = '050_alarm_lifecycle.sql';

interface Row {
  id: number;
  state: string;
  severity: string | null;
  handled: boolean;
  repeatCount: number;
  lastAt: string;
  ackAt: string | null;
  note: string | null;
}

/** Rows written before the alarm lifecycle existed keep their meaning through migration 050. */
describe(`migration ${LIFECYCLE} on ${testDriver}`, () => {
  let db: Db;
  let dir: string;
  let rows: Row[];

  beforeAll(async () => {
    db = await openEmptyTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-alarm-migration-'));
    const files = (await readdir(MIGRATIONS)).filter((file) => file.endsWith('.sql')).sort();
    for (const file of files.filter((file) => file < LIFECYCLE)) await copyFile(path.join(MIGRATIONS, file), path.join(dir, file));
    const dirUrl = pathToFileURL(`${dir}/`);
    await migrate(db, silent, dirUrl);
    await db.exec(
      `insert into customers (id, name, path) values (1, '门店', '{1}');
       insert into device_types (id, name, smart_kind) values (1, 'NB鼠盒', 1), (3, 'LoRa网关', 3);
       insert into dictionary (id, type_id, name) values (1, 18, '供应商');
       insert into devices (id, customer_id, device_type_id, code, device_no, name, remaining_power, supplier_id, technical_support, status, has_unhandled_alarm, last_communication_at)
       values (1, 1, 1, 'B1', 'N1', '鼠盒', 80, 1, '', 2, true, now()), (2, 1, 3, 'G1', 'N2', '网关', 100, 1, '', 1, true, now());
       insert into device_events (id, device_id, customer_id, kind, content, created_at, handled, handled_at) values
         (1, 1, 1, 5, '触发捕鼠', '2026-01-01 10:00+08', true, '2026-01-01 11:00+08'),
         (2, 1, 1, 5, '触发捕鼠', '2026-01-02 10:00+08', false, null),
         (3, 1, 1, 5, '触发捕鼠', '2026-01-02 12:00+08', false, null),
         (4, 1, 1, 5, '触发捕鼠', '2026-01-02 13:00+08', false, null),
         (5, 1, 1, 3, '电量低于20%', '2026-01-02 09:00+08', false, null),
         (6, 2, 1, 1, '设备离线', '2026-01-03 09:00+08', false, null),
         (7, 1, 1, 1, '设备离线', '2026-01-01 09:00+08', true, '2026-01-01 09:30+08'),
         (8, 1, 1, 6, '设备上线', '2026-01-01 09:30+08', true, '2026-01-01 09:30+08');`,
    );
    await copyFile(path.join(MIGRATIONS, LIFECYCLE), path.join(dir, LIFECYCLE));
    await migrate(db, silent, dirUrl);
    rows = await db.query<Row>(
      `select id, state, severity, handled, repeat_count as "repeatCount", last_at::text as "lastAt", ack_at::text as "ackAt", note
       from device_events order by id`,
    );
  });
  afterAll(async () => {
    await db?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const row = (id: number) => rows.find((candidate) => candidate.id === id)!;

  it('keeps every row, handled ones handled (acknowledged when handled), open ones open', () => {
    expect(rows.map((candidate) => candidate.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(row(1)).toMatchObject({ state: 'handled', handled: true, repeatCount: 0 });
    expect(row(1).ackAt).not.toBeNull();
    expect(row(5)).toMatchObject({ state: 'open', handled: false, ackAt: null });
  });

  it('gives severities by kind, a gateway offline critical, the online event none', () => {
    expect([1, 5, 6, 7, 8].map((id) => row(id).severity)).toEqual(['critical', 'minor', 'critical', 'major', null]);
  });

  it('folds a device\'s several open alarms of one kind into the oldest, counting the others as repeats', () => {
    expect(row(2)).toMatchObject({ state: 'open', repeatCount: 2 });
    expect(new Date(row(2).lastAt).getTime()).toBe(new Date('2026-01-02T13:00:00+08:00').getTime());
    for (const id of [3, 4]) expect(row(id)).toMatchObject({ state: 'handled', handled: true, note: '已并入同一设备同类未处理告警 #2' });
  });

  it('refuses afterwards a second open alarm of a kind on a device, and a handled flag that disagrees with the state', async () => {
    await expect(
      db.query(`insert into device_events (device_id, customer_id, kind, content, created_at, handled, state) values (1, 1, 5, 'x', now(), false, 'open')`),
    ).rejects.toThrow();
    await expect(db.query(`update device_events set handled = true, handled_at = now() where id = 5`)).rejects.toThrow();
  });
});
