import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  MaterialKind,
  MaterialPaths,
  OSS_PUBLIC_PATH,
  UPLOAD_DOCUMENT_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_SHEET_MAX_BYTES,
  UPLOAD_SHEET_TYPE,
  UploadPaths,
  type Material,
  type OssConfig,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { signedLinks } from '../links/signed-links.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const SECRET = 'upload-test-secret';
const LINK_SECRET = 'upload-test-link-secret-0123456789abcdef';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50, 1)]);
/** The smallest PDF a viewer opens: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A multipart form as a browser sends it: the fields in order, the file last. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----pestform7a9c';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A policy signed here, independently of the server's code, as Aliyun documents it. */
function signedPolicy(conditions: unknown[], expiresInSeconds: number) {
  const policy = Buffer.from(JSON.stringify({ expiration: new Date(Date.now() + expiresInSeconds * 1000).toISOString(), conditions })).toString('base64');
  return { policy, signature: createHmac('sha1', SECRET).update(policy).digest('base64') };
}

describe(`image upload on ${testDriver}`, () => {
  let backend: TestBackend;
  let dataDir: string;
  let config: OssConfig;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pest-oss-'));
    backend = await createTestBackend({ env: { DATA_DIR: dataDir, OSS_ACCESS_KEY_SECRET: SECRET, REPORT_URL_SECRET: LINK_SECRET } });
    const manager = await signIn(backend.app, '13800000001');
    config = (await backend.app.inject({ method: 'GET', url: UploadPaths.ossConfig, headers: manager })).json<{ data: OssConfig }>().data;
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (overrides: Record<string, string>, file = { name: 'a.png', type: 'image/png', bytes: PNG }) => {
    const key = overrides.key ?? `${config.dir}${Math.random().toString(36).slice(2)}.png`;
    const { payload, headers } = multipart(
      {
        key,
        policy: config.policy,
        OSSAccessKeyId: config.accessKeyId,
        signature: config.signature,
        success_action_status: '200',
        'Content-Type': file.type,
        ...overrides,
      },
      file,
    );
    return backend.app.inject({ method: 'POST', url: config.host, payload, headers }).then((response) => ({ response, key }));
  };

  it('signs a policy for ten minutes at most, for images, PDFs and import sheets under the user own dir', () => {
    expect(config).toMatchObject({ host: OSS_PUBLIC_PATH, accessKeyId: 'reference-backend', bucket: 'pest-console', dir: 'uploads/u3/' });
    expect(config.expire - Date.now() / 1000).toBeLessThanOrEqual(600);
    expect(createHmac('sha1', SECRET).update(config.policy).digest('base64')).toBe(config.signature);
    const policy = JSON.parse(Buffer.from(config.policy, 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['starts-with', '$key', 'uploads/u3/'],
        ['content-length-range', 0, Math.max(UPLOAD_SHEET_MAX_BYTES, UPLOAD_DOCUMENT_MAX_BYTES)],
        ['in', '$content-type', ['image/png', 'image/jpeg', 'image/gif', UPLOAD_SHEET_TYPE, 'application/pdf']],
      ]),
    );
  });

  it('keeps a valid upload and serves it by a signed link with its type, never sniffed nor cached for long', async () => {
    const { response, key } = await upload({});
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const path = `${config.host}/${key}`;
    const file = await backend.app.inject({ method: 'GET', url: signedLinks(LINK_SECRET).sign(path, 3, 'screen') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d{4}$/);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The bare path, or a link from someone without the key, is refused.
    for (const url of [path, signedLinks('a-guessed-secret-of-at-least-32-chars').sign(path, 3, 'screen')]) {
      const refused = await backend.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 403, message: ApiMessages.imageLinkInvalid, data: null });
    }
    const gif = await upload({ key: `${config.dir}b.gif`, success_action_status: '204' }, { name: 'b.gif', type: 'image/gif', bytes: GIF });
    expect(gif.response.statusCode).toBe(204);
  });

  it.each([
    ['an expired policy', () => signedPolicy([['starts-with', '$key', 'uploads/u3/']], -5), 'expired'],
    ['a policy longer than ten minutes', () => signedPolicy([['starts-with', '$key', 'uploads/u3/']], 3600), 'too far'],
    ['a bad signature', () => ({ policy: config.policy, signature: createHmac('sha1', 'guess').update(config.policy).digest('base64') }), 'Signature'],
  ])('refuses %s', async (_label, make, reason) => {
    const { response } = await upload(make());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain(reason);
  });

  it('refuses a key outside the user prefix, and one that climbs out', async () => {
    for (const key of ['uploads/u4/x.png', 'x.png']) {
      const { response } = await upload({ key });
      expect(response.statusCode).toBe(403);
    }
    const { response } = await upload({ key: `${config.dir}../../u4/x.png` });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an image of more than 3 MB, though a sheet may be larger', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES, 0)]);
    const { response } = await upload({}, { name: 'big.png', type: 'image/png', bytes: big });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('3 MB');
    const sheet = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(UPLOAD_MAX_BYTES, 0)]);
    const kept = await upload({ key: `${config.dir}big.xlsx`, 'Content-Type': UPLOAD_SHEET_TYPE }, { name: 'big.xlsx', type: UPLOAD_SHEET_TYPE, bytes: sheet });
    expect(kept.response.statusCode).toBe(200);
  });

  it('keeps a PDF and serves it by a signed link inline, sandboxed, never sniffed; a material may name it as its safety data sheet', async () => {
    const { response, key } = await upload({ key: `${config.dir}sds-scan.pdf`, 'Content-Type': 'application/pdf' }, { name: 'sds-scan.pdf', type: 'application/pdf', bytes: PDF });
    expect(response.statusCode, response.body).toBe(200);
    const path = `${config.host}/${key}`;
    const file = await backend.app.inject({ method: 'GET', url: signedLinks(LINK_SECRET).sign(path, 3, 'screen') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename=sds-scan.pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d{4}$/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // As an image: the bare path, or a link signed with another key, is refused.
    for (const url of [path, signedLinks('a-guessed-secret-of-at-least-32-chars').sign(path, 3, 'screen')]) {
      const refused = await backend.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 403, message: ApiMessages.imageLinkInvalid, data: null });
    }

    // The stored PDF is "ours": a material keeps it as its safety data sheet and lists it by a link that serves it.
    const admin = await signIn(backend.app, 'admin');
    const material = { name: '上传说明书的杀虫剂', type: MaterialKind.insecticide, registrationNo: 'WP20269999', unit: 'ml', sdsUrl: path };
    const saved = await backend.app.inject({ method: 'POST', url: MaterialPaths.save, headers: admin, payload: material });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = await backend.app.inject({ method: 'POST', url: MaterialPaths.list, headers: admin, payload: { current: 1, size: 10, keyword: material.name } });
    const [row] = listed.json<{ data: { records: Material[] } }>().data.records;
    expect(row!.sdsUrl).toMatch(new RegExp(`^${path}\\?`));
    const served = await backend.app.inject({ method: 'GET', url: row!.sdsUrl! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('refuses a PNG that claims to be a PDF, a PDF under an image name, and a PDF of more than 20 MB', async () => {
    const pngAsPdf = await upload({ key: `${config.dir}fake.pdf`, 'Content-Type': 'application/pdf' }, { name: 'fake.pdf', type: 'application/pdf', bytes: PNG });
    expect(pngAsPdf.response.statusCode).toBe(400);
    expect(pngAsPdf.response.json().message).toContain('not the type it claims');
    const pdfAsPng = await upload({}, { name: 'a.png', type: 'image/png', bytes: PDF });
    expect(pdfAsPng.response.statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_DOCUMENT_MAX_BYTES, 0x20)]);
    const tooLarge = await upload({ key: `${config.dir}big.pdf`, 'Content-Type': 'application/pdf' }, { name: 'big.pdf', type: 'application/pdf', bytes: big });
    expect(tooLarge.response.statusCode).toBe(400);
    expect(tooLarge.response.json().message).toContain('20 MB');
    // None of them was kept.
    for (const key of ['fake.pdf', 'big.pdf']) {
      const link = signedLinks(LINK_SECRET).sign(`${config.host}/${config.dir}${key}`, 3, 'screen');
      expect((await backend.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    }
  });

  it('refuses a type that is not an image, and an image that is not what it claims', async () => {
    const text = await upload({ key: `${config.dir}notes.txt` }, { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') });
    expect(text.response.statusCode).toBe(400);
    const disguised = await upload({}, { name: 'a.png', type: 'image/png', bytes: GIF });
    expect(disguised.response.statusCode).toBe(400);
    expect(disguised.response.json().message).toContain('not the type it claims');
    const sheetAsPng = await upload({ key: `${config.dir}a.xlsx`, 'Content-Type': UPLOAD_SHEET_TYPE }, { name: 'a.xlsx', type: UPLOAD_SHEET_TYPE, bytes: PNG });
    expect(sheetAsPng.response.statusCode).toBe(400);
    const mismatch = await upload({ 'Content-Type': 'image/gif' }, { name: 'a.png', type: 'image/gif', bytes: PNG });
    expect(mismatch.response.statusCode).toBe(400);
  });

  it('reads a JSON body the size of an upload to the end and refuses it in the envelope', async () => {
    const payload = JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) });
    const response = await backend.app.inject({ method: 'POST', url: config.host, headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(406);
    expect(response.json()).toMatchObject({ status: 406, data: null });
  });

  it.each([
    ['multipart/form-data', '{}'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nuploads'],
  ])('answers a broken form (%s) with a 400 envelope, not a 500', async (contentType, payload) => {
    const response = await backend.app.inject({ method: 'POST', url: config.host, headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, data: null });
  });

  it('answers 404 in the envelope for a file that does not exist', async () => {
    const link = signedLinks(LINK_SECRET).sign(`${config.host}/${config.dir}missing.png`, 3, 'screen');
    const missing = await backend.app.inject({ method: 'GET', url: link });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, message: '文件不存在（NoSuchKey）', data: null });
  });
});
