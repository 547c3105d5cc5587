import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PACK_SECTION_FILES, AuditPackMessages, AuditPackPaths, JobOrderPaths, UploadPaths, type AuditPackStatus, type JobOrderRecord, type OssConfig } from '@pest/shared';
import { loadConfig } from '../../config.ts';
import { createBackend } from '../create-backend.ts';
import type { Db } from '../db/db.ts';
import { openSecondPool, testDatabaseUrl, testDriver } from '../db/testing.ts';
import { signedLinks } from '../links/signed-links.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { fileStore } from './file-stores.ts';
import { demoWorld } from '../../demo/index.ts';

const LINK_SECRET = 'shared-files-test-link-secret-0123456789';
const OSS_SECRET = 'shared-files-test-oss-secret';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 9)]);
/** A pack of the provider's documents alone: its scans come from the uploads every instance shares. */
const DOCUMENTS_PACK = { startDate: '2026-07-01', endDate: '2026-09-30', sections: ['documents'] };
const BUILD_WAIT_MS = 240_000;

/** A multipart form as a browser sends it: the fields in order, the file last. */
function multipart(fields: Record<string, string>, bytes: Buffer) {
  const boundary = '----pestshared41';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Two instances of the product on one PostgreSQL, as behind a load balancer: each with a data
 * directory of its own (nothing on disk is shared), the same secrets. What one keeps, the other serves.
 */
describe.skipIf(testDriver !== 'postgres')('files two instances share on PostgreSQL', () => {
  let first: TestBackend;
  let second: Awaited<ReturnType<typeof createBackend>>;
  let secondPool: Db;
  const dirs: string[] = [];
  const instanceEnv = async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pest-shared-files-'));
    dirs.push(dataDir);
    return {
      DATA_DIR: dataDir,
      AUDIT_PACK_DIR: path.join(dataDir, 'audit-packs'),
      REPORT_CACHE_DIR: path.join(dataDir, 'reports'),
      REPORT_URL_SECRET: LINK_SECRET,
      OSS_ACCESS_KEY_SECRET: OSS_SECRET,
    };
  };
  /** What an instance left on its own disk besides its secrets: nothing, when the files are shared. */
  const filesOnDisk = async (dataDir: string) =>
    (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);

  beforeAll(async () => {
    first = await createTestBackend({ env: await instanceEnv() });
    secondPool = (await openSecondPool(first.db))!;
    const config = { ...loadConfig({ SIMULATOR: 'off', REPORT_RENDER_AHEAD_DAYS: '0', ...(await instanceEnv()) }), databaseUrl: await testDatabaseUrl(first.db) };
    second = await createBackend({ db: secondPool, logger: pino({ level: 'silent' }), config, demoWorld });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
    await first?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('serves an upload made through one instance from the other', async () => {
    const manager = await signIn(first.app, '13800000001');
    const policy = (await first.app.inject({ method: 'GET', url: UploadPaths.ossConfig, headers: manager })).json<{ data: OssConfig }>().data;
    const key = `${policy.dir}shared.png`;
    const form = multipart(
      { key, policy: policy.policy, OSSAccessKeyId: policy.accessKeyId, signature: policy.signature, success_action_status: '200', 'Content-Type': 'image/png' },
      PNG,
    );
    expect((await first.app.inject({ method: 'POST', url: policy.host, ...form })).statusCode).toBe(200);
    const link = signedLinks(LINK_SECRET).sign(`${policy.host}/${key}`, 3, 'screen');
    const served = await second.inject({ method: 'GET', url: link });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(await filesOnDisk(dirs[0]!)).toEqual([]);

    const missing = await second.inject({ method: 'GET', url: signedLinks(LINK_SECRET).sign(`${policy.host}/${policy.dir}gone.png`, 3, 'screen') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, data: null, message: expect.stringContaining('文件不存在') });
  });

  it('serves a report PDF one instance cached from the other, out of the shared cache', async () => {
    const manager = await signIn(first.app, '13800000001');
    const jobs = (await first.app.inject({ method: 'POST', url: JobOrderPaths.list, headers: manager, payload: { current: 1, size: 20 } })).json<{ data: { records: JobOrderRecord[] } }>().data.records;
    const job = jobs.find((candidate) => candidate.pdfUrl !== null)!;
    expect((await first.app.inject({ method: 'GET', url: job.pdfUrl! })).statusCode).toBe(200);
    // The cached file is marked, so that only a read of the shared cache gives the mark back.
    const reports = fileStore(first.db, 'reports', dirs[0]!);
    const cached = (await reports.list()).filter((file) => file.key.startsWith(`${job.id}-`));
    expect(cached).toHaveLength(1);
    await reports.put(cached[0]!.key, Buffer.from('%PDF-cached by the first instance'));
    const served = await second.inject({ method: 'GET', url: job.pdfUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('%PDF-cached by the first instance');
    expect([...(await filesOnDisk(dirs[0]!)), ...(await filesOnDisk(dirs[1]!))]).toEqual([]);
  });

  it(
    'downloads an audit pack from either instance, whichever built it, with the documents\' scans from the shared uploads; a missing file is a 404 envelope',
    async () => {
      const manager = await signIn(first.app, '13800000001');
      const [store] = await first.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] = 1 order by id limit 1');
      const created = await first.app.inject({ method: 'POST', url: AuditPackPaths.create, headers: manager, payload: { customerIds: [store!.id], ...DOCUMENTS_PACK } });
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json<{ data: AuditPackStatus }>().data;
      const statusOn = async (app: typeof second) =>
        (await app.inject({ method: 'POST', url: AuditPackPaths.status, headers: await signIn(app, '13800000001'), payload: { id } })).json<{ data: AuditPackStatus }>().data;
      await expect.poll(async () => (await statusOn(first.app)).state, { timeout: BUILD_WAIT_MS, interval: 200 }).toMatch(/done|failed/);
      const status = await statusOn(second);
      expect(status.state, status.error ?? '').toBe('done');

      const fromFirst = await first.app.inject({ method: 'GET', url: status.downloadUrl! });
      const fromSecond = await second.inject({ method: 'GET', url: status.downloadUrl! });
      expect([fromFirst.statusCode, fromSecond.statusCode]).toEqual([200, 200]);
      expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
      const zip = await JSZip.loadAsync(fromSecond.rawPayload);
      const documents = Object.keys(zip.files).filter((name) => name.startsWith(`${AUDIT_PACK_SECTION_FILES.documents}/`) && name.endsWith('.pdf'));
      expect(documents.length).toBeGreaterThan(0);
      // The seeded scans were drawn into the shared uploads: each document embeds its picture (an image
      // object, whose dictionary PDFKit writes in clear), not the note that the scan is held elsewhere.
      for (const name of documents) expect((await zip.file(name)!.async('nodebuffer')).includes('/Subtype /Image'), name).toBe(true);

      const [{ fileName }] = (await first.db.query<{ fileName: string }>('select file_name as "fileName" from audit_packs where id = $1', [id])) as [{ fileName: string }];
      await fileStore(first.db, 'packs', dirs[0]!).delete(fileName);
      for (const app of [first.app, second]) {
        const gone = await app.inject({ method: 'GET', url: status.downloadUrl! });
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toMatchObject({ status: 404, data: null, message: AuditPackMessages.fileMissing });
      }
    },
    BUILD_WAIT_MS + 60_000,
  );
});
