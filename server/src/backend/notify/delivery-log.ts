import type { DeliveryListBody, NotifyDelivery, Page } from '@pest/shared';
import { sqlServiceTime, sqlTimeRange } from '../common/service-time.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import type { Scope } from '../scope.ts';
import { ownedInScope } from '../common/owner.ts';

/** 通知记录: deliveries through the channels the user may see, newest first. */
export async function deliveryLog(db: Queryable, scope: Scope, body: DeliveryListBody): Promise<Page<NotifyDelivery>> {
  const params = new SqlParams();
  const where = [ownedInScope(scope, 'c.owner_customer_id', params), ...sqlTimeRange('d.created_at', body.startDate, body.endDate, params)];
  if (body.status) where.push(`d.status = ${params.add(body.status)}`);
  if (body.channelId !== undefined) where.push(`d.channel_id = ${params.add(body.channelId)}`);
  const from = `from notify_deliveries d join notify_channels c on c.id = d.channel_id left join notify_rules r on r.id = d.rule_id
                where ${where.join(' and ')}`;
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${from}`, params.values);
  const records = await db.query<NotifyDelivery>(
    `select d.id::int, d.channel_id as "channelId", c.name as "channelName", c.type as "channelType", r.name as "ruleName", d.reason,
            d.alarm_ids as "alarmIds", d.status, d.attempts, d.last_error as "lastError", ${sqlServiceTime('d.created_at')} as "createTime",
            ${sqlServiceTime('d.sent_at')} as "sentTime", ${sqlServiceTime('d.next_attempt_at')} as "nextAttemptTime"
     ${from}
     order by d.created_at desc, d.id desc
     limit ${params.add(body.size)} offset ${params.add((body.current - 1) * body.size)}`,
    params.values,
  );
  return { total: count!.n, records };
}
