import { inQuietHours, type AlarmSeverity, type DeliveryReason, type QuietHours } from '@pest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, ClockTimer } from '../../clock/clock.ts';
import type { Db } from '../db/db.ts';
import type { ChannelSender } from './channel-send.ts';
import { channelTargets } from './channels.ts';
import { noticeAlarms, type DueAlarm } from './notice-alarms.ts';
import { noticeContract } from './notice-contracts.ts';
import type { Notice } from './messages.ts';
import { retryDelayMs } from './retry-delay.ts';

/** WeCom and DingTalk robots take about 20 messages a minute; we stay at that per channel. */
export const ROBOT_MESSAGES_PER_MINUTE = 20;
const RATE_WINDOW_MS = 60_000;

export interface OutboxWorkerOptions {
  clock: Clock;
  send: ChannelSender;
  logger: FastifyBaseLogger;
  /** An alarm delivery waits this long after its first alarm, gathering the rule's others into one message. */
  digestWindowMs: number;
  maxAttempts: number;
  /** A claim not renewed for this long is a sender that died: the delivery is claimed again. */
  leaseMs: number;
  alarmCenterUrl: string;
  /** The console's 合同 list, where a renewal notice sends its reader (alarmCenterUrl's console when not given). */
  contractListUrl?: string;
  tickMs?: number;
  random?: () => number;
}

interface Claimed {
  id: string;
  channelId: number;
  ruleId: number | null;
  reason: DeliveryReason;
  alarmIds: number[];
  contractId: number | null;
  escalateAfterMinutes: number | null;
  attempts: number;
  idempotencyKey: string;
}

interface RuleOfDelivery {
  name: string;
  quietHours: (QuietHours & { exceptCritical: boolean }) | null;
}

/**
 * Sends the outbox. Each tick claims what is due with FOR UPDATE SKIP LOCKED, one delivery just
 * before its send, so several processes on one PostgreSQL share the work and each delivery is
 * claimed by one. A claim is a lease, renewed every third of it while the send is in flight, so a
 * slow receiver never lets another process send it again (DingTalk and WeCom robots cannot drop a
 * repeat). Only a delivery whose sender died is claimed again once its lease runs out, with the
 * same idempotency key, so a receiver that can may drop that rare repeat. Each delivery ends sent,
 * retrying (backoff with jitter), failed (after maxAttempts) or cancelled (nothing left to say).
 */
