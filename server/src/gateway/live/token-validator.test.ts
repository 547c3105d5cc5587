import { describe, expect, it } from 'vitest';
import { createTokenValidator, tokenId } from './token-validator.ts';
import { UpstreamUnauthorizedError, type UpstreamClient } from './upstream-client.ts';

/** An upstream whose answers to selectById the test releases one by one. */
function heldUpstream() {
  const pending: { token: string; answer(valid: boolean): void }[] = [];
  const upstream: UpstreamClient = {
    get: <T>(token: string) =>
      new Promise<T>((resolve, reject) =>
        pending.push({ token, answer: (valid) => (valid ? resolve({ id: 7, account: 'a' } as T) : reject(new UpstreamUnauthorizedError('refused'))) }),
      ),
    post: () => Promise.reject(new Error('unused')),
  };
  return { upstream, pending };
}

describe('createTokenValidator', () => {
  it('remembers an answer for its time, so sockets of one token cost one upstream call', async () => {
    let now = 0;
    const { upstream, pending } = heldUpstream();
    const { validate } = createTokenValidator(upstream, 1_000, () => now);
    const first = validate('t');
    pending.shift()!.answer(true);
    expect(await first).toEqual({ id: 7, account: 'a' });
    expect(await validate('t')).toEqual({ id: 7, account: 'a' });
    expect(pending).toHaveLength(0);
    now = 1_000;
    const again = validate('t');
    expect(pending).toHaveLength(1);
    pending.shift()!.answer(false);
    expect(await again).toBeNull();
  });

  it('refuses a revoked token at once, even when an older "valid" answer arrives after the revocation', async () => {
    let now = 0;
    const { upstream, pending } = heldUpstream();
    const { validate, revoke } = createTokenValidator(upstream, 30_000, () => now);
    const asked = validate('t');
    now = 5;
    revoke(tokenId('t'));
    pending.shift()!.answer(true);
    expect(await asked).toBeNull();
    expect(await validate('t')).toBeNull();
    expect(pending).toHaveLength(0);
  });
});
