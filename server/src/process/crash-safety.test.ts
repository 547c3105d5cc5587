import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, SessionPaths } from '@pest/shared';
import type { Db } from '../backend/db/db.ts';
import { openPglite } from '../backend/db/pglite.ts';
import { openPostgres } from '../backend/db/postgres.ts';
import { sendReport } from '../backend/devices/send-report.ts';
import { testDatabaseConfig, testDriver } from '../backend/db/testing.ts';
import type { Config } from '../config.ts';
import { spawnProduct } from './testing/spawn-product.ts';

/**
 * kill -9 of the whole product (gateway and backend) in the middle of a stream of writes, then a
 * restart on the same data: every write that was answered 200 must be there. PGlite writes its
 * WAL through to the operating system on every commit, so a killed process loses nothing the
 * database acknowledged (a power cut is another matter; the README says what that costs).
 */
const DEVICES = 40;
/** Enough acknowledged writes of each kind for the check to mean something. */
const ENOUGH_REPORTS = 11;
const ENOUGH_EDITED_DEVICES = 6;
/** A machine too slow to reach that within this long fails the test, rather than hanging it. */
const WRITE_LIMIT_MS = 60_000;

let overrides: Partial<Config>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ overrides, cleanup } = await testDatabaseConfig());
});
afterAll(async () => cleanup?.());

/** The product's database, opened directly while the product is not running. */
async function openData(): Promise<Db> {
  if (overrides.databaseUrl) return openPostgres(overrides.databaseUrl, pino({ level: 'silent' }));
  return openPglite({ dataDir: path.join(overrides.dataDir!, 'db') });
}

/** The product in a process group of its own, so that one SIGKILL ends it and its backend at once. */
const startProduct = () =>
  spawnProduct(
    {
      CONSOLE_DIST: path.join(os.tmpdir(), 'pest-no-console'),
      UPSTREAM_URL: '',
      DATABASE_URL: overrides.databaseUrl ?? '',
      DATA_DIR: overrides.dataDir ?? os.tmpdir(),
      SEED_SCALE: overrides.seedScale!,
      SIMULATOR: 'off',
    },
    { detached: true },
  );

describe(`crash safety on ${testDriver}`, () => {
  it('keeps every acknowledged device report and device edit through a kill -9 and a restart', { timeout: 180_000 }, async () => {
    // PGlite's files belong to one process at a time: read them before the product starts. An
    // empty PostgreSQL schema is seeded by the product's first start: read it after.
    const readDevices = async () => {
      const db = await openData();
      try {
        return await db.query<{ id: number; deviceNo: string; secret: string }>(
          `select id, device_no as "deviceNo", secret from devices order by id limit ${DEVICES}`,
        );
      } finally {
        await db.close();
      }
    };
    const early = overrides.databaseUrl ? null : await readDevices();
    const { url, child } = await startProduct();
    const devices = early ?? (await readDevices());
    expect(devices).toHaveLength(DEVICES);
    const login = await fetch(url + SessionPaths.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: '123456' }),
    });
    const authorization = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;

    const reports: { deviceId: number; at: string }[] = [];
    const edits = new Map<number, string>();
    let killed = false;
    let sequence = 0;
    // A day back: within the week a report may be dated in, and before anything the demo writes now.
    const firstAt = Date.now() - 24 * 3600_000;
    const writer = async (device: (typeof devices)[number]) => {
      while (!killed) {
        const n = sequence++;
        try {
          if (n % 2 === 0) {
            // Distinct instants in the past: each report is one heartbeat row that can be found again.
            const at = new Date(firstAt + n * 1_000).toISOString();
            const response = await sendReport(url, device, { battery: 80, at });
            if (response.status === 200) reports.push({ deviceId: device.id, at });
          } else {
            const deviceName = `断电测试 ${n}`;
            const response = await fetch(url + DevicePaths.edit, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', authorization },
              body: JSON.stringify({ id: device.id, deviceName }),
            });
            const body = (await response.json()) as { status: number };
            if (response.status === 200 && body.status === 200) edits.set(device.id, deviceName);
          }
        } catch {
          return; // the product is gone
        }
      }
    };
    const writing = Promise.all(devices.map(writer));
    // Killed mid-stream, once enough writes were answered (however slow the machine), while the
    // writers still have requests in flight.
    const limit = Date.now() + WRITE_LIMIT_MS;
    while ((reports.length < ENOUGH_REPORTS || edits.size < ENOUGH_EDITED_DEVICES) && Date.now() < limit) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    killed = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await Promise.all([writing, exited]);
    expect(reports.length).toBeGreaterThanOrEqual(ENOUGH_REPORTS);
    expect(edits.size).toBeGreaterThanOrEqual(ENOUGH_EDITED_DEVICES);

    // The restart recovers the database (replaying its WAL) and serves again.
    const restarted = await startProduct();
    const check = await fetch(restarted.url + SessionPaths.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: '123456' }),
    });
    expect(check.status).toBe(200);
    const stopped = new Promise((resolve) => restarted.child.once('exit', resolve));
    restarted.child.kill('SIGTERM');
    await stopped;

    const after = await openData();
    try {
      const found = await after.query<{ deviceId: number; at: string }>(
        `select device_id as "deviceId", to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
         from device_heartbeats where device_id = any($1::int[]) and at < '2027-01-01'`,
        [devices.map((device) => device.id)],
      );
      const stored = new Set(found.map((row) => `${row.deviceId} ${row.at}`));
      const lost = reports.filter((report) => !stored.has(`${report.deviceId} ${report.at}`));
      const names = new Map(
        (await after.query<{ id: number; name: string }>('select id, name from devices where id = any($1::int[])', [[...edits.keys()]])).map(
          (row) => [row.id, row.name],
        ),
      );
      // A later edit may have been written but not answered before the kill: the newest acknowledged one, or newer.
      const editsLost = [...edits].filter(([id, name]) => Number(names.get(id)?.split(' ')[1]) < Number(name.split(' ')[1]));
      console.log(`crash safety (${testDriver}): ${reports.length} acknowledged reports and ${edits.size} devices' acknowledged edits checked after kill -9; lost ${lost.length + editsLost.length}`);
      expect(lost).toEqual([]);
      expect(editsLost).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
