import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPackPaths, type AuditPackStatus } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { openSecondPool, testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
/** A pack builds in seconds on a quiet machine and in minutes on a busy one (two cores shared by several suites). */
const BUILD_WAIT_MS = 240_000;

/**
 * Two instances on one database. A graceful stop (SIGTERM: the backend's close, which stops its
 * pack runner) while a pack is being built is a restart or a scale-down, not a failure: the pack
 * goes back to the queue, uncounted, and the other instance builds it; the user sees it done.
 */
describe(`audit pack handed back on stop, on ${testDriver}`, () => {
  let dir: string;
  let first: TestBackend;
  let secondPool: Db | null = null;
  let second: TestBackend | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-pack-requeue-'));
    first = await createTestBackend({ env: { AUDIT_PACK_DIR: dir } });
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
    // The first instance's app is closed by the test; its database stays open until the second has finished.
    await first?.app.close();
    await first?.db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('goes back to the queue when its instance stops mid-build, and the other instance builds it', async () => {
    const manager = await signIn(first.app, '13800000001');
    // A group of several stores: a store folder each (materials sheet and cover), seconds of work, so the stop comes mid-build.
    const [group] = await first.db.query<{ id: number }>(
      `select parent_id as id from customers where kind = 3 and path[1] = $1 group by parent_id having count(*) between 3 and 10 order by count(*) desc limit 1`,
      [DEMO_ORGANISATION_ID],
    );
    expect(group).toBeDefined();
    const created = await first.app.inject({
      method: 'POST',
      url: AuditPackPaths.create,
      headers: manager,
      payload: { customerIds: [group!.id], startDate: '2026-07-01', endDate: '2026-09-30', sections: ['materials'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ data: AuditPackStatus }>().data;
    const row = async () =>
      (await first.db.query<{ state: string; attempts: number; leaseUntil: Date | null; total: number; error: string | null }>(
        `select state, attempts, lease_until as "leaseUntil", total, error from audit_packs where id = $1`,
        [id],
      ))[0]!;
    // The first instance has begun building (its first progress report is in).
    await expect.poll(async () => (await row()).total, { timeout: BUILD_WAIT_MS, interval: 10 }).toBeGreaterThan(0);
    expect((await row()).state).toBe('running');

    await first.app.close();
    expect(await row()).toMatchObject({ state: 'queued', attempts: 0, leaseUntil: null, error: null });

    secondPool = await openSecondPool(first.db);
    second = await createTestBackend({ db: secondPool ?? first.db, env: { AUDIT_PACK_DIR: dir } });
    const statusOf = async () =>
      (await second!.app.inject({ method: 'POST', url: AuditPackPaths.status, headers: manager, payload: { id } })).json<{ data: AuditPackStatus }>().data;
    await expect.poll(async () => (await statusOf()).state, { timeout: BUILD_WAIT_MS, interval: 200 }).toMatch(/done|failed/);
    const status = await statusOf();
    expect(status.state, status.error ?? '').toBe('done');
    expect(status.done).toBe(status.total);
    expect((await row()).attempts).toBe(1);
    const download = await second.app.inject({ method: 'GET', url: status.downloadUrl! });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
  }, BUILD_WAIT_MS * 2 + 60_000);
});
