import { CHINA_TIME_ZONE, AlarmKind, AlarmState, DeviceKind, DeviceStatus, FAULT_CAUSES, LOW_BATTERY_ALARM_PERCENT, MAINTENANCE_REASONS } from '@pest/shared';
import { sqlAlarmContentText } from '../../backend/common/alarm-content-sql.ts';
import { sqlAlarmSeverity } from '../../backend/common/alarm-severity-sql.ts';
import { raiseAlarm } from '../../backend/common/raise-alarm.ts';
import { sqlLinkedHandlingNote, sqlLinkedOfflineKey, sqlLinkedOfflineParams, sqlSetContent, sqlSetGatewayOfflineContent } from '../../backend/common/linked-alarms.ts';
import type { Queryable } from '../../backend/db/db.ts';
import { BATTERY_DRAIN, CATCH_SEASON_MAX, CATCHES, EVENT_DAYS, HISTORY_OFFLINE_WINDOW_SECONDS, HOT_READINGS, MAINTENANCE_CALLS, sqlCatchSeason, sqlYearlyCatches } from './fleet-rates.ts';
import { sqlChance, sqlPick } from './hash.ts';

/** The provider's demo accounts (users.ts: admin, ops), who acknowledge and handle the history's alarms. */
const SEED_STAFF_USER_IDS = [1, 2];
/** What staff wrote when they handled an alarm, by kind (offline alarms close when the device returns). */
const HANDLING_NOTES: Partial<Record<AlarmKind, string[]>> = {
  [AlarmKind.highTemperature]: ['已检查现场，温度已恢复正常', '已通知门店关闭附近热源'],
  [AlarmKind.lowBattery]: ['已更换电池'],
  [AlarmKind.maintain]: ['已完成维护', '已更换诱饵', '已重新固定鼠盒'],
  [AlarmKind.trigger]: ['已清理捕获的老鼠并重置鼠盒', '已检查鼠盒，更换诱饵', '误触发，已复位'],
};

/**
 * The events and alarms of tele_clock's window (the year, or a catch-up's gap) at the rates of
 * fleet-rates.ts: outages longer than the flap window (offline when the window ends, then back
 * online; shorter ones are silence only), catches at night, mostly in kitchens, in the rodents'
 * season and more at busy stores, low battery each time a battery passes LOW_BATTERY_ALARM_PERCENT, hot
 * afternoons in kitchens, maintenance calls. Alarms older than two
 * days were handled within hours by a provider account, with a note (offline ones closed when the
 * device came back); newer ones are partly still open, some of those acknowledged, as are the
 * alarms of devices that are offline now, one per device and kind with its repeats counted (also
 * into an alarm already open in the table). Ids follow time. `history`: the seed's year, with the
 * boxes' rows linked to their gateway's outage (faulty devices get theirs from raiseFaultAlarms).
 * Contents are keys and parameters (migration 253), their Chinese sentence made from them.
 */