export function startOutboxWorker(db: Db, options: OutboxWorkerOptions) {
  const { clock, logger } = options;
  const random = options.random ?? Math.random;
  let running: Promise<number> | null = null;
  let stopped = false;

  /** Claims the most overdue delivery, for leaseMs from now: only the one about to be sent, so no claim waits behind another's send. */
  async function claimNext(now: number): Promise<Claimed | null> {
    const [delivery] = await db.query<Claimed>(
      `update notify_deliveries d set status = 'sending', attempts = d.attempts + 1, claimed_until = $2
       where d.id = (
         select id from notify_deliveries
         where (status = 'pending' and due_at + case when reason = 'alarm' then $3 * interval '1 millisecond' else interval '0' end <= $1)
            or (status = 'retrying' and next_attempt_at <= $1)
            or (status = 'sending' and claimed_until <= $1)
         order by coalesce(next_attempt_at, due_at), id
         limit 1
         for update skip locked)
       returning d.id::text, d.channel_id as "channelId", d.rule_id as "ruleId", d.reason, d.alarm_ids as "alarmIds", d.contract_id as "contractId",
                 d.escalate_after_minutes as "escalateAfterMinutes", d.attempts, d.idempotency_key::text as "idempotencyKey"`,
      [new Date(now), new Date(now + options.leaseMs), options.digestWindowMs],
    );
    return delivery ?? null;
  }

  // Each write about a claimed delivery holds only while the claim is still this worker's (the same
  // attempt, still sending): a worker whose lease was taken over records nothing over the new owner's.
  const HELD = `status = 'sending' and attempts = $2`;

  /** Extends the claim while its send is in flight; a receiver slower than the lease keeps it this worker's. */
  const renew = (delivery: Claimed) =>
    db
      .query(`update notify_deliveries set claimed_until = $3 where id = $1 and ${HELD}`, [delivery.id, delivery.attempts, new Date(clock.now() + options.leaseMs)])
      .catch((error: unknown) => logger.warn({ err: error, delivery: delivery.id }, 'notification claim not renewed'));

  const finish = (delivery: Claimed, status: 'sent' | 'failed' | 'cancelled', detail: string | null, now: number) =>
    db.query(
      `update notify_deliveries set status = $3, sent_at = case when $3 = 'sent' then $4::timestamptz end, claimed_until = null,
              next_attempt_at = null, last_error = case when $3 = 'sent' then null else $5 end, response = $5
       where id = $1 and ${HELD}`,
      [delivery.id, delivery.attempts, status, new Date(now), detail],
    );

  const retryAt = (delivery: Claimed, at: number, detail: string | null, countAttempt: boolean) =>
    db.query(
      `update notify_deliveries set status = 'retrying', next_attempt_at = $3, claimed_until = null, last_error = coalesce($4, last_error),
              attempts = attempts - case when $5 then 0 else 1 end
       where id = $1 and ${HELD}`,
      [delivery.id, delivery.attempts, new Date(at), detail, countAttempt],
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
    if (!channel) return void (await finish(delivery, 'failed', '通知渠道已删除', now));
    const limitedUntil = await rateLimitedUntil(channel.id, channel.type, now);
    if (limitedUntil !== null) return void (await retryAt(delivery, limitedUntil, null, false));

    const [rule] = delivery.ruleId === null ? [] : await db.query<RuleOfDelivery>(
      `select name, case when quiet_start is null then null
                         else json_build_object('start', quiet_start, 'end', quiet_end, 'exceptCritical', quiet_except_critical) end as "quietHours"
       from notify_rules where id = $1`,
      [delivery.ruleId],
    );
    const ruleName = rule?.name ?? '已删除的规则';
    let notice: Notice;
    if (delivery.reason === 'contract') {
      const contract = delivery.contractId === null ? null : await noticeContract(db, delivery.contractId, new Date(now));
      if (!contract) return void (await finish(delivery, 'cancelled', '合同不存在', now));
      notice = { ruleName, contract, link: options.contractListUrl ?? options.alarmCenterUrl };
    } else {
      const alarms = stillToSay(delivery, await noticeAlarms(db, delivery.alarmIds), rule ?? null);
      if (alarms.length === 0) {
        const why = delivery.reason === 'escalation' ? '告警已在升级前确认或处理' : '告警发生在静默时段';
        return void (await finish(delivery, 'cancelled', why, now));
      }
      notice = {
        ruleName,
        alarms,
        link: options.alarmCenterUrl,
        ...(delivery.reason === 'escalation' ? { escalatedAfterMinutes: delivery.escalateAfterMinutes ?? 0 } : {}),
      };
    }
    const result = await options.send(channel, notice, { id: delivery.id, idempotencyKey: delivery.idempotencyKey });
    const detail = result.status === null ? result.detail : `HTTP ${result.status} ${result.detail}`;
    if (result.ok) return void (await finish(delivery, 'sent', detail, clock.now()));
    if (delivery.attempts >= options.maxAttempts) return void (await finish(delivery, 'failed', detail, clock.now()));
    logger.warn({ delivery: delivery.id, channel: channel.id, attempts: delivery.attempts, status: result.status }, 'notification not delivered; will retry');
    await retryAt(delivery, clock.now() + retryDelayMs(delivery.attempts, random), detail, true);
  }

  /**
   * One pass: claims and sends what is due, one delivery at a time, until nothing is due or the
   * worker stops; resolves with how many deliveries it handled. A stop lets the send in flight end
   * and be recorded (a send is bounded by its timeout) and claims nothing more: nothing is left
   * claimed and unsent.
   */
  async function runOnce(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const delivery = await claimNext(clock.now());
      if (!delivery) break;
      handled++;
      const heartbeat = clock.setInterval(() => renew(delivery), Math.max(1, Math.floor(options.leaseMs / 3)));
      try {
        await deliver(delivery, clock.now());
      } catch (error) {
        // A database hiccup mid-delivery: the lease runs out and it is claimed again.
        logger.error({ err: error, delivery: delivery.id }, 'notification delivery failed');
      } finally {
        clock.clearInterval(heartbeat);
      }
    }
    return handled;
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
