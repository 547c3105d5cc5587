import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobOrderPaths, type JobOrderRecord } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { loadServiceReport } from './report-data.ts';
import { diskFileStore, writableDirOr } from '../files/disk-file-store.ts';
import { fileStore } from '../files/file-stores.ts';
import { reportFiles } from './report-files.ts';
import { reportLinks } from './report-links.ts';

const SECRET = 'test-secret-for-report-links-0123456789';
const HOUR_MS = 3_600_000;

describe(`job order reports on ${testDriver}`, () => {
  let backend: TestBackend;
  let cacheDir: string;
  let managerJobs: JobOrderRecord[];
  let otherJobId: number;

  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(os.tmpdir(), 'pest-report-test-'));
    backend = await createTestBackend({ env: { REPORT_CACHE_DIR: cacheDir, REPORT_URL_SECRET: SECRET } });
    const manager = await signIn(backend.app, '13800000001');
    const response = await backend.app.inject({ method: 'POST', url: JobOrderPaths.list, headers: manager, payload: { current: 1, size: 20 } });
    managerJobs = response.json<{ data: { records: JobOrderRecord[] } }>().data.records;
    [{ id: otherJobId }] = await backend.db.query<{ id: number }>(
      'select j.id from job_orders j join customers s on s.id = j.customer_id where s.path[1] <> 1 and j.ended_at is not null order by j.id limit 1',
    ) as [{ id: number }];
  });
  afterAll(async () => {
    await backend?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  const finished = () => managerJobs.find((job) => job.previewUrl !== null)!;
  /** The cache's files, wherever the backend keeps them (the database on PostgreSQL). */
  const cachedNames = async () => (await fileStore(backend.db, 'reports', cacheDir).list()).map((file) => file.key);
  /** Opened as the browser does: no Authorization header. */
  const open = (url: string) => backend.app.inject({ method: 'GET', url });
  const saved = async (pdf: Buffer) => {
    const file = path.join(cacheDir, 'read-back.pdf');
    await writeFile(file, pdf);
    return file;
  };
  const pdfText = async (pdf: Buffer) => execFileSync('pdftotext', ['-layout', await saved(pdf), '-'], { encoding: 'utf8' });
  /** The title a browser's PDF preview shows. */
  const pdfTitle = async (pdf: Buffer) => /^Title:\s+(.*)$/m.exec(execFileSync('pdfinfo', [await saved(pdf)], { encoding: 'utf8' }))?.[1];

  it('serves the previewUrl inline: a PDF naming the store, the job order and what was found, titled and named with the store', async () => {
    const job = finished();
    const response = await open(job.previewUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`${job.code}-${job.customerName}-${job.jobOrderName}.pdf`));
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfTitle(response.rawPayload)).toBe(`${job.customerName} ${job.jobOrderName} 服务报告`);
    const text = await pdfText(response.rawPayload);
    for (const expected of [job.customerName, job.code, job.advocateStaffName, job.realityStartTime, '点位检查']) expect(text).toContain(expected);
  });

  it('serves the pdfUrl as an attachment, from the cache the second time', async () => {
    const job = finished();
    const first = await open(job.pdfUrl!);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toMatch(/^attachment; /);
    const cached = (await cachedNames()).filter((name) => name.startsWith(`${job.id}-`));
    expect(cached).toHaveLength(1);
    const again = await open(job.pdfUrl!);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await cachedNames()).filter((name) => name.startsWith(`${job.id}-`))).toEqual(cached);
  });

  it('serves concurrent requests for a report the same file, never a partial one', async () => {
    const job = managerJobs.filter((candidate) => candidate.previewUrl !== null)[1]!;
    const responses = await Promise.all(Array.from({ length: 4 }, () => open(job.previewUrl!)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    }
    expect((await cachedNames()).filter((name) => name.startsWith(`${job.id}-`))).toHaveLength(1);
    if (testDriver === 'pglite') expect((await readdir(cacheDir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it("refuses a link whose signature, disposition or expiry was changed, that points at another organisation's job order, or that has expired, with 403", async () => {
    const job = finished();
    const url = new URL(job.previewUrl!, 'http://console');
    const variant = (change: (link: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.pathname + copy.search;
    };
    const signature = url.searchParams.get('signature')!;
    const tampered = [
      variant((link) => link.searchParams.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1))),
      variant((link) => (link.pathname = `${JobOrderPaths.report}/${otherJobId}.pdf`)),
      variant((link) => link.searchParams.set('disposition', 'attachment')),
      variant((link) => link.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600))),
      reportLinks(SECRET).url(job.id, 'inline', Date.now() - 3 * HOUR_MS),
      reportLinks('another-secret-of-at-least-32-characters').url(job.id, 'inline'),
    ];
    for (const link of tampered) {
      const response = await open(link);
      expect(response.statusCode, link).toBe(403);
      expect(response.json()).toEqual({ status: 403, message: '报告链接无效或已过期，请刷新列表后重试', data: null });
    }
  });

  it('has no report for a visit in progress, and refuses links without their query', async () => {
    const [{ id }] = await backend.db.query<{ id: number }>('select id from job_orders where ended_at is null limit 1') as [{ id: number }];
    expect((await open(reportLinks(SECRET).url(id, 'inline'))).statusCode).toBe(404);
    expect((await open(`${JobOrderPaths.report}/${id}.pdf`)).statusCode).toBe(400);
    expect((await open(`${JobOrderPaths.report}/abc.pdf?disposition=inline&expires=1&signature=x`)).statusCode).toBe(400);
  });

  it('caches in a temporary directory when the configured one cannot be written', async () => {
    const blocker = path.join(cacheDir, 'not-a-directory');
    await writeFile(blocker, '');
    const fallback = writableDirOr(path.join(blocker, 'reports'), 'pest-reports-', pino({ level: 'silent' }));
    const files = reportFiles({ store: diskFileStore(fallback), limits: { maxAgeMs: HOUR_MS, maxBytes: 1e9 } });
    const job = finished();
    const name = await files.file(job.id, (await loadServiceReport(backend.db, job.id))!);
    const where = await fallback();
    expect(where.startsWith(path.join(os.tmpdir(), 'pest-reports-'))).toBe(true);
    expect(await readdir(where)).toEqual([name]);
    await rm(where, { recursive: true, force: true });
  });
});
