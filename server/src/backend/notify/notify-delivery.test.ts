import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlarmKind, AlarmPaths, NotifyPaths, type NotifyChannel, type NotifyRule } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { raiseAlarm } from '../common/raise-alarm.ts';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';
import { startHttpReceiver, type Received } from './testing/receivers.ts';

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
  /** Answers the receiver gives, in order, before it answers 200 again. */
  let failures: number[] = [];
  let boxes: number[];
  let foreignBox: number;
  let channel: NotifyChannel;
  let escalation: NotifyChannel;

  beforeAll(async () => {
    receiver = await startHttpReceiver(() => {
      const status = failures.shift() ?? 200;
      return { status, body: status === 200 ? '{"ok":true}' : '{"error":"busy"}' };
    });
    backend = await createTestBackend({ clock, env: { NOTIFY_ALLOWED_HOSTS: receiver.host, NOTIFY_DIGEST_WINDOW_MS: String(DIGEST_WINDOW_MS) } });
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
    const save = async (path: string, body: object) => (await backend.app.inject({ method: 'POST', url: path, headers: admin, payload: body })).json().data;
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
  });
  beforeEach(() => {
    failures = [];
  });

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
});
