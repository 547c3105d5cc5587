import { inQuietHours, type AlarmSeverity, type DeliveryReason, type QuietHours } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, ClockTimer } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import type { ChannelSender } from './channel-send.ts';
import { channelTargets } from './channels.ts';
import { noticeAlarms, type DueAlarm } from './notice-alarms.ts';
import { retryDelayMs } from './retry-delay.ts';

/** WeCom and DingTalk robots take about 20 messages a minute; we stay at that per channel. */
export const ROBOT_MESSAGES_PER_MINUTE = 20;
const RATE_WINDOW_MS = 60_000;
const CLAIM_BATCH = 20;

export interface OutboxWorkerOptions {
  clock: Clock;
  send: ChannelSender;
  logger: FastifyBaseLogger;
  /** An alarm delivery waits this long after its first alarm, gathering the rule's others into one message. */
  digestWindowMs: number;
  maxAttempts: number;
  /** A claim this old is a sender that died: the delivery is claimed again. */
  leaseMs: number;
  alarmCenterUrl: string;
  tickMs?: number;
  random?: () => number;
}

interface Claimed {
  id: string;
  channelId: number;
  ruleId: number | null;
  reason: DeliveryReason;
  alarmIds: number[];
  escalateAfterMinutes: number | null;
  attempts: number;
  idempotencyKey: string;
}

interface RuleOfDelivery {
  name: string;
  quietHours: (QuietHours & { exceptCritical: boolean }) | null;
}

/**
 * Sends the outbox. Each tick claims what is due with FOR UPDATE SKIP LOCKED, so several
 * processes on one PostgreSQL share the work and each delivery is claimed by one; a claim is a
 * lease, and a delivery whose sender died is claimed again once it runs out, with the same
 * idempotency key, so a receiver can drop the rare repeat. Each delivery ends sent, retrying
 * (backoff with jitter), failed (after maxAttempts) or cancelled (nothing left to say).
 */