export async function seedTelemetryEvents(tx: Queryable, { history, deferBefore }: { history: boolean; deferBefore?: Date }): Promise<void> {
  const key = 'c.salt + d.id::int8 * 1000 + n';
  const box = `d.kind <> ${DeviceKind.loraGateway}`;
  const window = `interval '${HISTORY_OFFLINE_WINDOW_SECONDS} seconds'`;
  const longOutage = `(o.ended_at is null or o.ended_at - o.started_at > ${window})`;
  // How many of a yearly count fall in the window's days: a whole number, rounded up by a hash in
  // the share of cases that keeps the expectation (the whole history: the count itself).
  const inWindow = (label: string, yearly: string) => `floor((${yearly}) * c.days / ${EVENT_DAYS}.0 + ${sqlPick(label, `c.salt + d.id`, 1000)} / 1000.0)::int`;
  // A day of the window, and a moment on it at `hours` (China time).
  const day = (label: string) => `(c.last_day - ${sqlPick(label, key, 'c.days')})`;
  const at = (dayOf: string, hours: string, label: string) =>
    `(${dayOf})::timestamp at time zone '${CHINA_TIME_ZONE}' + make_interval(hours => ${hours}, mins => ${sqlPick(label, key, 60)})`;
  // Outages long enough for an alarm. Where a box's own outage and its gateway's overlap, the one
  // that started first decides, as the offline watch would: a box silent with its gateway raises
  // no alarm of its own, and a box already offline on its own is not linked to the gateway's.
  await tx.exec(
    `create temp table tele_alarmed_outage on commit drop as
     select o.* from tele_outage o where ${longOutage};
     delete from tele_alarmed_outage a using tele_alarmed_outage b
     where a.device_id = b.device_id and (a.via_gateway is null) <> (b.via_gateway is null)
       and (a.started_at > b.started_at or (a.started_at = b.started_at and a.via_gateway is null))
       and (b.ended_at is null or a.started_at + ${window} <= b.ended_at)`,
  );
  await tx.exec(
    `create temp table tele_event on commit drop as
     select o.device_id, ${AlarmKind.offline} as kind, 'offline' as content_key, '{}'::jsonb as content_params, o.started_at + ${window} as created_at,
            o.ended_at as closed_at, o.via_gateway
     from tele_alarmed_outage o
     union all
     -- A box back with its gateway has no event of its own: it has not reported yet (gateway-outage.ts).
     select o.device_id, ${AlarmKind.online}, 'online', '{}'::jsonb, o.ended_at, o.ended_at, null
     from tele_alarmed_outage o where o.ended_at is not null and o.via_gateway is null
     union all
     -- Catches: candidates at the busiest month's rate, each kept in the share of its month's
     -- season, so the count follows the season and its expectation stays the box's yearly count.
     select d.id, ${AlarmKind.trigger}, 'trigger', '{}'::jsonb,
            ${at('t.day', `case when ${sqlChance('tele-trigger-night', key, CATCHES.nightPercent)}
                                then mod(${CATCHES.nightFromHour} + ${sqlPick('tele-trigger-hour', key, CATCHES.nightHours)}, 24)
                                else ${sqlPick('tele-trigger-any-hour', key, 24)} end`, 'tele-trigger-minute')},
            null, null::int
     from tele_device d cross join tele_clock c
     cross join lateral generate_series(1, ${inWindow(
       'tele-trigger-round',
       `d.catch_weight * ${CATCH_SEASON_MAX} * ${sqlYearlyCatches('d.id', 'd.kitchen')}`,
     )}) as n
     cross join lateral (select ${day('tele-trigger-day')} as day) t
     where ${box} and ${sqlPick('tele-trigger-keep', key, 10000)} < 10000 * ${sqlCatchSeason('t.day')} / ${CATCH_SEASON_MAX}
     union all
     select d.id, ${AlarmKind.lowBattery}, 'lowBattery', jsonb_build_object('percent', ${LOW_BATTERY_ALARM_PERCENT}),
            -- Many drains divide the distance in whole days, which put those alarms all at the
            -- hour of seeding (a spike the simulator cannot continue); a day's jitter spreads them.
            c.end_at - make_interval(secs => round((${LOW_BATTERY_ALARM_PERCENT} - d.power + ${BATTERY_DRAIN.cyclePercent} * n) / d.drain * 86400)
                                              + ${sqlPick('tele-low-battery-second', key, 86400)}),
            null, null::int
     from tele_device d cross join tele_clock c
     cross join generate_series(0, 4) as n
     where ${box} and (${LOW_BATTERY_ALARM_PERCENT} - d.power + ${BATTERY_DRAIN.cyclePercent} * n) / d.drain * 86400
                      between 0 and extract(epoch from c.end_at - c.start_at)
     union all
     select d.id, ${AlarmKind.highTemperature},
            'highTemperature', jsonb_build_object('celsius', 40 + ${sqlPick('tele-hot-degrees', key, 90)} / 10.0),
            ${at(day('tele-hot-day'), `${HOT_READINGS.fromHour} + ${sqlPick('tele-hot-hour', key, HOT_READINGS.hours)}`, 'tele-hot-minute')},
            null, null::int
     from tele_device d cross join tele_clock c
     cross join lateral generate_series(1, ${inWindow('tele-hot-round', sqlPick('tele-hot-count', 'd.id', HOT_READINGS.spread))}) as n
     where d.kitchen
     union all
     select d.id, ${AlarmKind.maintain}, 'maintainReason', jsonb_build_object('reason', reasons[1 + ${sqlPick('tele-maintain-reason', key, MAINTENANCE_REASONS.length)}]),
            ${at(day('tele-maintain-day'), sqlPick('tele-maintain-hour', key, 24), 'tele-maintain-minute')},
            null, null::int
     from tele_device d cross join tele_clock c
     cross join (select array[${MAINTENANCE_REASONS.map((reason) => `'${reason}'`).join(', ')}] as reasons) r
     cross join lateral generate_series(1, ${inWindow('tele-maintain-round', `greatest(0, ${sqlPick('tele-maintain-count', 'd.id', MAINTENANCE_CALLS.spread)} - 1)`)}) as n
     where ${box}`,
  );

  // Nothing is caught, heats up or calls for service while the device is not reporting.
  await tx.exec(
    `delete from tele_event e
     where e.kind not in (${AlarmKind.offline}, ${AlarmKind.online})
       and exists (
         select 1 from tele_outage o cross join tele_clock c
         where o.device_id = e.device_id and e.created_at between o.started_at and coalesce(o.ended_at, c.end_at)
       )`,
  );

  const key2 = `e.device_id::int8 * 1000003 + extract(epoch from e.created_at)::int8`;
  // Who handled an alarm the system did not close (a device back online closes its offline alarm).
  await tx.exec(
    `create temp table tele_alarm on commit drop as
     select row_number() over (order by e.created_at, e.device_id, e.kind) as seq,
            e.device_id, d.customer_id, e.kind, e.content_key, e.content_params, e.created_at, h.at as handled_at, ${key2} as k,
            ${sqlAlarmSeverity('e.kind', 'd.kind')} as severity,
            (e.kind = ${AlarmKind.online} or (e.kind = ${AlarmKind.offline} and e.closed_at is not null)) as by_system,
            0 as repeat_count, e.created_at as last_at, e.via_gateway
     from tele_event e
     join tele_device d on d.id = e.device_id
     cross join tele_clock c
     cross join lateral (
       select case
         when e.kind = ${AlarmKind.online} then e.created_at
         when e.kind = ${AlarmKind.offline} and e.closed_at is not null then e.closed_at
         when e.kind = ${AlarmKind.offline} then null
         when e.created_at > c.end_at - interval '2 days' and ${sqlChance('tele-open', key2, 60)} then null
         else least(e.created_at + make_interval(mins => 10 + ${sqlPick('tele-handled-after', key2, 12 * 60)}), c.end_at)
       end as at
     ) h
     where e.created_at <= c.end_at${history ? '' : ' and e.created_at > c.start_at'}`,
  );

  // One open alarm per device and kind, as recordReport keeps it: later ones still open are the
  // first one's repeats.
  await tx.exec(
    `with ranked as (
       select seq, device_id, kind, row_number() over (partition by device_id, kind order by created_at, seq) as n
       from tele_alarm where handled_at is null
     ),
     gone as (delete from tele_alarm a using ranked r where a.seq = r.seq and r.n > 1 returning a.device_id, a.kind, a.created_at),
     folded as (select device_id, kind, count(*)::int as n, max(created_at) as latest from gone group by 1, 2)
     update tele_alarm a set repeat_count = f.n, last_at = f.latest
     from folded f join ranked r on r.device_id = f.device_id and r.kind = f.kind and r.n = 1
     where a.seq = r.seq`,
  );

  // And against the alarms open in the table already (a catch-up's window follows a history).
  await tx.exec(
    `with gone as (
       delete from tele_alarm a using device_events e
       where a.handled_at is null and e.device_id = a.device_id and e.kind = a.kind and e.state <> '${AlarmState.handled}'
       returning a.device_id, a.kind, a.repeat_count, a.last_at
     ),
     folded as (select device_id, kind, sum(1 + repeat_count)::int as n, max(last_at) as latest from gone group by 1, 2)
     update device_events e set repeat_count = e.repeat_count + f.n, last_at = greatest(e.last_at, f.latest)
     from folded f
     where e.device_id = f.device_id and e.kind = f.kind and e.state <> '${AlarmState.handled}'`,
  );

  // The history is written whole into a table of its own first, linked there, then moved: the rows
  // keep the ids the table gives them in time order, whichever part waits for the background fill.
  const rows = history ? 'tele_rows' : 'device_events';
  if (history) await createHistoryRowsTable(tx);
  const staff = (label: string) => `(array[${SEED_STAFF_USER_IDS.join(', ')}])[1 + ${sqlPick(label, 'a.k', SEED_STAFF_USER_IDS.length)}]`;
  const handled = 'a.handled_at is not null';
  const acknowledged = `(${handled} or ${sqlChance('tele-acknowledged', 'a.k', 40)})`;
  await tx.exec(
    `insert into ${rows} (device_id, customer_id, kind, content_key, content_params, content, created_at, handled, handled_at,
                                state, severity, repeat_count, last_at, ack_by, ack_at, handled_by, note)
     select a.device_id, a.customer_id, a.kind, a.content_key, a.content_params, ${sqlAlarmContentText('a.content_key', 'a.content_params')},
            a.created_at, ${handled}, a.handled_at,
            case when ${handled} then '${AlarmState.handled}' when ${acknowledged} then '${AlarmState.acknowledged}' else '${AlarmState.open}' end,
            a.severity, a.repeat_count, a.last_at,
            case when ${acknowledged} and not a.by_system then ${staff('tele-ack-by')} end,
            case when a.by_system then a.handled_at
                 when ${handled} then a.created_at + (a.handled_at - a.created_at) * (${sqlPick('tele-ack-share', 'a.k', 80)} + 10) / 100.0
                 when ${acknowledged} then least(a.created_at + make_interval(mins => 2 + ${sqlPick('tele-ack-after', 'a.k', 90)}), c.end_at)
            end,
            case when ${handled} and not a.by_system then ${staff('tele-handled-by')} end,
            case when ${handled} and not a.by_system then
              (case a.kind ${Object.entries(HANDLING_NOTES)
                .map(([kind, notes]) => `when ${kind} then (array[${notes.map((note) => `'${note}'`).join(', ')}])[1 + ${sqlPick('tele-note', 'a.k', notes.length)}]`)
                .join(' ')} end)
            end
     from tele_alarm a cross join tele_clock c
     order by a.created_at, a.device_id, a.kind`,
  );

  if (history) {
    // What the links look up, as device_events' own indexes serve them.
    await tx.exec(`create index on tele_rows (device_id, kind, created_at); create index on tele_rows (gateway_alarm_id); analyze tele_rows`);
    await linkBoxesToGatewayAlarms(tx, rows);
    await moveHistoryRows(tx, deferBefore ?? null);
  }
}

