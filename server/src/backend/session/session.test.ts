import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessages, SessionPaths } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { DEMO_CUSTOMER_NAME, PROVIDER_NAME } from '../db/seed/organisations.ts';
import { createTestBackend, type TestBackend } from '../testing.ts';
import { MAX_LOGIN_FAILURES } from './login-throttle.ts';
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

    it(`blocks an account for its window after ${MAX_LOGIN_FAILURES} failures, even with the right password`, async () => {
      for (let i = 0; i < MAX_LOGIN_FAILURES; i++) {
        expect((await login({ account: 'ops', password: 'guess-' + i })).json().status).toBe(500);
      }
      const blocked = await login({ account: 'ops', password: '123456' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 429, message: ApiMessages.tooManyLoginFailures, data: null });
      // Other accounts are not affected.
      expect((await login({ account: 'admin', password: '123456' })).json().status).toBe(200);

      // Once the window has passed, the right password works again.
      await backend.db.query(`update login_failures set window_started_at = now() - interval '16 minutes' where account = 'ops'`);
      expect((await login({ account: 'ops', password: '123456' })).json().status).toBe(200);
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
          roleListVoList: [{ id: 1, roleName: '超级管理员', roleKey: 'admin' }],
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

  it('publishes the OpenAPI document without a session', async () => {
    const response = await backend.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([SessionPaths.login, SessionPaths.userInfo, SessionPaths.logout]),
    );
  });
});
