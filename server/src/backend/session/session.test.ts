import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ApiMessages, SessionPaths } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { DEMO_CUSTOMER_NAME, PROVIDER_NAME } from '../../demo/seed/organisations.ts';
import { createTestBackend, type TestBackend } from '../testing.ts';
import { FREE_LOGIN_FAILURES } from './login-throttle.ts';
import { hashToken } from './tokens.ts';

describe(`session API on ${testDriver}`, () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createTestBackend();
  });
  afterAll(() => backend?.close());

  // Each test logs in from its own address, so the per-IP login limit only bites where tested.
  let lastOctet = 0;
  const nextIp = () => `198.51.100.${++lastOctet}`;

  const login = (body: unknown, ip = nextIp()) =>
    backend.app.inject({ method: 'POST', url: SessionPaths.login, payload: body as object, headers: { 'x-forwarded-for': ip } });

  const tokenFor = async (account: string) => {
    const response = await login({ account, password: '123456' });
    return response.json().data.token as string;
  };

  const userInfo = (authorization?: string) =>
    backend.app.inject({ method: 'GET', url: SessionPaths.userInfo, headers: authorization ? { authorization } : {} });

  const expired = { status: 401, message: ApiMessages.sessionExpired, data: null };

  describe('login', () => {
    it('returns a token for the right password', async () => {
      const response = await login({ account: 'admin', password: '123456' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 200, message: ApiMessages.loginOk, data: { token: expect.stringMatching(/^[\w-]{43}$/) } });
    });

    it('trims the account before looking it up', async () => {
      const response = await login({ account: '  13800000001 ', password: '123456' });
      expect(response.json().status).toBe(200);
    });

    it.each([
      ['a wrong password', { account: 'admin', password: 'wrong-password' }],
      ['an unknown account', { account: 'nobody', password: '123456' }],
    ])('refuses %s with envelope status 500', async (_case, body) => {
      const response = await login(body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 500, message: ApiMessages.badCredentials, data: null });
    });

    it('answers 400 with a readable reason for a wrong type, a missing field and malformed JSON', async () => {
      const wrongType = await login({ account: 13800000001, password: '123456' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({ status: 400, message: expect.stringContaining('body/account'), data: null });

      const missing = await login({ account: 'admin' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('body/password');

      const malformed = await backend.app.inject({
        method: 'POST',
        url: SessionPaths.login,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
        payload: '{"account": "admin",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ status: 400, message: `${ApiMessages.badRequest}: ${ApiMessages.invalidJson}`, data: null });
    });

    describe('after wrong passwords', () => {
      const failuresOf = async (account: string, address: string) =>
        (
          await backend.db.query<{ failures: number; waitSeconds: number | null }>(
            `select failures, extract(epoch from blocked_until - last_failed_at)::int as "waitSeconds"
             from login_failures where account = $1 and address = $2`,
            [account, address],
          )
        )[0];
      /** Ends the address's current wait, as if it had passed. */
      const waitOut = (account: string, address: string) =>
        backend.db.query(
          `update login_failures set blocked_until = now() - interval '1 second' where account = $1 and address = $2 and blocked_until is not null`,
          [account, address],
        );

      it('makes only the guessing address wait, longer after each failure, never the account', async () => {
        const attacker = nextIp();
        const waits: (number | null)[] = [];
        for (let i = 0; i < FREE_LOGIN_FAILURES + 3; i++) {
          expect((await login({ account: 'ops', password: `guess-${i}` }, attacker)).json().status).toBe(500);
          waits.push((await failuresOf('ops', attacker))!.waitSeconds);
          await waitOut('ops', attacker);
        }
        expect(waits).toEqual([null, null, 5, 10, 20, 40]);

        // Its next failure earns a wait: refused at once with Retry-After, even with the right password.
        await login({ account: 'ops', password: 'one-more-guess' }, attacker);
        const refused = await login({ account: 'ops', password: '123456' }, attacker);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ status: 429, message: ApiMessages.tooManyLoginFailures, data: null });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
        expect((await failuresOf('ops', attacker))!.failures).toBe(FREE_LOGIN_FAILURES + 4);

        // The owner, from another address, signs in; the attacker's count stays.
        expect((await login({ account: 'ops', password: '123456' })).json().status).toBe(200);
        expect((await failuresOf('ops', attacker))!.failures).toBe(FREE_LOGIN_FAILURES + 4);
        // Other accounts from the attacker's address are not slowed either.
        expect((await login({ account: 'admin', password: '123456' }, attacker)).json().status).toBe(200);
      });

      it('forgets failures a day old, and clears them on the right password from that address', async () => {
        const address = nextIp();
        for (let i = 0; i < FREE_LOGIN_FAILURES; i++) await login({ account: 'ops', password: `typo-${i}` }, address);
        await backend.db.query(
          `update login_failures set last_failed_at = now() - interval '25 hours', blocked_until = now() - interval '25 hours'
           where account = 'ops' and address = $1`,
          [address],
        );
        await login({ account: 'ops', password: 'typo-again' }, address);
        expect(await failuresOf('ops', address)).toMatchObject({ failures: 1, waitSeconds: null });
        expect((await login({ account: 'ops', password: '123456' }, address)).json().status).toBe(200);
        expect(await failuresOf('ops', address)).toBeUndefined();
      });
    });

    it('limits login attempts per client address, as forwarded by the gateway', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) await login({ account: 'nobody-' + i, password: 'whatever' }, ip);
      const limited = await login({ account: 'admin', password: '123456' }, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ status: 429, message: ApiMessages.tooManyRequests, data: null });
      expect((await login({ account: 'admin', password: '123456' })).statusCode).toBe(200);
    });
  });

  describe('selectById', () => {
    it('returns the provider admin', async () => {
      const response = await userInfo(`Bearer ${await tokenFor('admin')}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 200,
        message: ApiMessages.ok,
        data: {
          id: 1,
          account: 'admin',
          name: '系统管理员',
          roleListVoList: [{ id: 1, roleName: '系统管理员', roleKey: 'admin' }],
          permissions: expect.arrayContaining([...ALL_PERMISSIONS]),
          headPortrait: null,
          avatar: null,
          customerId: null,
          organisationName: PROVIDER_NAME,
        },
      });
    });

    it('returns a customer manager with the organisation they are scoped to', async () => {
      const { data } = (await userInfo(`Bearer ${await tokenFor('13800000001')}`)).json();
      expect(data).toMatchObject({ id: 3, name: '张经理', customerId: expect.any(Number), organisationName: DEMO_CUSTOMER_NAME });
    });

    it('accepts the bare token without the Bearer prefix', async () => {
      expect((await userInfo(await tokenFor('admin'))).json().status).toBe(200);
    });

    it('refuses with HTTP 401 a missing, garbage, unknown or expired token', async () => {
      const token = await tokenFor('admin');
      await backend.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(token)]);

      for (const authorization of [undefined, 'Bearer garbage', `Bearer ${'x'.repeat(43)}`, `Bearer ${token}`]) {
        const response = await userInfo(authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.json()).toEqual(expired);
      }
    });
  });

  it('logout ends the session', async () => {
    const authorization = `Bearer ${await tokenFor('admin')}`;
    const logout = await backend.app.inject({ method: 'POST', url: SessionPaths.logout, headers: { authorization } });
    expect(logout.json()).toEqual({ status: 200, message: ApiMessages.logoutOk, data: null });
    expect((await userInfo(authorization)).statusCode).toBe(401);
  });

  it('answers an unknown /api path with 401 without a session and 404 with one', async () => {
    const url = '/api/admin/web/nothing/here';
    const anonymous = await backend.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await backend.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await tokenFor('admin')}` } });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ status: 404, message: ApiMessages.notFound, data: null });
  });

  it('keeps the OpenAPI document in the process, and off the network by default', async () => {
    expect(Object.keys(backend.app.swagger().paths ?? {})).toEqual(expect.arrayContaining([SessionPaths.login, SessionPaths.userInfo, SessionPaths.logout]));
    expect((await backend.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
    expect((await backend.app.inject({ method: 'GET', url: '/api-docs/' })).statusCode).toBe(404);
  });

  it('publishes the OpenAPI document and its UI without a session with API_DOCS=on', async () => {
    const withDocs = await createTestBackend({ env: { API_DOCS: 'on' } });
    try {
      const response = await withDocs.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining([SessionPaths.login]));
      const ui = await withDocs.app.inject({ method: 'GET', url: '/api-docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toContain('text/html');
    } finally {
      await withDocs.close();
    }
  });
});
