import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionPaths, StatusCode } from '@pest/shared';
import { createTokenValidator, tokenId } from './token-validator.ts';
import { UpstreamFailureError, UpstreamUnauthorizedError, createUpstreamClient, type UpstreamClient } from './upstream-client.ts';

/** Test clocks start here: lru-cache takes an entry stored at time 0 for one without a time limit. */
const T0 = 1_000_000;

/** An upstream whose answers to selectById the test releases one by one. */
function heldUpstream() {
  const pending: { token: string; answer(valid: boolean): void }[] = [];
  const upstream: UpstreamClient = {
    call: ((token: string) =>
      new Promise((resolve, reject) =>
        pending.push({ token, answer: (valid) => (valid ? resolve({ id: 7, account: 'a' }) : reject(new UpstreamUnauthorizedError('refused'))) }),
      )) as unknown as UpstreamClient['call'],
  };
  return { upstream, pending };
}

describe('createTokenValidator', () => {
  it('remembers an answer for its time, so sockets of one token cost one upstream call', async () => {
    let now = T0;
    const { upstream, pending } = heldUpstream();
    const { validate } = createTokenValidator(upstream, 1_000, () => now);
    const first = validate('t');
    pending.shift()!.answer(true);
    expect(await first).toEqual({ id: 7, account: 'a' });
    expect(await validate('t')).toEqual({ id: 7, account: 'a' });
    expect(pending).toHaveLength(0);
    now = T0 + 1_000;
    expect(await validate('t')).toEqual({ id: 7, account: 'a' });
    now = T0 + 1_001;
    const again = validate('t');
    expect(pending).toHaveLength(1);
    pending.shift()!.answer(false);
    expect(await again).toBeNull();
  });

  it('refuses a revoked token at once, even when an older "valid" answer arrives after the revocation', async () => {
    let now = T0;
    const { upstream, pending } = heldUpstream();
    const { validate, revoke } = createTokenValidator(upstream, 30_000, () => now);
    const asked = validate('t');
    now = T0 + 5;
    revoke(tokenId('t'));
    pending.shift()!.answer(true);
    expect(await asked).toBeNull();
    expect(await validate('t')).toBeNull();
    expect(pending).toHaveLength(0);
  });
});

/**
 * A real HTTP upstream on loopback answering selectById the way an upstream does, counting the
 * calls; `answer` decides what the next ones get.
 */
const upstreams: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of upstreams.splice(0)) await app.close();
});
async function countingUpstream() {
  const state = { calls: 0, answer: 'valid' as 'valid' | 'refused' | 'down' };
  const app = Fastify();
  upstreams.push(app);
  app.get(SessionPaths.userInfo, async (request, reply) => {
    state.calls += 1;
    if (state.answer === 'down') return reply.code(503).send({ status: 503, message: 'unavailable', data: null });
    if (state.answer === 'refused') return reply.code(401).send({ status: StatusCode.reLogin[0], message: 'token expired', data: null });
    return { status: StatusCode.ok, message: 'ok', data: { id: 7, account: request.headers.authorization?.slice('Bearer '.length) } };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const client = createUpstreamClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, 5_000);
  return { state, client };
}

describe('createTokenValidator against a real upstream', () => {
  it('makes one upstream call for N simultaneous validations of one token', async () => {
    const { state, client } = await countingUpstream();
    const { validate } = createTokenValidator(client, 30_000);
    const answers = await Promise.all(Array.from({ length: 25 }, () => validate('burst')));
    expect(answers).toEqual(Array(25).fill({ id: 7, account: 'burst' }));
    expect(state.calls).toBe(1);
    await validate('burst');
    expect(state.calls).toBe(1);
    // Another token is another question.
    await Promise.all([validate('other'), validate('other')]);
    expect(state.calls).toBe(2);
  });

  it('does not remember a failed lookup: its callers all get the failure, the next one asks again', async () => {
    const { state, client } = await countingUpstream();
    const { validate } = createTokenValidator(client, 30_000);
    state.answer = 'down';
    const failures = await Promise.allSettled(Array.from({ length: 5 }, () => validate('t')));
    expect(failures.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof UpstreamFailureError)).toBe(true);
    expect(state.calls).toBe(1);
    state.answer = 'valid';
    expect(await validate('t')).toEqual({ id: 7, account: 't' });
    expect(state.calls).toBe(2);
  });

  it('remembers a refused token as refused for its time', async () => {
    let now = T0;
    const { state, client } = await countingUpstream();
    const { validate } = createTokenValidator(client, 1_000, () => now);
    state.answer = 'refused';
    expect(await Promise.all([validate('t'), validate('t')])).toEqual([null, null]);
    expect(await validate('t')).toBeNull();
    expect(state.calls).toBe(1);
    state.answer = 'valid';
    now = T0 + 1_001;
    expect(await validate('t')).toEqual({ id: 7, account: 't' });
    expect(state.calls).toBe(2);
  });

  it('asks afresh when told to, so a token that ended is found despite a remembered answer', async () => {
    const { state, client } = await countingUpstream();
    const { validate } = createTokenValidator(client, 30_000);
    expect(await validate('t')).toEqual({ id: 7, account: 't' });
    state.answer = 'refused';
    expect(await validate('t')).toEqual({ id: 7, account: 't' });
    expect(await validate('t', { fresh: true })).toBeNull();
    expect(state.calls).toBe(2);
    // The fresh answer is the one remembered now.
    expect(await validate('t')).toBeNull();
    expect(state.calls).toBe(2);
  });
});
