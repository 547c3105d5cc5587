import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, RiskStatus, SummaryPaths, type RiskSummaryRow } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { signedLinks } from '../links/signed-links.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const SECRET = 'risk-photo-test-secret-0123456789abcdef';
const MANAGER_ID = 3;
const ADMIN_ID = 1;
const HOUR_MS = 3_600_000;

describe(`risk photos on ${testDriver}`, () => {
  let backend: TestBackend;
  let rows: RiskSummaryRow[];
  const links = signedLinks(SECRET);

  beforeAll(async () => {
    backend = await createTestBackend({ env: { REPORT_URL_SECRET: SECRET } });
    const manager = await signIn(backend.app, '13800000001');
    const response = await backend.app.inject({
      method: 'POST',
      url: SummaryPaths.riskSummary,
      headers: manager,
      payload: { current: 1, size: 200, customerId: 1, status: RiskStatus.rectified },
    });
    rows = response.json<{ data: { records: RiskSummaryRow[] } }>().data.records;
  });
  afterAll(() => backend?.close());

  // No session: an <img> sends none, the link is the credential.
  const get = (url: string) => backend.app.inject({ method: 'GET', url });
  const pathOf = (url: string) => url.split('?', 1)[0]!;
  const refused = { status: 403, message: ApiMessages.imageLinkInvalid, data: null };

  it('serves a before and an after photo by the signed link the list gives, kept privately no longer than the link lives', async () => {
    const row = rows[0]!;
    for (const [url, words] of [
      [row.picturesList[0]!, '整改前'],
      [row.rectifyPicturesList[0]!, '整改后'],
    ] as const) {
      expect(new URL(url, 'http://x').searchParams.get('viewer')).toBe(String(MANAGER_ID));
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(3500);
      expect(maxAge).toBeLessThanOrEqual(3600 + 15 * 60);
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      for (const text of [words, row.customerName, row.issueDesc]) expect(response.body).toContain(text);
    }
  });

  it('refuses with 403 in the envelope a bare path, an altered link, a link moved to another photo and an expired link', async () => {
    const [first, second] = rows.flatMap((row) => row.picturesList);
    const query = first!.slice(first!.indexOf('?'));
    const alteredSignature = first!.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    for (const url of [
      pathOf(first!),
      alteredSignature,
      first!.replace(`viewer=${MANAGER_ID}`, `viewer=${ADMIN_ID}`),
      pathOf(second!) + query,
      links.sign(pathOf(first!), MANAGER_ID, 'screen', Date.now() - 2 * HOUR_MS),
      // Signed for a user who does not exist (any more).
      links.sign(pathOf(first!), 999_999, 'screen'),
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(refused);
    }
  });

  it('shows a link only what its user may see now: a manager link to another organisation photo is not found', async () => {
    const [outside] = await backend.db.query<{ token: string }>(
      `select f.token from risk_photos f join risks r on r.id = f.risk_id join customers c on c.id = r.customer_id
       where not c.path @> array[(select customer_id from users where id = $1)] limit 1`,
      [MANAGER_ID],
    );
    const path = `${SummaryPaths.riskPhoto}/${outside!.token}.svg`;
    const managers = await get(links.sign(path, MANAGER_ID, 'screen'));
    expect(managers.statusCode).toBe(404);
    expect(managers.json()).toEqual({ status: 404, message: ApiMessages.riskPhotoNotFound, data: null });
    expect((await get(links.sign(path, ADMIN_ID, 'screen'))).statusCode).toBe(200);
  });

  it('gives every photo its own token', async () => {
    const paths = rows.flatMap((row) => [...row.picturesList, ...row.rectifyPicturesList]).map(pathOf);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('answers an unknown token with 404 and a malformed one with 400', async () => {
    const unknown = await get(links.sign(`${SummaryPaths.riskPhoto}/${'0'.repeat(32)}.svg`, ADMIN_ID, 'screen'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, data: null });
    expect((await get(`${SummaryPaths.riskPhoto}/1.svg`)).statusCode).toBe(400);
  });
});
