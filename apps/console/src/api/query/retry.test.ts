import { describe, expect, it, vi } from 'vitest';

vi.mock('@arco-design/web-react', () => ({ Message: { error: vi.fn(), warning: vi.fn() } }));

const { RequestError } = await import('../http.ts');
const { retryNetworkFailureOnce } = await import('./retry.ts');

describe('retryNetworkFailureOnce', () => {
  it('retries once a request that got no response at all', () => {
    const dropped = new RequestError('Network Error', 'httpError', true);
    expect(retryNetworkFailureOnce(0, dropped)).toBe(true);
    expect(retryNetworkFailureOnce(1, dropped)).toBe(false);
  });

  it('takes every answer of the server as final: refusals under load, envelope errors, a lost session', () => {
    for (const status of [429, 500, 503]) expect(retryNetworkFailureOnce(0, new RequestError('busy', 'httpError', true, status))).toBe(false);
    expect(retryNetworkFailureOnce(0, new RequestError('参数错误', 'error', true, 200))).toBe(false);
    expect(retryNetworkFailureOnce(0, new RequestError('expired', 'unauthorized', true, 401))).toBe(false);
  });

  it('does not redo a request that timed out, or anything that is not a request failure', () => {
    expect(retryNetworkFailureOnce(0, new RequestError('timeout', 'timeout', true))).toBe(false);
    expect(retryNetworkFailureOnce(0, new Error('boom'))).toBe(false);
  });
});
