import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderDocumentMessages, ProviderDocumentPaths, type ProviderDocument, type ProviderDocumentSaveBody } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { documentsValidIn } from './document-queries.ts';

type Headers = Record<string, string>;
const UPLOADED = '/api/oss/uploads/u1/0123456789abcdef.png';

describe(`provider documents API on ${testDriver}`, () => {
  let backend: TestBackend;
  let dataDir: string;
  let admin: Headers;
  let manager: Headers;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'provider-documents-'));
    // The tests' seeded year ends 2026-11-01; the documents' validity is read on this clock.
    backend = await createTestBackend({ clock: createManualClock(Date.parse('2026-11-01T09:00:00+08:00')), env: { DATA_DIR: dataDir } });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
  });
  afterAll(async () => {
    await backend?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(url: string, headers: Headers, payload?: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const list = async (headers: Headers) => {
    const { statusCode, body } = await call<ProviderDocument[]>(ProviderDocumentPaths.list, headers);
    expect(statusCode).toBe(200);
    return body.data;
  };
  const body = (overrides: Partial<ProviderDocumentSaveBody> = {}): ProviderDocumentSaveBody => ({
    kind: 'other',
    name: '  卫生许可证  ',
    fileUrl: UPLOADED,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    ...overrides,
  });

  it('lists the seeded licences to a customer manager too, valid or expired by the clock, each image behind a signed link', async () => {
    const documents = await list(manager);
    expect(documents.map((d) => [d.kind, d.validFrom, d.validTo, d.validNow])).toEqual([
      ['businessLicence', '2018-06-12', '2038-06-11', true],
      ['pestControlQualification', '2024-03-01', '2027-02-28', true],
      ['pestControlQualification', '2021-03-01', '2024-02-28', false],
    ]);
    expect(documents[0]!.createdByName).toBe('系统管理员');
    const link = documents[0]!.fileUrl;
    expect(link).toMatch(/^\/api\/oss\/seed\/provider-documents\/business-licence\.png\?expires=\d+&viewer=3&signature=/);
    const image = await backend.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const unsigned = await backend.app.inject({ method: 'GET', url: link.split('?', 1)[0]! });
    expect(unsigned.statusCode).toBe(403);
  });

  it('refuses a customer manager who saves or deletes, and changes nothing', async () => {
    const before = await list(admin);
    const saved = await call(ProviderDocumentPaths.save, manager, body());
    expect(saved).toMatchObject({ statusCode: 403, body: { message: ProviderDocumentMessages.staffOnly, data: null } });
    const edited = await call(ProviderDocumentPaths.save, manager, body({ id: before[0]!.id }));
    expect(edited.statusCode).toBe(403);
    const deleted = await call(ProviderDocumentPaths.delete, manager, { id: before[0]!.id });
    expect(deleted).toMatchObject({ statusCode: 403, body: { message: ProviderDocumentMessages.staffOnly } });
    expect((await list(admin)).map((d) => [d.id, d.name])).toEqual(before.map((d) => [d.id, d.name]));
  });

  it.each([
    [body({ fileUrl: 'https://evil.example.com/a.png' }), ProviderDocumentMessages.fileNotOurs],
    [body({ fileUrl: '/api/oss/../secret.png' }), ProviderDocumentMessages.fileNotOurs],
    [body({ validFrom: '2026-05-02', validTo: '2026-05-01' }), ProviderDocumentMessages.validToBeforeFrom],
    [body({ name: '   ' }), ProviderDocumentMessages.nameBlank],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const { statusCode, body: answer } = await call(ProviderDocumentPaths.save, admin, payload);
    expect(statusCode).toBe(400);
    expect(answer.message).toBe(message);
  });

  it('refuses a name over 60 characters and a day that does not exist', async () => {
    for (const payload of [body({ name: '证'.repeat(61) }), body({ validFrom: '2026-02-30' })]) {
      expect((await call(ProviderDocumentPaths.save, admin, payload)).statusCode).toBe(400);
    }
  });

  it('adds, edits with the link it was shown, and deletes a document', async () => {
    const added = await call<ProviderDocument>(ProviderDocumentPaths.save, admin, body());
    expect(added.statusCode).toBe(200);
    expect(added.body.data).toMatchObject({ kind: 'other', name: '卫生许可证', validFrom: '2026-01-01', validTo: '2026-12-31', validNow: true, createdByName: '系统管理员' });
    expect(added.body.data.createdAt).toBe('2026-11-01 09:00:00');
    const id = added.body.data.id;
    const edited = await call<ProviderDocument>(ProviderDocumentPaths.save, admin, body({ id, fileUrl: added.body.data.fileUrl, validTo: '2026-10-31' }));
    expect(edited.body.data).toMatchObject({ id, validTo: '2026-10-31', validNow: false });
    const [stored] = await backend.db.query<{ file_path: string }>('select file_path from provider_documents where id = $1', [id]);
    expect(stored!.file_path).toBe(UPLOADED);
    expect((await call(ProviderDocumentPaths.delete, admin, { id })).statusCode).toBe(200);
    expect((await list(admin)).some((d) => d.id === id)).toBe(false);
    expect((await call(ProviderDocumentPaths.delete, admin, { id })).body.message).toBe(ProviderDocumentMessages.notFound);
    expect((await call(ProviderDocumentPaths.save, admin, body({ id }))).statusCode).toBe(404);
  });

  it('finds the documents valid at any time in a period, boundaries included', async () => {
    const kinds = async (from: string, to: string) => (await documentsValidIn(backend.db, from, to)).map((d) => `${d.kind} ${d.validFrom}`);
    expect(await kinds('2025-11-01', '2026-10-31')).toEqual(['businessLicence 2018-06-12', 'pestControlQualification 2024-03-01']);
    expect(await kinds('2024-02-29', '2024-02-29')).toEqual(['businessLicence 2018-06-12']);
    expect(await kinds('2024-02-28', '2024-03-01')).toEqual(['businessLicence 2018-06-12', 'pestControlQualification 2024-03-01', 'pestControlQualification 2021-03-01']);
    expect(await kinds('2017-01-01', '2018-06-11')).toEqual([]);
  });
});
