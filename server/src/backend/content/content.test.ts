import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  BuiltInRole,
  ContentMessages,
  ContentPaths,
  DisplayPaths,
  OSS_PUBLIC_PATH,
  Permission,
  type ContentDetail,
  type ContentItem,
  type ContentUnread,
  type DisplayLinkSaveResult,
  type LatestNotice,
} from '@pest/shared';
import { hashPassword } from '../common/password.ts';
import { testDriver } from '../db/testing.ts';
import { DEMO_PASSWORD } from '../../demo/seed/users.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;

/** A picture the upload flow stored (its key as the console makes them). */
const OUR_IMAGE = `${OSS_PUBLIC_PATH}/upload/1/0f3c2a9e-5b1d-4c7e-9a2f-1e2d3c4b5a69.png`;

/** What an attacker might put in through the API, with what an editor makes among it. */
const HOSTILE = [
  '<h2 onclick="steal()">鼠类习性</h2>',
  '<p style="color:red">夜间活动，<strong>沿墙根</strong>行走，<em>嗅觉</em>灵敏。<a href="javascript:alert(1)">点我</a> <a href="https://example.org/rats">资料</a> <a href="mailto:pest@example.org">邮件</a></p>',
  '<script>alert("x")</script><style>body{display:none}</style><iframe src="https://evil.example/"></iframe>',
  '<img src="x" onerror="alert(1)"><img src="https://evil.example/tracker.png"><img src="/api/oss/upload/1/scan.pdf"><img src="/api/oss/../secret.png">',
  `<img src="${OUR_IMAGE}?expires=1&viewer=1&signature=abc" onload="alert(2)" alt="鼠迹">`,
  '<ul><li><p>封堵缝隙</p></li><li><p>清理食物残渣</p></li></ul><ol><li><p>检查</p></li></ol>',
  '<table style="min-width: 50px"><tbody><tr><th colspan="1" rowspan="1"><p>区域</p></th><th><p>措施</p></th></tr><tr><td onmouseover="x()"><p>后厨</p></td><td><p>粘板</p></td></tr></tbody></table>',
  '<a href="JaVaScRiPt:alert(3)">再点</a><a href="//evil.example/x">协议相对</a><svg onload="alert(4)"><script>alert(5)</script></svg><form action="https://evil.example"><input name="p"></form>',
].join('');

