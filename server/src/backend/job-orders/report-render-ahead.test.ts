import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../clock/manual-clock.ts';
import type { Db } from '../db/db.ts';
import { openTestDb, TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { loadActivityModel } from '../../demo/seed/job-orders.ts';
import { advanceVisits } from '../../demo/seed/visit-progress.ts';
import { loadServiceReport } from './report-data.ts';
import { diskFileStore } from '../files/disk-file-store.ts';
import { reportFiles, type ReportFiles } from './report-files.ts';
import { startRenderAhead, type RenderAhead } from './report-render-ahead.ts';
import { renderServiceReport, type ServiceReport } from './service-report-pdf.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const logger = pino({ level: 'silent' });
// Only what a test asks for: no sweeps or prunings of their own while it moves the clock by days.
const quiet = { sweepMs: 365 * DAY_MS, pruneMs: 365 * DAY_MS };

describe(`rendering reports ahead on ${testDriver}`, () => {
  let db: Db;
  let dir: string;
  let clock: ManualClock;
  let files: ReportFiles;
  /** The report codes rendered, in order. */
  let rendered: string[];
  /** Renders wait for this when set: a test holds a rendering in progress. */
  let gate: Promise<void> | null;
  let ahead: RenderAhead | undefined;

  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db?.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-render-ahead-test-'));
    clock = createManualClock(TEST_DEMO_ANCHOR.getTime());
    rendered = [];
    gate = null;
    files = reportFiles({
      store: diskFileStore(dir),
      clock,
      limits: { maxAgeMs: 30 * DAY_MS, maxBytes: 1e9 },
      renderPdf: (report) => {
        rendered.push(report.code);
        if (!gate) return renderServiceReport(report);
        const held = new PassThrough();
        void gate.then(() => renderServiceReport(report).pipe(held));
        return held;
      },
    });
  });
  afterEach(async () => {
    await ahead?.stop();
    ahead = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const finishedSince = async (from: Date, to = new Date(clock.now())) =>
    (
      await db.query<{ id: number }>(`select id from job_orders where state = 'done' and ended_at > $1 and ended_at <= $2 order by id`, [
        from.toISOString(),
        to.toISOString(),
      ])
    ).map((row) => row.id);
  const reportOf = async (id: number) => (await loadServiceReport(db, id)) as ServiceReport;
  const cachedIds = async () => (await readdir(dir)).filter((name) => name.endsWith('.pdf')).map((name) => Number(name.split('-')[0])).sort((a, b) => a - b);

  it('renders at start the visits of the last days only, not the whole history', async () => {
    ahead = startRenderAhead(db, files, logger, { days: 2, clock, ...quiet });
    await ahead.idle();
    const recent = await finishedSince(new Date(clock.now() - 2 * DAY_MS));
    expect(recent.length).toBeGreaterThan(0);
    expect(await cachedIds()).toEqual(recent);
    const [older] = await finishedSince(new Date(clock.now() - 30 * DAY_MS), new Date(clock.now() - 3 * DAY_MS));
    expect(await files.cached(older!, await reportOf(older!))).toBe(false);
  });

  it('renders each visit a writer finishes once it says so, so its preview is served without rendering', async () => {
    ahead = startRenderAhead(db, files, logger, { days: 1, clock, ...quiet });
    await ahead.idle();
    // Two days of the business, with the writer's own steps (the service scheduler's tick), then its call after the commit.
    await clock.advance(2 * DAY_MS);
    await db.transaction(async (tx) => {
      await loadActivityModel(tx);
      await advanceVisits(tx, new Date(clock.now()));
      await tx.exec('drop table pest_season, check_reading, region_activity');
    });
    ahead.wake();
    await ahead.idle();
    const finished = await finishedSince(TEST_DEMO_ANCHOR);
    expect(finished.length).toBeGreaterThan(0);
    const renderings = rendered.length;
    for (const id of finished) {
      const report = await reportOf(id);
      expect(await files.cached(id, report), `job order ${id}`).toBe(true);
      expect((await buffer(await files.open(id, report))).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(rendered.length).toBe(renderings);
  });

  it('gives a request for a report being rendered ahead that very rendering', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    ahead = startRenderAhead(db, files, logger, { days: 2, clock, ...quiet });
    await expect.poll(() => rendered.length).toBe(1);
    const [{ id }] = (await db.query<{ id: number }>('select id from job_orders where code = $1', [rendered[0]])) as [{ id: number }];
    const request = files.open(id, await reportOf(id)).then(buffer);
    open();
    const served = await request;
    await ahead.idle();
    expect(rendered.filter((code) => code === rendered[0])).toHaveLength(1);
    expect(served.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await readdir(dir)).filter((name) => name.startsWith(`${id}-`))).toHaveLength(1);
  });

  it('stops with reports still queued and one stuck rendering, without waiting for them', async () => {
    gate = new Promise(() => undefined);
    ahead = startRenderAhead(db, files, logger, { days: 30, clock, ...quiet });
    await expect.poll(() => rendered.length).toBe(1);
    const stopped = ahead.stop();
    await clock.advance(5000);
    await stopped;
    ahead = undefined;
    expect(rendered).toHaveLength(1);
    expect(await cachedIds()).toEqual([]);
    // The database is free for whatever closes next.
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });
});
