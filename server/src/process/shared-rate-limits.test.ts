import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_CODE_ATTEMPTS_PER_MINUTE, DisplayPaths, SessionPaths } from '@pest/shared';
import { createTestBackend, type TestBackend } from '../backend/testing.ts';
import { runRedisTests, TEST_REDIS_URL } from '../gateway/live/testing/test-redis.ts';

/**
 * Two instances behind a load balancer: a guesser who spreads tries over both gets no more than
 * from one, because the counts live in the deployment's Redis. Another deployment on the same
 * Redis (another prefix) counts on its own.
 */
const LOGINS_PER_MINUTE = 6;

describe.skipIf(!runRedisTests)('login and display-code limits shared by the instances of a deployment', () => {
  const prefix = `rate-test-${randomUUID()}`;
  let first: TestBackend;
  let second: TestBackend;
  let otherDeployment: TestBackend;

  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, LOGIN_RATE_LIMIT_MAX: String(LOGINS_PER_MINUTE) };
    first = await createTestBackend({ env });
    second = await createTestBackend({ env, db: first.db });
    otherDeployment = await createTestBackend({ env: { ...env, REDIS_PREFIX: `${prefix}-other` }, db: first.db });
  }, 120_000);
  afterAll(async () => {
    await otherDeployment?.close();
    await second?.close();
    await first?.close();
  });

  const guess = (backend: TestBackend, i: number, address: string) =>
    backend.app.inject({ method: 'POST', url: DisplayPaths.redeem, payload: { code: `GUESS${String(i).padStart(7, '0')}` }, remoteAddress: address });

  it(`allows ${DISPLAY_CODE_ATTEMPTS_PER_MINUTE} code guesses a minute per address across both instances`, async () => {
    const address = '198.51.100.70';
    for (let i = 0; i < DISPLAY_CODE_ATTEMPTS_PER_MINUTE; i += 1) {
      expect((await guess(i % 2 === 0 ? first : second, i, address)).statusCode).toBe(404);
    }
    expect((await guess(first, 100, address)).statusCode).toBe(429);
    expect((await guess(second, 101, address)).statusCode).toBe(429);
    // Another deployment sharing the Redis server keeps its own counts.
    expect((await guess(otherDeployment, 102, address)).statusCode).toBe(404);
  });

  it('counts sign-in tries the same way', async () => {
    const address = '198.51.100.71';
    const tryLogin = (backend: TestBackend) =>
      backend.app.inject({ method: 'POST', url: SessionPaths.login, payload: { account: `nobody-${randomUUID()}`, password: 'wrong' }, remoteAddress: address });
    const codes: number[] = [];
    for (let i = 0; i < 4 * LOGINS_PER_MINUTE && !codes.includes(429); i += 1) codes.push((await tryLogin(i % 2 === 0 ? first : second)).statusCode);
    expect(codes.indexOf(429)).toBe(LOGINS_PER_MINUTE);
    // Both instances refuse from then on: the limit is the deployment's, not each one's.
    expect((await tryLogin(first)).statusCode).toBe(429);
    expect((await tryLogin(second)).statusCode).toBe(429);
  });
});