/** tele_rows: device_events' columns, its ids going on from the table's. */
async function createHistoryRowsTable(tx: Queryable): Promise<void> {
  await tx.exec('create temp table tele_rows (like device_events including defaults including identity) on commit drop');
  const [next] = await tx.query<{ id: number }>('select coalesce(max(id), 0)::int + 1 as id from device_events');
  await tx.exec(`alter table tele_rows alter column id restart with ${next!.id}`);
}

/**
 * Into device_events, but for the alarms handled before `deferBefore`, which wait in
 * demo_event_backlog for the first start's background fill (event-backlog.ts); the table's own ids
 * then go on after the history's.
 */
async function moveHistoryRows(tx: Queryable, deferBefore: Date | null): Promise<void> {
  const deferred = `state = '${AlarmState.handled}' and created_at < $1::timestamptz`;
  await tx.query(`insert into device_events overriding system value select * from tele_rows where not (${deferred}) or $1 is null order by id`, [deferBefore]);
  if (deferBefore) await tx.query(`insert into demo_event_backlog select * from tele_rows where ${deferred} order by id`, [deferBefore]);
  await tx.exec(`select setval(pg_get_serial_sequence('device_events', 'id'), max(id)) from tele_rows having count(*) > 0`);
}

/**
 * A box silent with its gateway: its offline row is linked to the gateway's alarm of the same
 * moment and takes its state (common/linked-alarms.ts), and the gateway's alarm says how many
 * boxes went with it, as recordGatewayOffline writes them.
 */
