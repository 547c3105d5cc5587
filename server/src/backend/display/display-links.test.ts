import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmPaths,
  ApiMessages,
  DevicePaths,
  DISPLAY_CODE_ALPHABET,
  DISPLAY_CODE_ATTEMPTS_PER_MINUTE,
  DISPLAY_CODE_LENGTH,
  formatDisplayCode,
  DISPLAY_ALLOWED_PATHS,
  DISPLAY_SCREEN_HEADER,
  DisplayMessages,
  DisplayPaths,
  displayScopeToken,
  ServiceActivityPaths,
  SessionPaths,
  type DisplayCodeResult,
  type DisplayLink,
  type DisplayLinkSaveResult,
  type DisplayLinkSecret,
  type DisplaySession,
  type StoreStatus,
  type UserInfo,
} from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { TEST_DEMO_ANCHOR, testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
type Headers = Record<string, string>;
interface Answer<T> {
  statusCode: number;
  raw: string;
  body: { status: number; message: string; data: T };
}

/** The wallboard's reads, as it makes them (apps/wallboard/src/api/boardApi.ts, board/useBoard.ts). */
const BOARD_CALLS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'POST', url: DevicePaths.statistics, payload: {} },
  { method: 'POST', url: DevicePaths.storeStatus, payload: {} },
  { method: 'POST', url: DevicePaths.alarmList, payload: { current: 1, size: 50, alarmOnly: true, states: ['open', 'acknowledged'], sort: 'urgency' } },
  { method: 'POST', url: DevicePaths.alarmList, payload: { current: 1, size: 1, alarmOnly: true, states: ['open'] } },
  { method: 'POST', url: AlarmPaths.statistics, payload: { startDate: '2026-10-01', endDate: '2026-11-01' } },
  { method: 'POST', url: DevicePaths.alarmTrend, payload: { startDate: '2026-10-25', endDate: '2026-11-01' } },
  { method: 'POST', url: DevicePaths.alarmTrend, payload: { startDate: '2026-10-31', endDate: '2026-11-01', granularity: 'hour' } },
  { method: 'POST', url: ServiceActivityPaths.activity, payload: {} },
];

