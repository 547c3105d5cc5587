import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RISK_OVERDUE_DAYS } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { openTestDb, TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { diskFileStore } from '../files/disk-file-store.ts';
import { buildPack } from './pack-builder.ts';
import type { PackJob } from './pack-jobs.ts';

describe(`audit pack builder on ${testDriver}`, () => {
  let db: Db;
  let dir: string;
  let job: PackJob;

  beforeAll(async () => {
    db = await openTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-pack-builder-'));
    const [store] = await db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    job = { id: 1, requestedBy: 1, customerIds: [store!.id], startDate: '2026-07-01', endDate: '2026-09-30', sections: ['materials', 'pointChecks'], attempts: 1 };
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  // Vitest fails a run on an unhandled rejection: in the backend's own process (PGlite) it would end the process.
  it('fails with the write error when the zip cannot be written, instead of leaving it unhandled or waiting forever', async () => {
    const context = { ageing: { now: TEST_DEMO_ANCHOR, limits: DEFAULT_RISK_OVERDUE_DAYS }, uploads: diskFileStore(dir) };
    const reports: (string | null)[] = [];
    const build = buildPack(db, job, path.join(dir, 'gone', 'pack.zip'), async ({ step }) => void reports.push(step), context);
    await expect(build).rejects.toMatchObject({ code: 'ENOENT' });
    expect(reports.length).toBeLessThanOrEqual(1);
  });
});
