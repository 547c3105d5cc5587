import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlarmKind, AlarmPaths, NotifyPaths, type NotifyChannel, type NotifyRule } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { raiseAlarm } from '../common/raise-alarm.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import type { webhookBody } from './messages.ts';
import { HOSTILE, MARKUP_LEFT } from './testing/hostile-names.ts';
import { mailHeader, mailPart, startHttpReceiver, startSmtpReceiver, type Received } from '../common/testing-receivers.ts';

const DEMO_ORGANISATION_ID = 1;
const DIGEST_WINDOW_MS = 30_000;
type Headers = Record<string, string>;
type WebhookBody = { deliveryId: string; escalatedAfterMinutes: number | null; alarms: { id: number; kind: number }[] };

/**
 * The outbox end to end: alarms written by the backend's own code, the worker on a manual clock,
 * a real HTTP receiver on loopback that checks what it gets.
 */
describe(`notification delivery on ${testDriver}: outbox, digests, retries, escalation, quiet hours`, () => {
  const clock = createManualClock(Date.parse('2026-11-24T02:00:00Z'));
  let backend: TestBackend;
  let admin: Headers;
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  /** Answers the receiver gives, in order, before it answers 200 again. */
  let failures: number[] = [];
  let boxes: number[];
  let foreignBox: number;
  let channel: NotifyChannel;
  let escalation: NotifyChannel;

  beforeAll(async () => {
    receiver = await startHttpReceiver(() => {
      const status = failures.shift() ?? 200;
      // As the robots answer, which a webhook's sender takes as well.
      return { status, body: status === 200 ? '{"errcode":0,"errmsg":"ok"}' : '{"error":"busy"}' };
    });
    smtp = await startSmtpReceiver();
    backend = await createTestBackend({
      clock,
      env: { NOTIFY_ALLOWED_HOSTS: receiver.host, NOTIFY_DIGEST_WINDOW_MS: String(DIGEST_WINDOW_MS), SMTP_URL: smtp.url, PUBLIC_URL: 'https://pest.example.com' },
    });
    admin = await signIn(backend.app, 'admin');
    const devices = async (inDemo: boolean) =>
      (
        await backend.db.query<{ id: number }>(
          `select d.id from devices d join customers s on s.id = d.customer_id where (s.path[1] = $1) = $2 and d.gateway_id is null order by d.id limit 40`,
          [DEMO_ORGANISATION_ID, inDemo],
        )
      ).map((row) => row.id);
    boxes = await devices(true);
    foreignBox = (await devices(false))[0]!;
    channel = await save(NotifyPaths.channelSave, { type: 'webhook', name: '值班系统', url: receiver.url('/alarms'), secret: 'whsec-delivery' });
    escalation = await save(NotifyPaths.channelSave, { type: 'webhook', name: '主管', url: receiver.url('/escalations') });
    const rule: NotifyRule = await save(NotifyPaths.ruleSave, {
      name: '捕鼠与离线',
      customerIds: [DEMO_ORGANISATION_ID],
      types: [AlarmKind.trigger, AlarmKind.offline],
      channelIds: [channel.id],
      escalateAfterMinutes: 15,
      escalationChannelIds: [escalation.id],
      enabled: true,
    });
    expect(rule.id).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await backend?.close();
    await receiver?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    failures = [];
  });

  const save = async (path: string, body: object) => (await backend.app.inject({ method: 'POST', url: path, headers: admin, payload: body })).json().data;
  /** Every alarm still open from earlier tests is closed, so each test counts only its own. */
  const closeOpenAlarms = () => backend.db.query(`update device_events set state = 'handled', handled = true, handled_at = now(), ack_at = coalesce(ack_at, now()) where not handled`);
  const raise = (deviceIds: number[], kind: AlarmKind = AlarmKind.trigger) =>
    raiseAlarm(backend.db, deviceIds, kind, { key: kind === AlarmKind.trigger ? 'trigger' : 'offline' }, new Date(clock.now()));
  const at = (path: string) => receiver.received.filter((r) => r.url.pathname === path);
  const bodyOf = (request: Received) => JSON.parse(request.body) as WebhookBody;
  const alarmIds = async (deviceIds: number[]) =>
    (await backend.db.query<{ id: number }>(`select id from device_events where device_id = any($1::int[]) and not handled and kind = 5 order by id`, [deviceIds])).map((r) => r.id);

  it('sends one digest for a burst within the window, after the window, and nothing for another organisation', async () => {
    await closeOpenAlarms();
    const before = at('/alarms').length;
    await raise(boxes.slice(0, 25));
    await raise([foreignBox]);
    await clock.advance(DIGEST_WINDOW_MS - 2_000);
    expect(at('/alarms').length).toBe(before);
    await clock.advance(3_000);
    const sent = at('/alarms').slice(before);
    expect(sent).toHaveLength(1);
    const body = bodyOf(sent[0]!);
    expect(body.alarms.map((a) => a.id).sort((a, b) => a - b)).toEqual(await alarmIds(boxes.slice(0, 25)));
    const [row] = await backend.db.query<{ status: string; attempts: number }>(`select status, attempts from notify_deliveries where id = $1`, [body.deliveryId]);
    expect(row).toEqual({ status: 'sent', attempts: 1 });
  });

  it('retries a receiver that fails twice and then succeeds: one success, the same idempotency key each time', async () => {
    await closeOpenAlarms();
    failures = [500, 503];
    const before = at('/alarms').length;
    await raise([boxes[30]!]);
    await clock.advance(DIGEST_WINDOW_MS + 1_000);
    await clock.advance(6_000);
    await clock.advance(11_000);
    const tries = at('/alarms').slice(before);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => t.headers['idempotency-key'])).size).toBe(1);
    const [row] = await backend.db.query<{ status: string; attempts: number; last_error: string | null }>(
      `select status, attempts, last_error from notify_deliveries where id = $1`,
      [bodyOf(tries[0]!).deliveryId],
    );
    expect(row).toEqual({ status: 'sent', attempts: 3, last_error: null });
    await clock.advance(60_000);
    expect(at('/alarms').slice(before)).toHaveLength(3);
  });

  it('escalates only the alarms nobody acknowledged in time, once', async () => {
    await closeOpenAlarms();
    const before = at('/escalations').length;
    await raise([boxes[31]!, boxes[32]!]);
    const [first, second] = await alarmIds([boxes[31]!, boxes[32]!]);
    await clock.advance(5 * 60_000);
    const acknowledged = await backend.app.inject({ method: 'POST', url: AlarmPaths.acknowledge, headers: admin, payload: { ids: [first] } });
    expect(acknowledged.json().data.changed).toBe(1);
    await clock.advance(9 * 60_000);
    expect(at('/escalations').length).toBe(before);
    await clock.advance(2 * 60_000);
    const escalated = at('/escalations').slice(before);
    expect(escalated.map(bodyOf).map((b) => ({ after: b.escalatedAfterMinutes, ids: b.alarms.map((a) => a.id) }))).toEqual([{ after: 15, ids: [second] }]);
    await clock.advance(30 * 60_000);
    expect(at('/escalations').length).toBe(before + 1);
    const cancelled = await backend.db.query(`select 1 from notify_deliveries where reason = 'escalation' and status = 'cancelled' and $1 = any(alarm_ids)`, [first]);
    expect(cancelled).toHaveLength(1);
  });

  it('keeps quiet in quiet hours, except for critical alarms when the rule says so', async () => {
    await closeOpenAlarms();
    // 10:00 in China now: a quiet window around it.
    await backend.db.query(`update notify_rules set quiet_start = '09:00', quiet_end = '11:00', quiet_except_critical = true, escalate_after_minutes = null, escalation_channel_ids = '{}'`);
    const before = at('/alarms').length;
    await raise([boxes[33]!], AlarmKind.offline);
    await clock.advance(DIGEST_WINDOW_MS + 1_000);
    expect(at('/alarms').length).toBe(before);
    await raise([boxes[34]!], AlarmKind.trigger);
    await clock.advance(DIGEST_WINDOW_MS + 1_000);
    expect(at('/alarms').slice(before).map(bodyOf).map((b) => b.alarms.map((a) => a.kind))).toEqual([[AlarmKind.trigger]]);
  });

  it('writes names people or devices supplied as text in every channel, through the outbox to real receivers', async () => {
    await closeOpenAlarms();
    const box = boxes[35]!;
    const [before] = await backend.db.query<{ device: string; code: string; store: string; storeId: number; organisation: string }>(
      `select d.name as device, d.code, s.name as store, s.id as "storeId", o.name as organisation
       from devices d join customers s on s.id = d.customer_id join customers o on o.id = s.path[1] where d.id = $1`,
      [box],
    );
    const rename = (names: { device: string; code: string; store: string; organisation: string }) =>
      backend.db.query(
        `with d as (update devices set name = $2, code = $3 where id = $1 returning customer_id),
              s as (update customers set name = $4 where id = (select customer_id from d) returning path[1] as organisation)
         update customers set name = $5 where id = (select organisation from s)`,
        [box, names.device, names.code, names.store, names.organisation],
      );
    await rename({ device: HOSTILE.deviceName, code: HOSTILE.deviceCode, store: HOSTILE.storeName, organisation: HOSTILE.organisationName });
    try {
      const channels = [
        await save(NotifyPaths.channelSave, { type: 'dingtalk', name: '钉钉', url: receiver.url('/hostile/dingtalk?access_token=T') }),
        await save(NotifyPaths.channelSave, { type: 'wecom', name: '企业微信', url: receiver.url('/hostile/wecom?key=K') }),
        await save(NotifyPaths.channelSave, { type: 'webhook', name: '客户系统', url: receiver.url('/hostile/webhook') }),
        await save(NotifyPaths.channelSave, { type: 'email', name: '邮箱', to: ['ops@example.com'] }),
      ] as NotifyChannel[];
      const rule: NotifyRule = await save(NotifyPaths.ruleSave, { name: HOSTILE.ruleName, customerIds: [DEMO_ORGANISATION_ID], storeIds: [before!.storeId], channelIds: channels.map((c) => c.id), enabled: true });
      expect(rule.name).toBe(HOSTILE.ruleName);
      const mails = smtp.mails.length;
      await raiseAlarm(backend.db, [box], AlarmKind.trigger, { key: 'text', params: { text: HOSTILE.content } }, new Date(clock.now()));
      await clock.advance(DIGEST_WINDOW_MS + 1_000);

      const robot = (path: string) => JSON.parse(at(path).at(-1)!.body) as { markdown: { text?: string; content?: string; title?: string } };
      /** The markup left once our own link is taken out. */
      const leftOver = (text: string) => {
        const theirs = text.replace('[在告警中心处理](https://pest.example.com/equipment/alarmCenter)', '');
        return MARKUP_LEFT.filter((pattern) => pattern.test(theirs)).map(String);
      };
      const dingTalk = robot('/hostile/dingtalk').markdown;
      const weCom = robot('/hostile/wecom').markdown.content!;
      for (const text of [dingTalk.text!, dingTalk.title!, weCom]) {
        expect(leftOver(text)).toEqual([]);
        expect(text).toContain('［点此处理告警］（http：//evil．example/x）');
      }
      expect(dingTalk.text!.split('\n').every((line) => /^(#### |- |$|\[在告警中心处理\]\(https:\/\/pest\.example\.com\/)/.test(line))).toBe(true);
      expect(weCom.split('\n').every((line) => /^(\*\*|> |\[在告警中心处理\]\(https:\/\/pest\.example\.com\/)/.test(line))).toBe(true);
      expect(weCom.replace(/<font color="warning">|<\/font>/g, '')).not.toMatch(/<|>(?! )/);

      const webhook = JSON.parse(at('/hostile/webhook').at(-1)!.body) as ReturnType<typeof webhookBody>;
      expect(webhook).toMatchObject({
        rule: HOSTILE.ruleName,
        alarms: [{ content: HOSTILE.content, device: { name: HOSTILE.deviceName, code: HOSTILE.deviceCode }, store: HOSTILE.storeName, organisation: HOSTILE.organisationName }],
      });

      expect(smtp.mails.length).toBe(mails + 1);
      const raw = smtp.mails.at(-1)!.raw;
      const html = mailPart(raw, 'text/html')!;
      expect(html.match(/<(?!\/?(?:h3|ul|li|p)>|a href="https:\/\/pest\.example\.com\/equipment\/alarmCenter">|\/a>)/g)).toBeNull();
      expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;店');
      expect(html).not.toMatch(/evil\.example|https?:\/\/evil/);
      expect(mailPart(raw, 'text/plain')!.split(/\r?\n/).filter((line) => /^[#>[]/.test(line))).toEqual([]);
      expect(mailHeader(raw, 'subject')).toContain('[点此处理告警](http：//evil．example/x)：设备离线 # 伪造标题 >');
    } finally {
      await rename(before!);
    }
  });
});
