import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RiskStatus, SummaryPaths, type RiskSummaryRow } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

describe(`risk photos on ${testDriver}`, () => {
  let backend: TestBackend;
  let rows: RiskSummaryRow[];

  beforeAll(async () => {
    backend = await createTestBackend();
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

  const get = (url: string) => backend.app.inject({ method: 'GET', url });

  it('serves a before and an after photo as SVG without a session, cached for long', async () => {
    const row = rows[0]!;
    for (const [url, words] of [
      [row.picturesList[0]!, '整改前'],
      [row.rectifyPicturesList[0]!, '整改后'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toContain('max-age=31536000');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      for (const text of [words, row.customerName, row.issueDesc]) expect(response.body).toContain(text);
      expect((await get(url)).body).toBe(response.body);
    }
  });

  it('gives every photo its own token', async () => {
    const urls = rows.flatMap((row) => [...row.picturesList, ...row.rectifyPicturesList]);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('answers an unknown token with 404 and a malformed one with 400', async () => {
    const unknown = await get(`${SummaryPaths.riskPhoto}/${'0'.repeat(32)}.svg`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, data: null });
    expect((await get(`${SummaryPaths.riskPhoto}/1.svg`)).statusCode).toBe(400);
  });
});
