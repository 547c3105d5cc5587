import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PACK_SECTION_FILES, DEFAULT_RISK_OVERDUE_DAYS } from '@pest/shared';
import type { Db } from '../db/db.ts';
import { openTestDb, TEST_DEMO_ANCHOR, testDatabaseUrl, testDriver } from '../db/testing.ts';
import { PackStopped, type PackContext } from './pack-build.ts';
import type { PackJob } from './pack-jobs.ts';
import { packProcessBuild } from './pack-process.ts';

/** A process of its own starts Node, tsx and the builder's libraries: seconds, more on a busy machine. */
const PROCESS_TEST_MS = 120_000;

// On PostgreSQL the pack process opens its own pool; on PGlite it asks this process to run its queries.
describe(`audit pack built in a process of its own, on ${testDriver}`, () => {
  let db: Db;
  let url: string | null;
  let dir: string;
  let job: PackJob;
  const context = (): PackContext => ({ ageing: { now: TEST_DEMO_ANCHOR, limits: DEFAULT_RISK_OVERDUE_DAYS }, objectDir: dir });

  beforeAll(async () => {
    db = await openTestDb();
    url = await testDatabaseUrl(db);
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-pack-process-'));
    const [store] = await db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    job = { id: 1, requestedBy: 1, customerIds: [store!.id], startDate: '2026-07-01', endDate: '2026-09-30', sections: ['materials'], attempts: 1 };
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('builds the job into the file, relaying every progress report, and tells its peak RSS', async () => {
    const file = path.join(dir, 'built.zip');
    const reports: { step: string | null; done: number; total: number }[] = [];
    let peakRssKb = 0;
    const build = packProcessBuild({ databaseUrl: url, db }, (built, kb) => {
      expect(built.id).toBe(job.id);
      peakRssKb = kb;
    });
    await build(job, file, async (progress) => void reports.push(progress), context());

    const zip = await JSZip.loadAsync(await readFile(file));
    expect(Object.keys(zip.files).sort()).toEqual([AUDIT_PACK_SECTION_FILES.cover, AUDIT_PACK_SECTION_FILES.materials].sort());
    expect(reports.map((report) => [report.step, report.done, report.total])).toEqual([
      [AUDIT_PACK_SECTION_FILES.materials, 0, 2],
      [AUDIT_PACK_SECTION_FILES.cover, 1, 2],
    ]);
    expect(peakRssKb).toBeGreaterThan(0);
  }, PROCESS_TEST_MS);

  it('ends the process at the first report the runner refuses, with the runner’s reason', async () => {
    let reports = 0;
    const refuse = async () => {
      reports++;
      throw new PackStopped();
    };
    await expect(packProcessBuild({ databaseUrl: url, db }, () => undefined)({ ...job, sections: ['materials', 'devices'] }, path.join(dir, 'stopped.zip'), refuse, context())).rejects.toBeInstanceOf(PackStopped);
    expect(reports).toBe(1);
  }, PROCESS_TEST_MS);

  it('fails with its own connection’s error (PostgreSQL: it connects itself)', async () => {
    const unreachable = 'postgres://postgres@127.0.0.1:1/nowhere';
    await expect(packProcessBuild({ databaseUrl: unreachable, db }, () => undefined)(job, path.join(dir, 'failed.zip'), async () => undefined, context())).rejects.toThrow(/ECONNREFUSED/);
  }, PROCESS_TEST_MS);

  it('fails with the error of a query this process ran for it', async () => {
    const failing = { query: () => Promise.reject(new Error('relation "customers" does not exist')), exec: () => Promise.resolve() };
    await expect(packProcessBuild({ databaseUrl: null, db: failing }, () => undefined)(job, path.join(dir, 'failed.zip'), async () => undefined, context())).rejects.toThrow(
      /relation "customers" does not exist/,
    );
  }, PROCESS_TEST_MS);
});

describe(`the pack process and signals, on ${testDriver}`, () => {
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    db = await openTestDb();
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-pack-signals-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The pack process building into `file`: a child of this process whose order names that file. */
  const packProcessOf = async (file: string): Promise<number> => {
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number)) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      // The parent's pid is the second field after the command's closing parenthesis.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      if ((await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '')).includes(file)) return pid;
    }
    throw new Error(`no pack process builds ${file}`);
  };

  const jobOf = async (id: number): Promise<PackJob> => {
    const [store] = await db.query<{ id: number }>('select id from customers where kind = 3 order by id limit 1');
    return { id, requestedBy: 1, customerIds: [store!.id], startDate: '2026-07-01', endDate: '2026-09-30', sections: ['materials'], attempts: 1 };
  };
  const contextOf = (stopping?: AbortSignal): PackContext => ({ ageing: { now: TEST_DEMO_ANCHOR, limits: DEFAULT_RISK_OVERDUE_DAYS }, objectDir: dir, stopping });

  it('outlives a signal to the whole process group (Ctrl-C, systemd stopping the service): the backend answers it, by stopping its runner', async () => {
    const file = path.join(dir, 'signalled.zip');
    const progress = async ({ done }: { done: number }) => {
      if (done > 0) return;
      const pid = await packProcessOf(file);
      for (const signal of ['SIGTERM', 'SIGINT'] as const) process.kill(pid, signal);
    };
    await packProcessBuild({ databaseUrl: await testDatabaseUrl(db), db }, () => undefined)(await jobOf(2), file, progress, contextOf());
    const zip = await JSZip.loadAsync(await readFile(file));
    expect(Object.keys(zip.files).sort()).toEqual([AUDIT_PACK_SECTION_FILES.cover, AUDIT_PACK_SECTION_FILES.materials].sort());
  }, PROCESS_TEST_MS);

  it('ends at once when its runner stops, not at its next report', async () => {
    const stopping = new AbortController();
    const reports: number[] = [];
    const progress = async ({ done }: { done: number }) => {
      reports.push(done);
      stopping.abort();
    };
    const build = packProcessBuild({ databaseUrl: await testDatabaseUrl(db), db }, () => undefined);
    await expect(build(await jobOf(3), path.join(dir, 'stopped.zip'), progress, contextOf(stopping.signal))).rejects.toThrow(/SIGKILL/);
    expect(reports).toEqual([0]);
  }, PROCESS_TEST_MS);
});
