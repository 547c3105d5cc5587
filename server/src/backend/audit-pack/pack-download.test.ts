import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPackMessages, AuditPackPaths, AuditPackState, type AuditPackStatus } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { insertPack } from './pack-jobs.ts';

/** The demo manager's user id (13800000001). */
const MANAGER_ID = 3;

/**
 * A pack done in the database whose file is not in the store (deleted, or, before issue #36,
 * built on another instance's disk): 404 in the envelope on either store (disk on PGlite,
 * the database on PostgreSQL), where the download used to answer a raw 500.
 */
describe(`an audit pack whose file is gone, on ${testDriver}`, () => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await createTestBackend();
  });
  afterAll(() => backend?.close());

  it('answers 404 with 审计资料包的文件已不存在 in the envelope', async () => {
    const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] = 1 order by id limit 1');
    // Queued and done in one transaction: no runner claims it in between and builds its file.
    const id = await backend.db.transaction(async (tx) => {
      const queued = await insertPack(tx, { requestedBy: MANAGER_ID, customerIds: [store!.id], startDate: '2026-07-01', endDate: '2026-09-30', sections: ['materials'] }, new Date());
      await tx.query(`update audit_packs set state = '${AuditPackState.done}', file_name = $2, bytes = 10, finished_at = now() where id = $1`, [queued, `audit-pack-${queued}.zip`]);
      return queued;
    });
    const manager = await signIn(backend.app, '13800000001');
    const status = (await backend.app.inject({ method: 'POST', url: AuditPackPaths.status, headers: manager, payload: { id } })).json<{ data: AuditPackStatus }>().data;
    const download = await backend.app.inject({ method: 'GET', url: status.downloadUrl! });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toMatchObject({ status: 404, message: AuditPackMessages.fileMissing, data: null });
  });
});