/** 内容 against the reference backend: written by staff, sanitised, read by those it is out to, versioned, audited, withdrawn. */
describe(`content (notices and articles) on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let otherManager: Headers;
  let demoOrganisation: number;
  let otherOrganisation: number;

  const call = async <T>(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
    const response = await backend.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
    const body = response.json<{ message: string; data: T }>();
    return { statusCode: response.statusCode, message: body.message, data: body.data };
  };
  const save = (body: object, headers = admin) => call<{ id: number }>('POST', ContentPaths.save, headers, { kind: 'notice', publish: true, ...body });
  const saved = async (body: object, headers = admin) => {
    const answer = await save(body, headers);
    expect(answer.statusCode, answer.message).toBe(200);
    return answer.data.id;
  };
  const list = async (headers: Headers, body: object = {}) => (await call<{ total: number; records: ContentItem[] }>('POST', ContentPaths.list, headers, { current: 1, size: 100, ...body })).data;
  const listedIds = async (headers: Headers, body: object = {}) => (await list(headers, body)).records.map((row) => row.id);
  const detail = (id: number, headers: Headers) => call<ContentDetail>('GET', `${ContentPaths.detail}?id=${id}`, headers);
  const unread = async (headers: Headers) => (await call<ContentUnread>('GET', ContentPaths.unread, headers)).data.count;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    [{ demoOrganisation }] = (await backend.db.query<{ demoOrganisation: number }>(`select c.path[1] as "demoOrganisation" from users u join customers c on c.id = u.customer_id where u.account = '13800000001'`)) as [
      { demoOrganisation: number },
    ];
    otherOrganisation = await otherOrganisationId(backend.db, demoOrganisation);
    // A manager of another organisation, as an administrator would make one.
    const [{ id }] = (await backend.db.query<{ id: number }>(
      `insert into users (account, name, password_hash, customer_id) values ('content.other', '另一家经理', $1, $2) returning id`,
      [await hashPassword(DEMO_PASSWORD), otherOrganisation],
    )) as [{ id: number }];
    await backend.db.query('insert into user_roles (user_id, role_id) values ($1, $2)', [id, BuiltInRole.customerManager.id]);
    otherManager = await signIn(backend.app, 'content.other');
  });
  afterAll(() => backend?.close());

  it('keeps headings, lists, bold, links, tables and our own images of hostile HTML, and nothing that runs', async () => {
    const id = await saved({ kind: 'article', title: '  鼠类的习性与防治  ', html: HOSTILE, customerIds: null });
    const [{ html: kept }] = (await backend.db.query<{ html: string }>('select html from contents where id = $1', [id])) as [{ html: string }];
    const read = await detail(id, manager);
    expect(read.statusCode, read.message).toBe(200);
    expect(read.data).toMatchObject({ kind: 'article', title: '鼠类的习性与防治', state: 'published', customers: null, authorName: '系统管理员' });
    for (const html of [kept, read.data.html]) {
      // Nothing executable: no script, style, frame, form, event handler, style attribute, javascript: or protocol-relative link, foreign image.
      expect(html).not.toMatch(/<script|<style|<iframe|<svg|<form|<input/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toMatch(/style=/i);
      expect(html).not.toMatch(/javascript:|href="\/\//i);
      expect(html).not.toContain('evil.example');
      expect(html).not.toContain('src="x"');
      // A document of our store is no picture; a key that climbs out of the store is none of ours.
      expect(html).not.toContain('.pdf');
      expect(html).not.toContain('..');
      expect(html).not.toContain('alert');
      // What an editor makes survives.
      expect(html).toContain('<h2>鼠类习性</h2>');
      expect(html).toContain('<strong>沿墙根</strong>');
      expect(html).toContain('<em>嗅觉</em>');
      expect(html).toMatch(/<ul><li><p>封堵缝隙<\/p><\/li><li><p>清理食物残渣<\/p><\/li><\/ul><ol>/);
      expect(html).toMatch(/<table><tbody><tr><th colspan="1" rowspan="1"><p>区域<\/p><\/th><th><p>措施<\/p><\/th><\/tr><tr><td><p>后厨<\/p><\/td>/);
      expect(html).toContain('<a href="https://example.org/rats" target="_blank" rel="noopener noreferrer nofollow">资料</a>');
      expect(html).toContain('<a href="mailto:pest@example.org"');
    }
    // Kept as the stored path (the signed link's query dropped); read as a link for this reader, which opens.
    expect(kept).toContain(`<img alt="鼠迹" src="${OUR_IMAGE}" />`);
    const src = /<img alt="鼠迹" src="([^"]+)"/.exec(read.data.html)?.[1]?.replace(/&amp;/g, '&');
    expect(src).toMatch(new RegExp(`^${OUR_IMAGE}\\?expires=\\d+&viewer=\\d+&signature=`));
    expect((read.data.html.match(/<img/g) ?? []).length).toBe(1);
  });

  it('refuses what is missing or wrong with the field named, and what a customer may not do', async () => {
    const refused = async (body: object, status: number, message: string, headers = admin) => {
      const answer = await save(body, headers);
      expect([answer.statusCode, answer.message]).toEqual([status, message]);
    };
    await refused({ title: '   ', html: '<p>正文</p>' }, 400, ContentMessages.titleRequired);
    // Only what runs, or nothing: no text is left to read.
    await refused({ title: '空的', html: '<script>alert(1)</script><p> </p>' }, 400, ContentMessages.htmlRequired);
    await refused({ title: '无范围', html: '<p>正文</p>', customerIds: [] }, 400, ContentMessages.customersRequired);
    const [{ storeId }] = (await backend.db.query<{ storeId: number }>('select id as "storeId" from customers where kind = 3 limit 1')) as [{ storeId: number }];
    await refused({ title: '门店', html: '<p>正文</p>', customerIds: [storeId] }, 400, ContentMessages.customersNotOrganisations);
    await refused({ title: '不存在', html: '<p>正文</p>', customerIds: [999_999] }, 400, ContentMessages.customersNotOrganisations);
    await refused({ title: '不允许的类型', html: '<p>正文</p>', kind: 'memo' }, 400, expect.stringContaining('kind') as unknown as string);
    // A customer's manager reads and changes nothing.
    await refused({ title: '经理写的', html: '<p>正文</p>' }, 403, ApiMessages.permissionDenied(Permission.contentManage), manager);
    const id = await saved({ title: '经理不可撤回', html: '<p>正文</p>' });
    expect((await call('POST', ContentPaths.withdraw, manager, { id })).statusCode).toBe(403);
  });

  it('shows an organisation’s notice to its manager alone, marks it read when opened, and keeps drafts to staff', async () => {
    const before = await unread(manager);
    const own = await saved({ title: '本组织通知：春季灭鼠', html: '<p>三月起加密巡检</p>', customerIds: [demoOrganisation] });
    const others = await saved({ title: '他组织通知', html: '<p>仅他组织</p>', customerIds: [otherOrganisation] });
    const draft = await saved({ title: '草稿通知', html: '<p>尚未发布</p>', customerIds: null, publish: false });
    const everyone = await saved({ title: '全体客户通知', html: '<p>春节安排</p>', customerIds: null });

    const managerSees = await listedIds(manager);
    expect(managerSees).toEqual(expect.arrayContaining([own, everyone]));
    expect(managerSees).not.toContain(others);
    expect(managerSees).not.toContain(draft);
    expect((await detail(others, manager)).statusCode).toBe(404);
    expect((await detail(draft, manager)).statusCode).toBe(404);
    const otherSees = await listedIds(otherManager);
    expect(otherSees).toEqual(expect.arrayContaining([others, everyone]));
    expect(otherSees).not.toContain(own);
    expect((await detail(own, otherManager)).statusCode).toBe(404);
    // Staff with content:manage see everything, drafts among it, in the state each is in.
    const staff = (await list(admin, { kind: 'notice' })).records;
    expect(staff.find((row) => row.id === draft)).toMatchObject({ state: 'draft', publishedAt: null, read: true });
    expect(staff.find((row) => row.id === others)!.customers).toEqual([{ id: otherOrganisation, name: expect.any(String) as string }]);
    // The manager is told of his own organisation only.
    const ownRow = (await list(manager)).records.find((row) => row.id === own)!;
    expect(ownRow).toMatchObject({ state: 'published', read: false, customers: [{ id: demoOrganisation, name: expect.any(String) as string }] });

    // Two new notices for the manager; opening one marks it, opening it again changes nothing.
    expect(await unread(manager)).toBe(before + 2);
    expect((await detail(own, manager)).data.read).toBe(true);
    expect(await unread(manager)).toBe(before + 1);
    expect((await detail(own, manager)).statusCode).toBe(200);
    expect(await unread(manager)).toBe(before + 1);
    expect((await list(manager)).records.find((row) => row.id === own)!.read).toBe(true);
    // An article is no notice: it does not count. The author's own do not either.
    await saved({ kind: 'article', title: '蟑螂习性', html: '<p>喜温暖潮湿</p>', customerIds: [demoOrganisation] });
    expect(await unread(manager)).toBe(before + 1);
    expect((await listedIds(manager, { kind: 'article' })).length).toBeGreaterThan(0);
    expect((await list(manager, { kind: 'notice' })).records.every((row) => row.kind === 'notice')).toBe(true);
    const rows = await backend.db.query('select 1 from content_reads where content_id = $1', [own]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a save over someone else’s (409), audits every write, and withdraws without deleting', async () => {
    const id = await saved({ title: '版本通知', html: '<p>第一版</p>', customerIds: [demoOrganisation] });
    expect(await save({ id, version: 1, title: '版本通知', html: '<p>第二版</p>', customerIds: [demoOrganisation] })).toMatchObject({ statusCode: 200 });
    const stale = await save({ id, version: 1, title: '版本通知', html: '<p>覆盖</p>', customerIds: [demoOrganisation] });
    expect([stale.statusCode, stale.message]).toEqual([409, ApiMessages.editConflict]);
    expect((await detail(id, manager)).data.html).toBe('<p>第二版</p>');

    const staleWithdraw = await call('POST', ContentPaths.withdraw, admin, { id, version: 1 });
    expect([staleWithdraw.statusCode, staleWithdraw.message]).toEqual([409, ApiMessages.editConflict]);
    expect((await call('POST', ContentPaths.withdraw, admin, { id, version: 2 })).statusCode).toBe(200);
    // Withdrawn: out of the manager's sight and count, kept for staff.
    expect(await listedIds(manager)).not.toContain(id);
    expect((await detail(id, manager)).statusCode).toBe(404);
    expect((await list(admin, { state: 'withdrawn' })).records.find((row) => row.id === id)).toMatchObject({ state: 'withdrawn', withdrawnAt: expect.any(String) as string });
    const again = await call('POST', ContentPaths.withdraw, admin, { id });
    expect([again.statusCode, again.message]).toEqual([400, ContentMessages.notPublished]);
    // Published again, it is back.
    expect((await save({ id, version: 3, title: '版本通知', html: '<p>第二版</p>', customerIds: [demoOrganisation] })).statusCode).toBe(200);
    expect(await listedIds(manager)).toContain(id);
    expect((await backend.db.query('select 1 from contents where id = $1', [id]))).toHaveLength(1);

    const audit = await backend.db.query<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      `select action, changes from audit_log where object_type = 'content' and object_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'withdraw', 'update']);
    expect(audit[1]!.changes.html).toEqual({ before: '<p>第一版</p>', after: '<p>第二版</p>' });
    expect(audit[2]!.changes.state).toEqual({ before: 'published', after: 'withdrawn' });
  });

  it('gives a display link the newest notice for its customers as plain text', async () => {
    const title = `大屏通知<script>alert(1)</script>`;
    const id = await saved({ title, html: '<p>本周六<strong>停水</strong>，<img src="x" onerror="alert(1)">请提前储水。</p>', customerIds: [demoOrganisation] });
    await saved({ title: '他组织的更新通知', html: '<p>仅他组织</p>', customerIds: [otherOrganisation] });
    const link = await call<DisplayLinkSaveResult>('POST', DisplayPaths.save, admin, {
      name: '内容大屏',
      scopes: [{ customerIds: [demoOrganisation], areaIds: [] }],
      dwellSeconds: 60,
      expiresAt: null,
    });
    const display = { authorization: `Bearer ${link.data.token}` };
    const latest = await call<LatestNotice | null>('GET', ContentPaths.latestNotice, display);
    expect(latest.statusCode, latest.message).toBe(200);
    expect(latest.data).toMatchObject({ id, title, excerpt: '本周六停水，请提前储水。' });
    expect(latest.data!.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The manager reads the same; the other organisation's manager his own.
    expect((await call<LatestNotice>('GET', ContentPaths.latestNotice, manager)).data.id).toBe(id);
    expect((await call<LatestNotice>('GET', ContentPaths.latestNotice, otherManager)).data.title).toBe('他组织的更新通知');
    // A display token reads nothing else of content.
    expect((await call('GET', ContentPaths.unread, display)).statusCode).toBe(403);
    expect((await call('POST', ContentPaths.list, display, { current: 1, size: 10 })).statusCode).toBe(403);
  });
});
