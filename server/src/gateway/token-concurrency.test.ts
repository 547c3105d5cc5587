import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiMessages } from '@pest/shared';
import { limitRequestsPerToken } from './token-concurrency.ts';

describe('requests in flight per login', () => {
  it('refuses a login’s requests beyond the cap with 429 after the wait it asks for, not another login’s, and frees the slots as answers go out', async () => {
    const app = Fastify();
    limitRequestsPerToken(app, 2);
    const release: (() => void)[] = [];
    app.get('/api/slow', (_request, reply) => void release.push(() => reply.send({ status: 200, message: 'ok', data: null })));
    await app.ready();
    const call = (token: string) => app.inject({ url: '/api/slow', headers: { authorization: token } });

    const first = [call('Bearer a'), call('Bearer a')];
    await expect.poll(() => release.length).toBe(2);
    const refused = await call('Bearer a');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ status: 429, message: ApiMessages.tooManyRequests, data: null });

    const other = call('Bearer b');
    await expect.poll(() => release.length).toBe(3);
    release.splice(0).forEach((send) => send());
    expect((await Promise.all([...first, other])).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);

    const again = call('Bearer a');
    await expect.poll(() => release.length).toBe(1);
    release.splice(0).forEach((send) => send());
    expect((await again).statusCode).toBe(200);
    await app.close();
  });
});