export function startOutboxWorker(db: Db, options: OutboxWorkerOptions) {
  const { clock, logger } = options;
  const random = options.random ?? Math.random;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function claim(now: number): Promise<Claimed[]> {
    return db.query<Claimed>(
      `update notify_deliveries d set status = 'sending', attempts = d.attempts + 1, claimed_until = $2
       where d.id in (
         select id from notify_deliveries
         where (status = 'pending' and due_at + case when reason = 'alarm' then $3 * interval '1 millisecond' else interval '0' end <= $1)
            or (status = 'retrying' and next_attempt_at <= $1)
            or (status = 'sending' and claimed_until <= $1)
         order by coalesce(next_attempt_at, due_at), id
         limit ${CLAIM_BATCH}
         for update skip locked)
       returning d.id::text, d.channel_id as "channelId", d.rule_id as "ruleId", d.reason, d.alarm_ids as "alarmIds",
                 d.escalate_after_minutes as "escalateAfterMinutes", d.attempts, d.idempotency_key::text as "idempotencyKey"`,
      [new Date(now), new Date(now + options.leaseMs), options.digestWindowMs],
    );
  }

  const finish = (id: string, status: 'sent' | 'failed' | 'cancelled', detail: string | null, now: number) =>
    db.query(
      `update notify_deliveries set status = $2, sent_at = case when $2 = 'sent' then $3::timestamptz end, claimed_until = null,
              next_attempt_at = null, last_error = case when $2 = 'sent' then null else $4 end, response = $4
       where id = $1`,
      [id, status, new Date(now), detail],
    );

  const retryAt = (id: string, at: number, detail: string | null, countAttempt: boolean) =>
    db.query(
      `update notify_deliveries set status = 'retrying', next_attempt_at = $2, claimed_until = null, last_error = coalesce($3, last_error),
              attempts = attempts - case when $4 then 0 else 1 end
       where id = $1`,
      [id, new Date(at), detail, countAttempt],
    );

  /** When the channel may send again, or null if now: at most ROBOT_MESSAGES_PER_MINUTE in any minute. */
  async function rateLimitedUntil(channelId: number, type: string, now: number): Promise<number | null> {
    if (type !== 'wecom' && type !== 'dingtalk') return null;
    const sent = await db.query<{ at: Date }>(
      `select sent_at as at from notify_deliveries where channel_id = $1 and status = 'sent' and sent_at > $2 order by sent_at desc limit $3`,
      [channelId, new Date(now - RATE_WINDOW_MS), ROBOT_MESSAGES_PER_MINUTE],
    );
    return sent.length < ROBOT_MESSAGES_PER_MINUTE ? null : sent.at(-1)!.at.getTime() + RATE_WINDOW_MS;
  }

  /** The alarms still worth saying: an escalation only of those nobody acknowledged, none raised in quiet hours unless critical is let through. */
  function stillToSay(delivery: Claimed, alarms: DueAlarm[], rule: RuleOfDelivery | null): DueAlarm[] {
    return alarms.filter((alarm) => {
      if (delivery.reason === 'escalation' && alarm.state !== 'open') return false;
      const quiet = rule?.quietHours;
      if (!quiet || !inQuietHours(alarm.createdAt, quiet)) return true;
      return quiet.exceptCritical && alarm.severity === ('critical' satisfies AlarmSeverity);
    });
  }

  async function deliver(delivery: Claimed, now: number): Promise<void> {
    const [channel] = await channelTargets(db, null, [delivery.channelId]);
    if (!channel) return void (await finish(delivery.id, 'failed', '通知渠道已删除', now));
    const limitedUntil = await rateLimitedUntil(channel.id, channel.type, now);
    if (limitedUntil !== null) return void (await retryAt(delivery.id, limitedUntil, null, false));

    const [rule] = delivery.ruleId === null ? [] : await db.query<RuleOfDelivery>(
      `select name, case when quiet_start is null then null
                         else json_build_object('start', quiet_start, 'end', quiet_end, 'exceptCritical', quiet_except_critical) end as "quietHours"
       from notify_rules where id = $1`,
      [delivery.ruleId],
    );
    const alarms = stillToSay(delivery, await noticeAlarms(db, delivery.alarmIds), rule ?? null);
    if (alarms.length === 0) {
      const why = delivery.reason === 'escalation' ? '告警已在升级前确认或处理' : '告警发生在静默时段';
      return void (await finish(delivery.id, 'cancelled', why, now));
    }
    const notice = {
      ruleName: rule?.name ?? '已删除的规则',
      alarms,
      link: options.alarmCenterUrl,
      ...(delivery.reason === 'escalation' ? { escalatedAfterMinutes: delivery.escalateAfterMinutes ?? 0 } : {}),
    };
    const result = await options.send(channel, notice, { id: delivery.id, idempotencyKey: delivery.idempotencyKey });
    const detail = result.status === null ? result.detail : `HTTP ${result.status} ${result.detail}`;
    if (result.ok) return void (await finish(delivery.id, 'sent', detail, clock.now()));
    if (delivery.attempts >= options.maxAttempts) return void (await finish(delivery.id, 'failed', detail, clock.now()));
    logger.warn({ delivery: delivery.id, channel: channel.id, attempts: delivery.attempts, status: result.status }, 'notification not delivered; will retry');
    await retryAt(delivery.id, clock.now() + retryDelayMs(delivery.attempts, random), detail, true);
  }

  /** One pass: claims and sends what is due; resolves with how many deliveries it handled. */
  async function runOnce(): Promise<number> {
    const now = clock.now();
    const claimed = await claim(now);
    for (const delivery of claimed) {
      try {
        await deliver(delivery, now);
      } catch (error) {
        // A database hiccup mid-delivery: the lease runs out and it is claimed again.
        logger.error({ err: error, delivery: delivery.id }, 'notification delivery failed');
      }
    }
    return claimed.length;
  }

  const tick = () => {
    if (stopped || running) return running;
    running = runOnce()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'notification outbox pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer: ClockTimer = clock.setInterval(tick, options.tickMs ?? 1_000);

  return {
    runOnce: () => tick() ?? Promise.resolve(0),
    async stop() {
      stopped = true;
      clock.clearInterval(timer);
      await running;
    },
  };
}
