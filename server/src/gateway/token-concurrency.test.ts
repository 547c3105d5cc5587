import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, DevicePaths, SessionPaths } from '@pest/shared';
import { testDriver } from '../backend/db/testing.ts';
import { createTestBackend, type TestBackend } from '../backend/testing.ts';
import { loadConfig } from '../config.ts';
import { createGateway } from './create-gateway.ts';
import { connected, connectLive } from './live/testing/live-client.ts';
import { openRawConnection, rawRequest, type RawConnection } from './testing.ts';
import { API_REQUESTS_IN_FLIGHT_PER_PERSON, limitRequestsPerPerson } from './token-concurrency.ts';

describe('requests in flight per person', () => {
  it('refuses a person’s requests beyond the cap with 429 after the wait it asks for, not another person’s, and frees the slots as answers go out', async () => {
    const app = Fastify();
    limitRequestsPerPerson(app, (authorization) => authorization, 2);
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

describe(`the gateway's per-person limit in front of the reference backend on ${testDriver}`, () => {
  let backend: TestBackend;
  let gateway: FastifyInstance;
  let gatewayUrl: string;

  beforeAll(async () => {
    backend = await createTestBackend();
    const upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    gateway = await createGateway({ upstreamUrl, consoleDist: '/nonexistent', logger: pino({ level: 'silent' }), config: loadConfig({}) });
    gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.close();
    await backend?.close();
  });

  const signIn = async (account: string) => {
    const answer = await gateway.inject({ method: 'POST', url: SessionPaths.login, payload: { account, password: '123456' } });
    return `Bearer ${answer.json<{ data: { token: string } }>().data.token}`;
  };
  const userInfo = (authorization: string) => gateway.inject({ url: SessionPaths.userInfo, headers: { authorization } });

  it('makes two logins of one person share one in-flight limit, and leaves another person alone', async () => {
    const [first, second, other] = [await signIn('admin'), await signIn('admin'), await signIn('ops')];
    // A live socket waits for the gateway to learn whose token it is: the limit then knows too.
    const sockets = [first, second].map((authorization) => connectLive(gatewayUrl, authorization.slice('Bearer '.length)));
    await Promise.all(sockets.map(connected));

    // The first login's requests stay in flight while their bodies never finish arriving: sent
    // until one is refused, so the gateway has counted a full share of them.
    const held: RawConnection[] = [];
    const hold = async () => {
      const connection = await openRawConnection(gatewayUrl);
      held.push(connection);
      connection.send(rawRequest('POST', DevicePaths.alarmList, { authorization: first, 'content-type': 'application/json', 'content-length': '100' }, '{"current":'));
      return connection;
    };
    try {
      for (let i = 0; i < API_REQUESTS_IN_FLIGHT_PER_PERSON; i++) await hold();
      // A refusal comes after its 1 s wait; a held request never answers.
      while ((await (await hold()).response(3_000).catch(() => null))?.status !== 429);
      expect(held.length).toBeLessThan(API_REQUESTS_IN_FLIGHT_PER_PERSON + 5);

      // The second login of the same person finds the share taken; another person does not.
      const refused = await userInfo(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ status: 429, message: ApiMessages.tooManyRequests, data: null });
      const otherPerson = await userInfo(other);
      expect(otherPerson.statusCode).toBe(200);
      expect(otherPerson.json()).toMatchObject({ data: { account: 'ops' } });
    } finally {
      held.forEach((connection) => connection.close());
      sockets.forEach((socket) => socket.close());
    }
    // Freed as the held requests go.
    await expect.poll(async () => (await userInfo(second)).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
