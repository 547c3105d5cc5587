import { ALARM_SEVERITIES, ALARM_STATES, type AlarmListSort, type AlarmRecord, type AlarmRecordListBody } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { sqlIsAlarm, sqlNotLinked } from '../common/linked-alarms.ts';
import { sqlServiceTime, sqlTimeRange } from '../common/service-time.ts';
import { inScope, type Scope } from '../scope.ts';
import { underCustomers } from '../common/store-filters.ts';

type AlarmFilters = Omit<AlarmRecordListBody, 'current' | 'size' | 'sort'>;

/** ORDER BY for each AlarmListSort, over device_events e; ties by id so pages never overlap. */
const ORDER_BY: Record<AlarmListSort, string> = {
  newest: 'e.created_at desc, e.id desc',
  urgency: `array_position(array[${ALARM_SEVERITIES.map((s) => `'${s}'`).join(', ')}]::text[], e.severity) nulls last,
            array_position(array[${ALARM_STATES.map((s) => `'${s}'`).join(', ')}]::text[], e.state), e.created_at, e.id`,
};

/** Conditions on device_events e within the scope; days are Beijing days, both ends included. */
function alarmConditions(scope: Scope, filters: AlarmFilters, params: SqlParams): string[] {
  const conditions = [inScope(scope, 'e.customer_id', params)];
  if (filters.boxId !== undefined) conditions.push(`e.device_id = ${params.add(filters.boxId)}`);
  conditions.push(...sqlTimeRange('e.created_at', filters.startDate, filters.endDate, params));
  if (filters.handled !== undefined) conditions.push(`e.handled = ${params.add(filters.handled)}`);
  // Rows linked to a gateway's alarm show only where they are asked for: the gateway alarm's list
  // (gatewayAlarmId) and, without alarmOnly, a box's own history (boxId). Elsewhere one incident is one row.
  if (filters.gatewayAlarmId === undefined) {
    if (filters.alarmOnly) conditions.push(sqlIsAlarm('e'));
    else if (filters.boxId === undefined) conditions.push(sqlNotLinked('e'));
  }
  // An empty list filters nothing, as an absent one: a form with nothing ticked means "any".
  if (filters.states?.length) conditions.push(`e.state = any(${params.add(filters.states)}::text[])`);
  if (filters.severities?.length) conditions.push(`e.severity = any(${params.add(filters.severities)}::text[])`);
  if (filters.types?.length) conditions.push(`e.kind = any(${params.add(filters.types)}::smallint[])`);
  if (filters.customerIds?.length) conditions.push(underCustomers('e.customer_id', filters.customerIds, params));
  if (filters.gatewayAlarmId !== undefined) conditions.push(`e.gateway_alarm_id = ${params.add(filters.gatewayAlarmId)}`);
  return conditions;
}

/**
 * How many alarms match. The alarm centre's and the wallboard's questions (alarms only, by stores,
 * days, kinds, severities and states) are answered from the roll-up alarm_counts
 * (migrations/130_device_rollups.sql), which holds those keys: the 已处理 and 全部 tabs count most
 * of a year's alarms. A device's history, the handled flag and a gateway's linked rows count rows.
 */
export async function alarmCount(db: Queryable, scope: Scope, filters: AlarmFilters): Promise<number> {
  const params = new SqlParams();
  const fromRollup = filters.alarmOnly && filters.boxId === undefined && filters.handled === undefined && filters.gatewayAlarmId === undefined;
  const [row] = await db.query<{ n: number }>(
    fromRollup
      ? `select coalesce(sum(r.n), 0)::int as n from alarm_counts r where ${rollupConditions(scope, filters, params).join(' and ')}`
      : `select count(*)::int as n from device_events e where ${alarmConditions(scope, filters, params).join(' and ')}`,
    params.values,
  );
  return row!.n;
}

/**
 * Alarms matching `filters` (alarms only, no state asked) by state and severity, from the same
 * roll-up and conditions as alarmCount answers the tabs with: the alarm statistics' counts, so the
 * cards and the tabs can never disagree (issue #35).
 */
export async function alarmStateCounts(
  db: Queryable,
  scope: Scope,
  filters: Pick<AlarmFilters, 'customerIds' | 'startDate' | 'endDate' | 'types' | 'severities'>,
): Promise<{ state: string; severity: string; n: number }[]> {
  const params = new SqlParams();
  return db.query(
    `select r.state, r.severity, sum(r.n)::int as n from alarm_counts r
     where ${rollupConditions(scope, { ...filters, alarmOnly: true }, params).join(' and ')}
     group by 1, 2`,
    params.values,
  );
}

/** alarmConditions on alarm_counts r: its hours are Beijing hours, its row 0 the whole fleet. */
function rollupConditions(scope: Scope, filters: AlarmFilters, params: SqlParams): string[] {
  const inScopeStores = inScope(scope, 'r.customer_id', params);
  const conditions =
    inScopeStores === 'true' && !filters.customerIds?.length
      ? ['r.customer_id = 0']
      : ['r.customer_id <> 0', inScopeStores, ...(filters.customerIds?.length ? [underCustomers('r.customer_id', filters.customerIds, params)] : [])];
  if (filters.startDate) conditions.push(`r.hour >= ${params.add(filters.startDate)}::timestamp`);
  if (filters.endDate) conditions.push(`r.hour < ${params.add(filters.endDate)}::timestamp + interval '1 day'`);
  if (filters.states?.length) conditions.push(`r.state = any(${params.add(filters.states)}::text[])`);
  if (filters.severities?.length) conditions.push(`r.severity = any(${params.add(filters.severities)}::text[])`);
  if (filters.types?.length) conditions.push(`r.kind = any(${params.add(filters.types)}::smallint[])`);
  return conditions;
}

/** In `sort` order (newest first by default). Pictures are stored paths; content is the stored Chinese sentence. */
export async function alarmRows(
  db: Queryable,
  scope: Scope,
  filters: AlarmFilters,
  page: { offset: number; limit: number },
  sort: AlarmListSort = 'newest',
): Promise<AlarmRecord[]> {
  const params = new SqlParams();
  const orderBy = ORDER_BY[sort];
  const where = alarmConditions(scope, filters, params).join(' and ');
  return db.query<AlarmRecord>(
    `select e.id, e.device_id as "boxId", d.name as "deviceName", d.code as "deviceCode", e.customer_id as "customerId",
            s.name as "customerName", e.kind as type, e.content, e.content_key as "contentKey", e.content_params as "contentParams",
            ${sqlServiceTime('e.created_at')} as "createTime",
            e.handled, ${sqlServiceTime('e.handled_at')} as "handledTime",
            e.state, e.severity, e.repeat_count as "repeatCount", ${sqlServiceTime('coalesce(e.last_at, e.created_at)')} as "lastTime",
            ack.name as "ackBy", ${sqlServiceTime('e.ack_at')} as "ackTime", handler.name as "handledBy", e.note, e.pictures, e.assignee,
            e.gateway_alarm_id as "gatewayAlarmId",
            (select count(*) from device_events l where l.gateway_alarm_id = e.id)::int as "linkedCount"
     from (select * from device_events e where ${where}
           order by ${orderBy} limit ${params.add(page.limit)} offset ${params.add(page.offset)}) e
     join devices d on d.id = e.device_id
     join customers s on s.id = e.customer_id
     left join users ack on ack.id = e.ack_by
     left join users handler on handler.id = e.handled_by
     order by ${orderBy}`,
    params.values,
  );
}
