import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ApiMessages, DevicePaths, FilterPaths, JobOrderPaths, PestListType, SessionPaths } from '@pest/shared';
import { createManualClock } from '../clock/manual-clock.ts';
import { loadConfig } from '../config.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { prepareDatabase } from './db/open-database.ts';
import { seed } from '../demo/seed/index.ts';
import { FIRST_ADMIN_ACCOUNT, startEmptyProduct } from './db/product-start.ts';
import { loadDivisions } from './db/reference/regions.ts';
import { DEMO_PASSWORD } from '../demo/seed/users.ts';
import { openEmptyTestDb, testDriver } from './db/testing.ts';
import { createTestBackend, type TestBackend } from './testing.ts';

const silent = pino({ level: 'silent' });
const INITIAL_PASSWORD = 'first-admin-Pw1';
const NEW_PASSWORD = 'chosen-by-the-admin-2';

type Answer<T = unknown> = { status: number; message: string; data: T };

describe(`an empty start (DEMO=off) on ${testDriver}`, () => {
  let db: Db;
  let backend: TestBackend;
  const clock = createManualClock(Date.parse('2026-11-01T01:00:00Z'));
  const env = { DEMO: 'off', INITIAL_ADMIN_PASSWORD: INITIAL_PASSWORD, SIMULATOR: 'on' };

  beforeAll(async () => {
    db = await openEmptyTestDb();
    await prepareDatabase(db, loadConfig(env), silent);
    // SIMULATOR=on asked for, to show DEMO=off overrides it.
    backend = await createTestBackend({ db, env, clock });
  });
  afterAll(async () => {
    await backend?.close();
    await db?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) => {
    const response = await backend.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<Answer<T>>() };
  };
  const login = (account: string, password: string) =>
    call<{ token: string; mustChangePassword?: boolean }>('POST', SessionPaths.login, { 'x-forwarded-for': '198.51.100.7' }, { account, password });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  let admin: Record<string, string>;

  it('signs the first administrator in with INITIAL_ADMIN_PASSWORD, and says it must be changed', async () => {
    const { body } = await login(FIRST_ADMIN_ACCOUNT, INITIAL_PASSWORD);
    expect(body).toMatchObject({ status: 200, data: { token: expect.any(String), mustChangePassword: true } });
    admin = bearer(body.data.token);
    const info = await call('GET', SessionPaths.userInfo, admin);
    expect(info.body.data).toMatchObject({ account: FIRST_ADMIN_ACCOUNT, customerId: null, mustChangePassword: true, roleListVoList: [{ roleKey: 'admin' }] });
  });

  it('has no demo logins', async () => {
    for (const account of ['admin', 'ops', '13800000001']) {
      expect((await login(account, DEMO_PASSWORD)).body).toEqual({ status: 500, message: ApiMessages.badCredentials, data: null });
    }
    expect(await db.query('select account from users')).toEqual([{ account: FIRST_ADMIN_ACCOUNT }]);
  });

  it('answers every other call 403 until the password is changed, then not', async () => {
    const refused = await call('POST', JobOrderPaths.list, admin, { current: 1, size: 10 });
    expect(refused).toEqual({ statusCode: 403, body: { status: 403, message: ApiMessages.mustChangePassword, data: null } });

    const wrongOld = await call('POST', SessionPaths.changePassword, admin, { oldPassword: 'not-it-at-all', newPassword: NEW_PASSWORD });
    expect(wrongOld).toEqual({ statusCode: 400, body: { status: 400, message: ApiMessages.oldPasswordWrong, data: null } });
    const same = await call('POST', SessionPaths.changePassword, admin, { oldPassword: INITIAL_PASSWORD, newPassword: INITIAL_PASSWORD });
    expect(same.body.message).toBe(ApiMessages.newPasswordSameAsOld);
    const short = await call('POST', SessionPaths.changePassword, admin, { oldPassword: INITIAL_PASSWORD, newPassword: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.body.message).toContain('body/newPassword');
    const missing = await call('POST', SessionPaths.changePassword, admin, { newPassword: NEW_PASSWORD });
    expect(missing.body.message).toContain('body/oldPassword');

    // A second session, as someone else who knew the given password would hold.
    const other = bearer((await login(FIRST_ADMIN_ACCOUNT, INITIAL_PASSWORD)).body.data.token);
    const changed = await call('POST', SessionPaths.changePassword, admin, { oldPassword: INITIAL_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed).toEqual({ statusCode: 200, body: { status: 200, message: ApiMessages.passwordChanged, data: null } });

    expect((await call('POST', JobOrderPaths.list, admin, { current: 1, size: 10 })).statusCode).toBe(200);
    expect((await call('GET', SessionPaths.userInfo, admin)).body.data).not.toHaveProperty('mustChangePassword');
    expect((await call('GET', SessionPaths.userInfo, other)).statusCode).toBe(401);
    expect((await login(FIRST_ADMIN_ACCOUNT, INITIAL_PASSWORD)).body.message).toBe(ApiMessages.badCredentials);
    expect((await login(FIRST_ADMIN_ACCOUNT, NEW_PASSWORD)).body.data).toEqual({ token: expect.any(String) });
  });

  it('lists no customers, stores, devices, alarms or visits', async () => {
    const data = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const { statusCode, body } = await call<T>(method, url, admin, payload);
      expect(statusCode, url).toBe(200);
      return body.data;
    };
    expect(await data('POST', FilterPaths.newCustomerTree)).toEqual([]);
    expect(await data('POST', FilterPaths.customerPage, { current: 1, size: 10 })).toMatchObject({ total: 0, records: [] });
    expect(await data('POST', DevicePaths.list, { current: 1, size: 10 })).toMatchObject({ total: 0, records: [] });
    expect(await data('POST', DevicePaths.alarmList, { current: 1, size: 10 })).toMatchObject({ total: 0, records: [] });
    expect(await data('POST', JobOrderPaths.list, { current: 1, size: 10 })).toMatchObject({ total: 0, records: [] });
  });

  it('has the region tree and the pest catalogue', async () => {
    const tree = (await call<{ id: number; name: string }[]>('GET', FilterPaths.regionTree, admin)).body.data;
    expect(tree.find((province) => province.id === 110000)?.name).toBe('北京市');
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from regions')) as [{ n: number }];
    expect(n).toBe(loadDivisions().length);
    const pests = (await call<{ name: string }[]>('GET', `${FilterPaths.pestsByType}?type=${PestListType.pest}`, admin)).body.data;
    expect(pests.map((pest) => pest.name)).toEqual(expect.arrayContaining(['德国小蠊', '褐家鼠']));
  });

  it('runs no simulator or service day: nothing is written as the clock moves on', async () => {
    await clock.advance(3_600_000);
    expect(await db.query("select name from writer_leases where name = 'demo-writers'")).toEqual([]);
    expect(await db.query('select 1 from device_heartbeats union all select 1 from job_orders union all select 1 from demo_clock')).toEqual([]);
  });

  it('will not let the demo seed a provider\'s own data', async () => {
    await expect(seed(db, { scale: 'small', logger: silent })).rejects.toThrow(/DEMO=off/);
    expect(await db.query('select 1 from customers')).toEqual([]);
  });
});

describe(`an empty start without INITIAL_ADMIN_PASSWORD on ${testDriver}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openEmptyTestDb();
    await migrate(db, silent);
  });
  afterAll(() => db?.close());

  it('tells a random password to the banner once, never to the log, and not on the next start', async () => {
    let logged = '';
    const logger = pino({ level: 'trace' }, new Writable({ write: (chunk, _encoding, done) => ((logged += String(chunk)), done()) }));
    const banner: string[] = [];
    const start = () => startEmptyProduct(db, { logger, adminUserId: 1, initialAdminPassword: null, onBanner: (line) => banner.push(line) });
    await start();
    expect(banner).toHaveLength(1);
    const password = /admin \/ (\S+)/.exec(banner[0]!)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(logged).not.toContain(password);

    await start();
    expect(banner).toHaveLength(1);
    const backend = await createTestBackend({ db, env: { DEMO: 'off' } });
    try {
      const answer = await backend.app.inject({ method: 'POST', url: SessionPaths.login, payload: { account: 'admin', password } });
      expect(answer.json()).toMatchObject({ status: 200, data: { mustChangePassword: true } });
    } finally {
      await backend.close();
    }
  });
});