describe(`display links on ${testDriver}: tokens that read the wallboard's data of their scope and nothing else`, () => {
  let backend: TestBackend;
  const clock = createManualClock(TEST_DEMO_ANCHOR.getTime());
  let admin: Headers;
  let manager: Headers;
  let otherOrganisation: number;

  beforeAll(async () => {
    backend = await createTestBackend({ clock });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    otherOrganisation = await otherOrganisationId(backend.db, DEMO_ORGANISATION_ID);
  });
  afterAll(async () => backend?.close());

  const call = async <T>(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object, remoteAddress?: string): Promise<Answer<T>> => {
    const response = await backend.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: payload ?? {} } : {}), remoteAddress });
    return { statusCode: response.statusCode, raw: response.body, body: response.json() };
  };
  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
  const save = (headers: Headers, body: object) => call<DisplayLinkSaveResult>('POST', DisplayPaths.save, headers, body);
  const create = async (headers: Headers, scopes: object[], extra: object = {}) => {
    const answer = await save(headers, { name: '监控中心 1 号屏', scopes, dwellSeconds: 60, expiresAt: null, ...extra });
    expect(answer.body.message, answer.raw).toBe(ApiMessages.ok);
    return answer.body.data;
  };
  const list = async (headers: Headers) => (await call<DisplayLink[]>('POST', DisplayPaths.list, headers)).body.data;
  /** The board's answers for a token, in BOARD_CALLS' order, the oldest open alarm's age (database time) to the minute. */
  const boardAnswers = (headers: Headers) =>
    Promise.all(BOARD_CALLS.map(async ({ method, url, payload }) => comparable((await call(method, url, headers, payload)).body)));

  it('answers the token and its short code once, and keeps neither in the clear', async () => {
    const { link, token, code } = await create(admin, [{ customerIds: [DEMO_ORGANISATION_ID], areaIds: [] }]);
    expect(token).toMatch(/^dl_[A-Za-z0-9_-]{43}$/);
    expect(code).toMatch(new RegExp(`^[${DISPLAY_CODE_ALPHABET}]{${DISPLAY_CODE_LENGTH}}$`));
    expect(link).toMatchObject({ state: 'active', screens: 0, lastSeenAt: null, createdByName: '系统管理员' });
    const listed = await call<DisplayLink[]>('POST', DisplayPaths.list, admin);
    expect(listed.body.data.map((each) => each.id)).toContain(link.id);
    expect(listed.raw).not.toContain(token!.slice(3));
    const rows = await backend.db.query('select * from display_links where id = $1', [link.id]);
    expect(JSON.stringify(rows)).not.toContain(token!.slice(3));
    expect(JSON.stringify(rows)).not.toContain(code!);

    const edited = await save(admin, { id: link.id, name: '改名', scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: 30, expiresAt: null });
    expect(edited.body.data).toMatchObject({ token: null, code: null, link: { name: '改名', dwellSeconds: 30, scopes: [{ label: '全部' }] } });
    expect((await call<DisplaySession>('GET', DisplayPaths.session, bearer(token!))).body.data.name).toBe('改名');
  });

  it("reads exactly what the organisation's own manager reads, when scoped to that organisation", async () => {
    const { token } = await create(admin, [{ customerIds: [DEMO_ORGANISATION_ID], areaIds: [] }]);
    const display = await boardAnswers(bearer(token!));
    expect(display.every((answer) => answer.status === 200)).toBe(true);
    expect(display).toEqual(await boardAnswers(manager));
    // And not what the admin reads: the scope did narrow something.
    expect(display).not.toEqual(await boardAnswers(admin));
  });

  it('reads only the stores of a sales area, as the admin sees those stores, and only within the creator', async () => {
    const [{ areaId, stores }] = (await backend.db.query<{ areaId: number; stores: number[] }>(
      `select area_id as "areaId", array_agg(id order by id) as stores from customers
       where kind = 3 and id in (select customer_id from devices)
         and area_id in (select area_id from customers where kind = 3 and path @> array[$1::int])
       group by area_id order by count(*) desc limit 1`,
      [DEMO_ORGANISATION_ID],
    )) as [{ areaId: number; stores: number[] }];
    const { token } = await create(admin, [{ label: '华东', customerIds: [], areaIds: [areaId] }]);
    const statuses = (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, bearer(token!))).body.data;
    const adminStatuses = (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, admin)).body.data;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses).toEqual(adminStatuses.filter((row) => stores.includes(row.customerId)));

    const dates = { startDate: '2026-10-01', endDate: '2026-11-01' };
    const statistics = await call('POST', AlarmPaths.statistics, bearer(token!), dates);
    expect(comparable(statistics.body)).toEqual(comparable((await call('POST', AlarmPaths.statistics, admin, { ...dates, customerIds: stores })).body));

    // The manager's link of the same area shows only his organisation's stores of it.
    const { token: managers } = await create(manager, [{ customerIds: [], areaIds: [areaId] }]);
    const own = (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, bearer(managers!))).body.data;
    const managerStatuses = (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, manager)).body.data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(statuses.length);
    expect(own).toEqual(managerStatuses.filter((row) => stores.includes(row.customerId)));
  });

  it('gives each scope of a rotation its own token, user and data', async () => {
    const { link, token } = await create(admin, [
      { label: '本组织', customerIds: [DEMO_ORGANISATION_ID], areaIds: [] },
      { customerIds: [otherOrganisation], areaIds: [] },
    ]);
    const first = (await call<UserInfo>('GET', SessionPaths.userInfo, bearer(token!))).body.data;
    const second = (await call<UserInfo>('GET', SessionPaths.userInfo, bearer(displayScopeToken(token!, 1)))).body.data;
    expect(first.id).toBeLessThan(0);
    expect(second.id).toBeLessThan(0);
    expect(first.id).not.toBe(second.id);
    expect(first.account).toBe(`display:${link.id}:0`);
    expect(second.account).toBe(`display:${link.id}:1`);
    const stores = async (headers: Headers) => (await call<StoreStatus[]>('POST', DevicePaths.storeStatus, headers)).body.data.map((row) => row.organisationName);
    const [firstOrganisations, secondOrganisations] = [await stores(bearer(token!)), await stores(bearer(displayScopeToken(token!, 1)))];
    expect(new Set(firstOrganisations).size).toBe(1);
    expect(new Set(secondOrganisations).size).toBe(1);
    expect(firstOrganisations[0]).not.toBe(secondOrganisations[0]);

    const session = (await call<DisplaySession>('GET', DisplayPaths.session, bearer(displayScopeToken(token!, 1)))).body.data;
    expect(session).toMatchObject({ linkId: link.id, dwellSeconds: 60, organisationName: expect.any(String) });
    expect(session.scopes.map((scope) => scope.label)).toEqual(['本组织', expect.stringMatching(/\S/)]);
    // A scope the link does not have is no token.
    expect((await call('GET', DisplayPaths.session, bearer(displayScopeToken(token!, 2)))).statusCode).toBe(401);
  });

  it('gets 403 on every /api route but the wallboard\'s own, enumerated from the OpenAPI document, and keeps its token', async () => {
    const { token } = await create(admin, [{ customerIds: [], areaIds: [] }]);
    const document = backend.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' })),
    );
    const others = routes.filter(({ path, method }) => path.startsWith('/api/') && !DISPLAY_ALLOWED_PATHS.includes(path) && !isPublic(document, path, method));
    expect(others.length).toBeGreaterThan(40);
    for (const { method, path } of others) {
      // Path parameters get a plausible value: the refusal must not depend on a bad one.
      const url = path.replace(/\{[^}]+\}/g, '1');
      const answer = await backend.app.inject({ method, url, headers: bearer(token!), ...(method === 'POST' ? { payload: {} } : {}) });
      expect([answer.statusCode, url]).toEqual([403, url]);
      expect(answer.json<{ status: number; message: string }>()).toMatchObject({ status: 403, message: ApiMessages.displayOnlyReadsTheBoard });
    }
    // An unknown path too, and the allowed ones do answer: a refusal does not end the link's session.
    expect((await call('POST', '/api/admin/web/nothing/here', bearer(token!))).statusCode).toBe(403);
    // A token that is no link's is still logged out, wherever it asks.
    expect((await call('POST', '/api/admin/web/nothing/here', bearer(`${token!.slice(0, -4)}AAAA`))).statusCode).toBe(401);
    for (const path of DISPLAY_ALLOWED_PATHS) {
      const route = routes.find((each) => each.path === path)!;
      const known = BOARD_CALLS.find((each) => each.url === path);
      expect((await call(route.method, path, bearer(token!), known?.payload)).statusCode, path).toBe(200);
    }
  });

  it('is refused with the revoked message once revoked, and a manager cannot revoke or see the provider\'s links', async () => {
    const { link, token } = await create(admin, [{ customerIds: [], areaIds: [] }]);
    expect((await call('POST', DisplayPaths.revoke, manager, { id: link.id })).statusCode).toBe(404);
    expect((await list(manager)).map((each) => each.id)).not.toContain(link.id);
    expect((await call('GET', DisplayPaths.session, bearer(token!))).statusCode).toBe(200);

    const revoked = await call<DisplayLink>('POST', DisplayPaths.revoke, admin, { id: link.id });
    expect(revoked.body.data).toMatchObject({ state: 'revoked', revokedAt: expect.any(String) });
    for (const { method, url, payload } of [...BOARD_CALLS, { method: 'GET' as const, url: DisplayPaths.session }]) {
      const answer = await call(method, url, bearer(token!), payload);
      expect([answer.statusCode, answer.body.message]).toEqual([401, DisplayMessages.revoked]);
    }
  });

  it('enforces its expiry on the backend clock, and refuses an expiry already past', async () => {
    const inTwoMinutes = new Date(clock.now() + 120_000).toISOString();
    const { link, token } = await create(admin, [{ customerIds: [], areaIds: [] }], { expiresAt: inTwoMinutes });
    expect(link.expiresAt).toBe(toChina(inTwoMinutes));
    expect((await call('POST', DevicePaths.storeStatus, bearer(token!))).statusCode).toBe(200);
    await clock.advance(120_000);
    const answer = await call('POST', DevicePaths.storeStatus, bearer(token!));
    expect([answer.statusCode, answer.body.message]).toEqual([401, DisplayMessages.expired]);
    expect((await list(admin)).find((each) => each.id === link.id)?.state).toBe('expired');

    const past = await save(admin, { name: '过期', scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: 60, expiresAt: new Date(clock.now() - 1).toISOString() });
    expect([past.statusCode, past.body.message]).toEqual([400, DisplayMessages.expiryPast]);
  });

  it('does not let a manager name anything beyond his organisation', async () => {
    const beyond: { customerIds: number[]; areaIds: number[] }[][] = [
      [{ customerIds: [otherOrganisation], areaIds: [] }],
      [{ customerIds: [DEMO_ORGANISATION_ID], areaIds: [] }, { customerIds: [2_000_000_000], areaIds: [] }],
    ];
    const [{ foreignArea }] = (await backend.db.query<{ foreignArea: number }>(
      `select a.id as "foreignArea" from sales_areas a
       where not exists (select 1 from customers c where c.area_id = a.id and c.path @> array[$1::int]) order by a.id limit 1`,
      [DEMO_ORGANISATION_ID],
    )) as [{ foreignArea: number }];
    beyond.push([{ customerIds: [], areaIds: [foreignArea] }]);
    for (const scopes of beyond) {
      const answer = await save(manager, { name: '越权', scopes, dwellSeconds: 60, expiresAt: null });
      expect([answer.statusCode, answer.body.message]).toEqual([400, DisplayMessages.outOfScope]);
    }
    // The admin may name any of these (the unknown id apart).
    expect((await save(admin, { name: '全国', scopes: [{ customerIds: [otherOrganisation], areaIds: [foreignArea] }], dwellSeconds: 60, expiresAt: null })).statusCode).toBe(200);
    const own = await create(manager, [{ customerIds: [DEMO_ORGANISATION_ID], areaIds: [] }]);
    expect((await list(manager)).map((each) => each.id)).toContain(own.link.id);
    expect((await list(admin)).map((each) => each.id)).toContain(own.link.id);
  });

  it('trades a short code, as a TV remote types it, for the token, and refuses a wrong one in the envelope', async () => {
    const { link, token, code } = await create(admin, [{ customerIds: [], areaIds: [] }]);
    const redeem = (typed: string, address: string) => call<DisplayCodeResult>('POST', DisplayPaths.redeem, {}, { code: typed }, address);
    const typed = formatDisplayCode(code!).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const answer = await redeem(typed, '198.51.100.31');
    expect([answer.statusCode, answer.body.data]).toEqual([200, { token }]);
    // The token it gives reads the board.
    expect((await call('GET', DisplayPaths.session, bearer(answer.body.data.token))).body.data).toMatchObject({ linkId: link.id });

    const wrong = await redeem('0000-0000-0000', '198.51.100.31');
    expect([wrong.statusCode, wrong.body.status, wrong.body.message]).toEqual([404, 404, DisplayMessages.codeUnknown]);
    expect((await redeem('not a code', '198.51.100.31')).body.message).toBe(DisplayMessages.codeUnknown);

    await call('POST', DisplayPaths.revoke, admin, { id: link.id });
    const revoked = await redeem(code!, '198.51.100.32');
    expect([revoked.statusCode, revoked.body.message]).toEqual([400, DisplayMessages.revoked]);
  });

  it(`limits code guesses to ${DISPLAY_CODE_ATTEMPTS_PER_MINUTE} a minute per address`, async () => {
    const { code } = await create(admin, [{ customerIds: [], areaIds: [] }]);
    const guess = (typed: string, address: string) => call<DisplayCodeResult>('POST', DisplayPaths.redeem, {}, { code: typed }, address);
    for (let i = 0; i < DISPLAY_CODE_ATTEMPTS_PER_MINUTE; i += 1) expect((await guess(`GUESS${String(i).padStart(7, '0')}`, '198.51.100.40')).statusCode).toBe(404);
    const limited = await guess(code!, '198.51.100.40');
    expect([limited.statusCode, limited.body.status]).toEqual([429, 429]);
    // Another address is not held back.
    expect((await guess(code!, '198.51.100.41')).statusCode).toBe(200);
  });

  it('gives the address again only to who manages the link (403 otherwise), and records every copy', async () => {
    const provider = await create(admin, [{ customerIds: [], areaIds: [] }]);
    const own = await create(manager, [{ customerIds: [DEMO_ORGANISATION_ID], areaIds: [] }]);
    const copy = (headers: Headers, id: number) => call<DisplayLinkSecret>('POST', DisplayPaths.reveal, headers, { id }, '198.51.100.50');

    const refused = await copy(manager, provider.link.id);
    expect([refused.statusCode, refused.body.status, refused.body.message]).toEqual([403, 403, DisplayMessages.notManager]);
    expect(refused.raw).not.toContain(provider.token!.slice(3));
    expect((await copy(bearer(provider.token!), provider.link.id)).statusCode).toBe(403);
    expect((await copy(manager, 2_000_000_000)).statusCode).toBe(404);
    const seen = async (headers: Headers, id: number) => (await list(headers)).find((each) => each.id === id)!;
    expect(await seen(admin, provider.link.id)).toMatchObject({ copyable: true, copies: 0, lastCopiedAt: null, lastCopiedByName: null });

    expect((await copy(admin, provider.link.id)).body.data).toEqual({ token: provider.token, code: provider.code });
    expect((await copy(manager, own.link.id)).body.data).toEqual({ token: own.token, code: own.code });
    expect((await copy(admin, own.link.id)).body.data).toEqual({ token: own.token, code: own.code });
    expect(await seen(admin, provider.link.id)).toMatchObject({ copies: 1, lastCopiedByName: '系统管理员', lastCopiedAt: toChina(new Date(clock.now()).toISOString()) });
    expect(await seen(manager, own.link.id)).toMatchObject({ copies: 2, lastCopiedByName: '系统管理员' });
    const records = await backend.db.query<{ address: string }>('select address from display_link_copies where link_id = $1', [own.link.id]);
    expect(records.map((record) => record.address)).toEqual(['198.51.100.50', '198.51.100.50']);

    // One sealed under another key (DISPLAY_SECRET_KEY changed) is as good as not kept: a clear 400, no 500.
    const [{ sealed }] = (await backend.db.query<{ sealed: string }>('select token_sealed as sealed from display_links where id = $1', [own.link.id])) as [{ sealed: string }];
    await backend.db.query('update display_links set token_sealed = $2 where id = $1', [own.link.id, `${sealed.slice(0, -4)}AAAA`]);
    expect((await copy(manager, own.link.id)).body.message).toBe(DisplayMessages.notKept);
    // A link made before tokens were kept has nothing to copy; a revoked one neither.
    await backend.db.query('update display_links set token_sealed = null where id = $1', [own.link.id]);
    expect((await seen(manager, own.link.id)).copyable).toBe(false);
    expect((await copy(manager, own.link.id)).body.message).toBe(DisplayMessages.notKept);
    await call('POST', DisplayPaths.revoke, admin, { id: provider.link.id });
    expect((await copy(admin, provider.link.id)).body.message).toBe(DisplayMessages.revoked);
  });

  it('lists when and from where a link was last seen and how many screens use it, written at most every 30 s per screen', async () => {
    const { link, token } = await create(admin, [{ customerIds: [], areaIds: [] }]);
    const from = (screen: string, forwardedFor: string, remote = '127.0.0.1') =>
      call('POST', DevicePaths.storeStatus, { ...bearer(token!), [DISPLAY_SCREEN_HEADER]: screen, 'x-forwarded-for': forwardedFor }, {}, remote);
    const seen = async () => (await list(admin)).find((each) => each.id === link.id)!;

    await from('screen-aaaaaaaa', '203.0.113.7');
    await from('screen-bbbbbbbb', '203.0.113.8');
    expect(await seen()).toMatchObject({ screens: 2, lastSeenAddress: '203.0.113.8', lastSeenAt: toChina(new Date(clock.now()).toISOString()) });

    // Within 30 s a screen's calls write nothing; after, they do.
    await clock.advance(10_000);
    await from('screen-aaaaaaaa', '203.0.113.9');
    expect((await seen()).lastSeenAddress).toBe('203.0.113.8');
    await clock.advance(20_000);
    await from('screen-aaaaaaaa', '203.0.113.9');
    expect((await seen()).lastSeenAddress).toBe('203.0.113.9');

    // X-Forwarded-For is believed from the loopback gateway only.
    await from('screen-cccccccc', '203.0.113.10', '198.51.100.20');
    expect(await seen()).toMatchObject({ screens: 3, lastSeenAddress: '198.51.100.20' });

    // A call that names no screen (the live hub's polls) is no sighting.
    await clock.advance(30_000);
    await call('POST', DevicePaths.storeStatus, { ...bearer(token!), 'x-forwarded-for': '203.0.113.11' }, {}, '127.0.0.1');
    expect(await seen()).toMatchObject({ screens: 3, lastSeenAddress: '198.51.100.20' });

    // A screen counts while it called within DISPLAY_SCREEN_ACTIVE_MS.
    await clock.advance(3 * 60_000);
    await from('screen-aaaaaaaa', '203.0.113.9');
    expect((await seen()).screens).toBe(1);
  });
});

/** The alarm statistics' oldest open age runs on the database's clock, not the test's: kept to the minute. */
function comparable<T>(body: T): T {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) => (key === 'oldestOpenSeconds' && typeof value === 'number' ? Math.round(value / 60) : value)) as T;
}

/** A route the document marks as needing no token (login). */
function isPublic(document: { paths: Record<string, Record<string, unknown>> }, path: string, method: string): boolean {
  const security = (document.paths[path]![method.toLowerCase()] as { security?: unknown[] }).security;
  return Array.isArray(security) && security.length === 0;
}

/** An ISO instant as the API writes it: China time with its offset, to the second. */
function toChina(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}
