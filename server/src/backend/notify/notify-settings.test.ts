import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyMessages, NotifyPaths, type ChannelTestResult, type NotifyChannel, type NotifyDelivery, type NotifyRule, type Page } from '@pest/shared';
import { createLogger } from '../../logger.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';
import { PRIVATE_URLS } from '../common/testing/private-addresses.ts';
import { mailHeader, startHttpReceiver, startSmtpReceiver } from '../common/testing-receivers.ts';

const DEMO_ORGANISATION_ID = 1;
/** 发送测试 then waits 1.5 s, three quarters of the request's deadline (QUERY_TIMEOUT_MS), less than NOTIFY_TIMEOUT_MS. */
const TIMEOUTS = { NOTIFY_TIMEOUT_MS: '2000', QUERY_TIMEOUT_MS: '2000' };
const TEST_WAITS_SECONDS = 1.5;
type Headers = Record<string, string>;

describe(`notification settings on ${testDriver}: channels, 发送测试 to real loopback receivers, rules, scope`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let http: Awaited<ReturnType<typeof startHttpReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let otherOrganisation: number;
  /** Everything the backend logs, at the most talkative level, to look for secrets in. */
  let logged = '';

  beforeAll(async () => {
    // WeCom answers a bad key with HTTP 200 and a non-zero errcode.
    http = await startHttpReceiver(({ url }) => {
      if (url.searchParams.get('key') === 'BAD') return { status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' };
      if (url.pathname === '/moved') return { status: 302, body: '', headers: { location: '/elsewhere' } };
      // Each byte well within the receiver's timeout, the whole answer far beyond it.
      if (url.pathname === '/drip') return { status: 200, body: ' '.repeat(200), dripEveryMs: 200 };
      return { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
    });
    smtp = await startSmtpReceiver();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    backend = await createTestBackend({
      logger: createLogger('trace', sink),
      env: { NOTIFY_ALLOWED_HOSTS: http.host, SMTP_URL: smtp.url, PUBLIC_URL: 'https://pest.example.com', ...TIMEOUTS },
    });
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    otherOrganisation = await otherOrganisationId(backend.db, DEMO_ORGANISATION_ID);
  });
  afterAll(async () => {
    await backend?.close();
    await http?.close();
    await smtp?.close();
  });

  const post = async <T>(url: string, headers: Headers, payload: object = {}) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, raw: response.body, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const saveChannel = async (headers: Headers, channel: object) => (await post<NotifyChannel>(NotifyPaths.channelSave, headers, channel)).body;
  const testChannel = async (headers: Headers, id: number) => (await post<ChannelTestResult>(NotifyPaths.channelTest, headers, { id })).body;

  it('sends a signed webhook test and logs it; the secret never comes back', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'webhook', name: '客户系统', url: http.url('/hooks/pest'), secret: 'whsec-0123456789' });
    expect(channel).toMatchObject({ type: 'webhook', hasSecret: true, url: http.url('/hooks/pest') });
    const listed = await post<NotifyChannel[]>(NotifyPaths.channelList, admin);
    expect(listed.raw).not.toContain('whsec-0123456789');
    const stored = await backend.db.query<{ secret: string }>('select secret from notify_channels where id = $1', [channel.id]);
    expect(stored[0]!.secret).not.toContain('whsec');

    const before = http.received.length;
    expect((await testChannel(admin, channel.id)).data).toMatchObject({ ok: true, status: 200 });
    const got = http.received.slice(before);
    expect(got).toHaveLength(1);
    const [request] = got;
    expect(request!.url.pathname).toBe('/hooks/pest');
    const timestamp = request!.headers['x-timestamp'] as string;
    const expected = createHmac('sha256', 'whsec-0123456789').update(`${timestamp}.${request!.body}`).digest('hex');
    expect(request!.headers['x-signature']).toBe(`sha256=${expected}`);
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request!.body)).toMatchObject({ link: 'https://pest.example.com/equipment/alarmCenter', alarms: [{ kindLabel: '触发捕鼠' }] });

    const log = await post<Page<NotifyDelivery>>(NotifyPaths.deliveryList, admin, { current: 1, size: 10, channelId: channel.id });
    expect(log.body.data.records[0]).toMatchObject({ reason: 'test', status: 'sent', attempts: 1, channelName: '客户系统' });
  });

  it('keeps a removed channel and rule for the history: their deliveries stay in the log by name, the rule is switched off', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'webhook', name: '旧值班系统', url: http.url('/hooks/old') });
    expect((await testChannel(admin, channel.id)).data.ok).toBe(true);
    const { data: rule } = await post<NotifyRule>(NotifyPaths.ruleSave, admin, { name: '旧规则', customerIds: [DEMO_ORGANISATION_ID], channelIds: [channel.id], enabled: true }).then((answer) => answer.body);
    expect((await post(NotifyPaths.ruleDelete, admin, { id: rule.id })).statusCode).toBe(200);
    expect((await post(NotifyPaths.channelDelete, admin, { id: channel.id })).statusCode).toBe(200);

    expect((await post<NotifyChannel[]>(NotifyPaths.channelList, admin)).body.data.map((each) => each.id)).not.toContain(channel.id);
    expect((await post<NotifyRule[]>(NotifyPaths.ruleList, admin)).body.data.map((each) => each.id)).not.toContain(rule.id);
    const log = await post<Page<NotifyDelivery>>(NotifyPaths.deliveryList, admin, { current: 1, size: 10, channelId: channel.id });
    expect(log.body.data.records).toMatchObject([{ reason: 'test', channelName: '旧值班系统' }]);
    const [kept] = await backend.db.query<{ enabled: boolean; removed: boolean }>('select enabled, removed_at is not null as removed from notify_rules where id = $1', [rule.id]);
    expect(kept).toEqual({ enabled: false, removed: true });
    // Removed twice: there is nothing left to remove.
    expect((await post(NotifyPaths.channelDelete, admin, { id: channel.id })).statusCode).toBe(404);
  });

  it('sends WeCom markdown to the robot\'s key and shows the key masked', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'wecom', name: '值班群', url: http.url('/cgi-bin/webhook/send?key=KEY-693axxx') });
    expect(channel.url).toBe(http.url('/cgi-bin/webhook/send?key=****'));
    const before = http.received.length;
    expect((await testChannel(admin, channel.id)).data.ok).toBe(true);
    const request = http.received[before]!;
    expect(request.url.searchParams.get('key')).toBe('KEY-693axxx');
    const body = JSON.parse(request.body) as { msgtype: string; markdown: { content: string } };
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.content).toContain('<font color="warning">');
  });

  it('signs DingTalk when the channel has a secret, as DingTalk checks it', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'dingtalk', name: '钉钉群', url: http.url('/robot/send?access_token=T0K'), secret: 'SECdingtalk' });
    const before = http.received.length;
    expect((await testChannel(admin, channel.id)).data.ok).toBe(true);
    const { url, body } = http.received[before]!;
    const timestamp = url.searchParams.get('timestamp')!;
    expect(url.searchParams.get('access_token')).toBe('T0K');
    expect(url.searchParams.get('sign')).toBe(createHmac('sha256', 'SECdingtalk').update(`${timestamp}\nSECdingtalk`).digest('base64'));
    expect(JSON.parse(body)).toMatchObject({ msgtype: 'markdown', markdown: { title: expect.stringContaining('测试门店') } });
  });

  it('emails through SMTP with a Chinese subject and both parts', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'email', name: '值班邮箱', to: ['ops@example.com', 'boss@example.com'] });
    expect((await testChannel(admin, channel.id)).data.ok).toBe(true);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['ops@example.com', 'boss@example.com']);
    expect(mailHeader(mail.raw, 'subject')).toBe('【紧急】测试门店 · 测试设备：这是一条测试消息，收到即表示通知渠道配置正确');
    expect(mail.raw).toMatch(/text\/plain/);
    expect(mail.raw).toMatch(/text\/html/);
  });

  it('says what the receiver answered when it refuses, and refuses a destination not allowed before connecting', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'wecom', name: '坏钥匙', url: http.url('/cgi-bin/webhook/send?key=BAD') });
    const result = (await testChannel(admin, channel.id)).data;
    expect(result).toEqual({ ok: false, status: 200, detail: expect.stringContaining('invalid webhook url') });

    const elsewhere = await startHttpReceiver();
    // Written behind the API's back: another port of loopback, not in NOTIFY_ALLOWED_HOSTS.
    await backend.db.query('update notify_channels set url = $1 where id = $2', [elsewhere.url('/cgi-bin/webhook/send?key=K'), channel.id]);
    expect((await testChannel(admin, channel.id)).data).toMatchObject({ ok: false, status: null });
    expect(elsewhere.received).toHaveLength(0);
    await elsewhere.close();
  });

  it('does not follow a redirect', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'webhook', name: '搬家了', url: http.url('/moved') });
    const before = http.received.length;
    expect((await testChannel(admin, channel.id)).data).toMatchObject({ ok: false, status: 302 });
    expect(http.received.slice(before).map((r) => r.url.pathname)).toEqual(['/moved']);
  });

  it('says in Chinese that a receiver dripping its answer did not answer in time, before the request\'s own deadline', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'webhook', name: '慢吞吞', url: http.url('/drip') });
    const tested = await post<ChannelTestResult>(NotifyPaths.channelTest, admin, { id: channel.id });
    expect({ statusCode: tested.statusCode, body: tested.body }).toMatchObject({
      statusCode: 200,
      body: { status: 200, data: { ok: false, status: null, detail: NotifyMessages.receiverTimeout(TEST_WAITS_SECONDS) } },
    });
    expect(tested.body.data.detail).toBe('接收方未在 1.5 秒内响应，请确认地址正确、接收方正常运行');
    const log = await post<Page<NotifyDelivery>>(NotifyPaths.deliveryList, admin, { current: 1, size: 1, channelId: channel.id });
    expect(log.body.data.records[0]).toMatchObject({ reason: 'test', status: 'failed', lastError: NotifyMessages.receiverTimeout(TEST_WAITS_SECONDS) });
  });

  it('never logs a channel\'s secret or its robot key, even at trace level', async () => {
    const { data: channel } = await saveChannel(admin, { type: 'dingtalk', name: '日志检查', url: http.url('/robot/send?access_token=TOKEN-in-url'), secret: 'SEC-never-logged' });
    await testChannel(admin, channel.id);
    await saveChannel(admin, { id: channel.id, type: 'dingtalk', name: '日志检查', secret: 'SEC-second-never-logged' });
    await testChannel(admin, channel.id);
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of ['SEC-never-logged', 'SEC-second-never-logged', 'whsec-0123456789', 'TOKEN-in-url', 'KEY-693axxx']) expect({ secret, logged: logged.includes(secret) }).toEqual({ secret, logged: false });
  });

  it('refuses destinations that are not https or are private, unless allowed', async () => {
    for (const url of ['http://hooks.example.com/x', 'ftp://x.example.com/']) {
      const { statusCode, body } = await post(NotifyPaths.channelSave, admin, { type: 'webhook', name: 'x', url });
      expect({ url, statusCode, status: body.status, data: body.data }).toEqual({ url, statusCode: 400, status: 400, data: { field: 'url' } });
    }
    // Every form of a loopback or private address, written any way a URL can write it.
    for (const url of PRIVATE_URLS) {
      const { statusCode, body } = await post(NotifyPaths.channelSave, admin, { type: 'webhook', name: 'x', url });
      expect({ url, statusCode, body }).toEqual({ url, statusCode: 400, body: { status: 400, message: NotifyMessages.urlPrivate, data: { field: 'url' } } });
    }
    // A company's own network: the refusal names the field and who may allow it, in Chinese.
    const privateRefusal = (await post(NotifyPaths.channelSave, admin, { type: 'wecom', name: 'x', url: 'https://192.168.10.5/robot' })).body;
    expect(privateRefusal).toEqual({ status: 400, message: NotifyMessages.urlPrivate, data: { field: 'url' } });
    expect(privateRefusal.message).toMatch(/服务器管理员.*NOTIFY_ALLOWED_HOSTS/);
    expect((await post(NotifyPaths.channelSave, admin, { type: 'webhook', name: 'x', url: 'http://hooks.example.com/x' })).body.message).toBe(NotifyMessages.urlNotHttps);
    expect((await post(NotifyPaths.channelSave, admin, { type: 'webhook', name: 'x' })).body).toMatchObject({ message: NotifyMessages.urlRequired, data: { field: 'url' } });
    expect((await post(NotifyPaths.channelSave, admin, { type: 'email', name: 'x' })).body).toMatchObject({ message: NotifyMessages.recipientsRequired, data: { field: 'to' } });
  });

  describe('scope', () => {
    let adminChannel: NotifyChannel;
    let managerChannel: NotifyChannel;

    beforeAll(async () => {
      adminChannel = (await saveChannel(admin, { type: 'webhook', name: '总部', url: http.url('/hq') })).data;
      managerChannel = (await saveChannel(manager, { type: 'webhook', name: '门店经理', url: http.url('/mgr') })).data;
    });

    it('keeps the provider\'s channels from a customer\'s manager: not listed, not usable, not testable, not deletable', async () => {
      const listed = (await post<NotifyChannel[]>(NotifyPaths.channelList, manager)).body.data;
      expect(listed.map((c) => c.id)).toEqual([managerChannel.id]);
      expect((await testChannel(manager, adminChannel.id)).status).toBe(404);
      expect((await post(NotifyPaths.channelDelete, manager, { id: adminChannel.id })).body.status).toBe(404);
      expect((await post(NotifyPaths.channelSave, manager, { id: adminChannel.id, type: 'webhook', name: '改', url: http.url('/evil') })).body.status).toBe(404);
      const rule = await post(NotifyPaths.ruleSave, manager, { name: '借用', customerIds: [DEMO_ORGANISATION_ID], channelIds: [adminChannel.id], enabled: true });
      expect(rule.body).toMatchObject({ status: 400, message: NotifyMessages.channelNotFound, data: { field: 'channelIds' } });
      // The provider sees the manager's.
      expect((await post<NotifyChannel[]>(NotifyPaths.channelList, admin)).body.data.map((c) => c.id)).toContain(managerChannel.id);
    });

    it('lets a manager make rules for his own organisation only', async () => {
    const [{ name: demoName }] = (await backend.db.query<{ name: string }>('select name from customers where id = $1', [DEMO_ORGANISATION_ID])) as [{ name: string }];
      const own = await post<NotifyRule>(NotifyPaths.ruleSave, manager, {
        name: '捕鼠即时',
        customerIds: [DEMO_ORGANISATION_ID],
        types: [5],
        quietHours: { start: '22:00', end: '07:00', exceptCritical: true },
        channelIds: [managerChannel.id],
        enabled: true,
      });
      expect(own.body).toMatchObject({ status: 200, data: { customerIds: [DEMO_ORGANISATION_ID], customerNames: [demoName], storeNames: [], types: [5], quietHours: { start: '22:00', end: '07:00', exceptCritical: true } } });
      const foreign = await post(NotifyPaths.ruleSave, manager, { name: '越权', customerIds: [otherOrganisation], channelIds: [managerChannel.id], enabled: true });
      expect(foreign.body).toMatchObject({ status: 400, message: NotifyMessages.scopeRefused, data: { field: 'customerIds' } });
      expect(await backend.db.query(`select 1 from notify_rules where name = '越权'`)).toHaveLength(0);
      // The admin's rules are not his to see or delete.
      const hq = await post<NotifyRule>(NotifyPaths.ruleSave, admin, { name: '总部规则', customerIds: [otherOrganisation], channelIds: [adminChannel.id], enabled: true });
      expect((await post<NotifyRule[]>(NotifyPaths.ruleList, manager)).body.data.map((r) => r.name)).toEqual(['捕鼠即时']);
      expect((await post(NotifyPaths.ruleDelete, manager, { id: hq.body.data.id })).body.status).toBe(404);
      // A channel a rule uses cannot be deleted from under it.
      expect((await post(NotifyPaths.channelDelete, manager, { id: managerChannel.id })).body).toMatchObject({ status: 400, message: NotifyMessages.channelInUse });
    });

    it('wants an escalation\'s minutes and channels together, naming the one missing', async () => {
      const rule = { name: '升级', customerIds: [otherOrganisation], channelIds: [adminChannel.id], enabled: true };
      const noChannels = await post(NotifyPaths.ruleSave, admin, { ...rule, escalateAfterMinutes: 15 });
      expect(noChannels.body).toMatchObject({ status: 400, message: NotifyMessages.escalationIncomplete, data: { field: 'escalationChannelIds' } });
      const noMinutes = await post(NotifyPaths.ruleSave, admin, { ...rule, escalationChannelIds: [adminChannel.id] });
      expect(noMinutes.body).toMatchObject({ status: 400, message: NotifyMessages.escalationIncomplete, data: { field: 'escalateAfterMinutes' } });
    });

    it('names the field of every other refusal: stores outside the rule\'s organisations, an escalation channel not the user\'s', async () => {
      const [foreignStore] = await backend.db.query<{ id: number }>('select id from customers where path[1] = $1 and kind = 3 order by id limit 1', [otherOrganisation]);
      const stores = await post(NotifyPaths.ruleSave, admin, { name: '门店', customerIds: [DEMO_ORGANISATION_ID], storeIds: [foreignStore!.id], channelIds: [adminChannel.id], enabled: true });
      expect(stores.body).toMatchObject({ status: 400, message: NotifyMessages.scopeRefused, data: { field: 'storeIds' } });
      const escalation = await post(NotifyPaths.ruleSave, manager, {
        name: '借用升级',
        customerIds: [DEMO_ORGANISATION_ID],
        channelIds: [managerChannel.id],
        escalateAfterMinutes: 30,
        escalationChannelIds: [adminChannel.id],
        enabled: true,
      });
      expect(escalation.body).toMatchObject({ status: 400, message: NotifyMessages.channelNotFound, data: { field: 'escalationChannelIds' } });
      expect(await backend.db.query(`select 1 from notify_rules where name in ('门店', '借用升级')`)).toHaveLength(0);
    });
  });
});
