import { describe, expect, it } from 'vitest';
import { FieldEndpoints, FieldMessages, JobOrderState } from '@pest/shared';
import { fieldCall, resultOf } from './fieldCall.ts';

describe('what a call came to', () => {
  it('tells a refusal, which waits for the technician, from a failure worth retrying', () => {
    expect(resultOf({ httpStatus: 409, body: { status: 409, message: FieldMessages.reassigned } })).toEqual({ kind: 'refused', message: FieldMessages.reassigned, httpStatus: 409 });
    expect(resultOf({ httpStatus: 200, body: { status: 500, message: '账号或密码错误' } })).toMatchObject({ kind: 'refused' });
    expect(resultOf({ httpStatus: 429, body: { status: 429, message: '请求过多' } })).toMatchObject({ kind: 'failed' });
    expect(resultOf({ httpStatus: 502 })).toMatchObject({ kind: 'failed' });
    expect(resultOf({ errorMessage: 'Failed to fetch' })).toMatchObject({ kind: 'failed' });
    expect(resultOf({ timedOut: true })).toMatchObject({ kind: 'failed' });
    expect(resultOf({ httpStatus: 401 })).toMatchObject({ kind: 'signedOut' });
  });

  it('sends the body and the token, and reads the answer', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const fetcher: typeof fetch = async (url, init) => {
      seen.push({ url: String(url), init });
      return new Response(JSON.stringify({ status: 200, message: 'ok', data: { state: JobOrderState.inProgress, notice: null } }), { status: 200 });
    };
    const body = { id: 4, clientId: 'abcdef0123', at: '2026-12-02T01:00:00.000Z' };
    expect(await fieldCall(fetcher, 'tok', FieldEndpoints.start, body)).toEqual({ kind: 'ok', data: { state: JobOrderState.inProgress, notice: null } });
    expect(seen[0]?.url).toBe('/api/field/visit/start');
    expect(seen[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual(body);
    expect(new Headers(seen[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
  });
});
