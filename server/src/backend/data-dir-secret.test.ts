import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobOrderPaths, type JobOrderRecord } from '@pest/shared';
import { dataDirSecret } from './data-dir-secret.ts';
import { testDriver } from './db/testing.ts';
import { createTestBackend, signIn } from './testing.ts';

describe('dataDirSecret', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-secret-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a secret once, readable by its owner only, and gives the same one to every later and concurrent caller', async () => {
    const file = path.join(dir, 'nested', '.link-secret');
    const [first, concurrent] = await Promise.all([dataDirSecret(file), dataDirSecret(file)]);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(concurrent).toBe(first);
    expect(await dataDirSecret(file)).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await dataDirSecret(path.join(dir, 'other'))).not.toBe(first);
  });
});

describe(`links across a restart on ${testDriver}`, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pest-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('opens a report link made before the restart, with REPORT_URL_SECRET unset', async () => {
    const env = { DATA_DIR: dataDir, REPORT_CACHE_DIR: path.join(dataDir, 'reports') };
    const before = await createTestBackend({ env });
    const manager = await signIn(before.app, '13800000001');
    const list = await before.app.inject({ method: 'POST', url: JobOrderPaths.list, headers: manager, payload: { current: 1, size: 20 } });
    const link = list.json<{ data: { records: JobOrderRecord[] } }>().data.records.find((job) => job.previewUrl)!.previewUrl!;
    await before.close();

    const after = await createTestBackend({ env });
    try {
      const report = await after.app.inject({ method: 'GET', url: link });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toBe('application/pdf');
    } finally {
      await after.close();
    }
  });
});