async function linkBoxesToGatewayAlarms(tx: Queryable, rows: string): Promise<void> {
  await tx.exec(
    `update ${rows} l
     set gateway_alarm_id = g.id, ${sqlSetContent(sqlLinkedOfflineKey, sqlLinkedOfflineParams('gw.name'))},
         state = g.state, handled = g.handled, handled_at = g.handled_at, handled_by = g.handled_by,
         ack_by = g.ack_by, ack_at = g.ack_at, note = case when g.handled_by is not null then ${sqlLinkedHandlingNote('g.id')} end
     from tele_alarm a
     join ${rows} g on g.device_id = a.via_gateway and g.kind = ${AlarmKind.offline} and g.created_at = a.created_at
     join devices gw on gw.id = a.via_gateway
     where a.via_gateway is not null and l.device_id = a.device_id and l.kind = ${AlarmKind.offline} and l.created_at = a.created_at`,
  );
  await tx.exec(
    `update ${rows} g
     set ${sqlSetGatewayOfflineContent(`(select count(*) from ${rows} l where l.gateway_alarm_id = g.id)`)}
     from tele_device d
     where d.id = g.device_id and d.kind = ${DeviceKind.loraGateway} and g.kind = ${AlarmKind.offline}`,
  );
}

/**
 * Each faulty device's open fault alarm (major), raised as the product raises any alarm
 * (common/raise-alarm.ts): a device shown 故障 with no alarm could be found by nobody. Its cause
 * and its day (within the window's last ten) are the device's own; one call per cause and day.
 */
export async function raiseFaultAlarms(tx: Queryable): Promise<void> {
  const groups = await tx.query<{ ids: number[]; cause: number; at: Date }>(
    `select array_agg(d.id order by d.id) as ids, f.cause, c.end_at - make_interval(days => f.days, hours => 1) as at
     from tele_device d cross join tele_clock c
     cross join lateral (select ${sqlPick('tele-fault-cause', 'd.id', FAULT_CAUSES.length)} as cause,
                                ${sqlPick('tele-fault-days', 'd.id', 10)} as days) f
     where d.status = ${DeviceStatus.fault}
     group by f.cause, f.days, c.end_at
     order by at, f.cause`,
  );
  for (const group of groups) {
    await raiseAlarm(tx, group.ids, AlarmKind.fault, { key: 'fault', params: { cause: FAULT_CAUSES[group.cause]! } }, new Date(group.at));
  }
}
