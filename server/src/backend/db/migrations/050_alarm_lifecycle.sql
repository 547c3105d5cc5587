-- Alarms become small jobs (issue 16): a state with who and when, a severity, one open alarm per
-- device and kind that counts its repeats, a handling note and photos, an assignee, and a link to
-- the gateway alarm a silent box belongs to. The `handled` boolean keeps its meaning and stays
-- equal to state = 'handled' (checked below), so every older query still reads right.
--
-- severity: kept with the row because it depends on the device's kind (a gateway's offline alarm
-- is critical), shared/src/rules/alarmSeverity.ts decides it; null for the `online` event (kind 6).
-- last_at: the last repeat; written by every writer, read as coalesce(last_at, created_at).
-- ack_by, handled_by: users.id of the account that acted; handled_by null when the system closed
-- the alarm (a device back online). No foreign keys, as for the table's other columns (bulk load).
-- ack_at: handling an open alarm acknowledges it too, so the time to acknowledge is defined for
-- every handled alarm; rows handled before this migration get their handling time.
alter table device_events
  add column state text not null default 'open' check (state in ('open', 'acknowledged', 'handled')),
  add column severity text check (severity in ('critical', 'major', 'minor')),
  add column repeat_count integer not null default 0 check (repeat_count >= 0),
  add column last_at timestamptz,
  add column ack_by integer,
  add column ack_at timestamptz,
  add column handled_by integer,
  add column note text check (char_length(note) <= 500),
  add column pictures text[] not null default '{}',
  add column assignee text check (char_length(assignee) <= 50),
  add column gateway_alarm_id integer;

update device_events e set
  state = case when e.handled then 'handled' else 'open' end,
  ack_at = case when e.handled then e.handled_at end,
  last_at = e.created_at,
  severity = case
    when e.kind = 5 then 'critical'
    when e.kind = 1 and exists (
      select 1 from devices d join device_types t on t.id = d.device_type_id where d.id = e.device_id and t.smart_kind = 3
    ) then 'critical'
    when e.kind in (1, 2) then 'major'
    when e.kind in (3, 4) then 'minor'
  end;

-- Before this migration a device could hold several open alarms of one kind. The oldest stays
-- open and counts the others as repeats; the others are kept (the trend counts them) but closed,
-- their note naming the alarm they were folded into.
with ranked as (
  select id, first_value(id) over w as keeper, row_number() over w as n,
         count(*) over (partition by device_id, kind) as total, max(created_at) over (partition by device_id, kind) as latest
  from device_events
  where state <> 'handled'
  window w as (partition by device_id, kind order by created_at, id)
),
kept as (
  update device_events e set repeat_count = r.total - 1, last_at = r.latest
  from ranked r where e.id = r.id and r.n = 1 and r.total > 1
)
update device_events e set
  state = 'handled', handled = true, handled_at = now(), ack_at = now(),
  note = '已并入同一设备同类未处理告警 #' || r.keeper
from ranked r where e.id = r.id and r.n > 1;

alter table device_events
  add constraint device_events_state_handled_check check (handled = (state = 'handled')),
  add constraint device_events_acknowledged_check check (state = 'open' or ack_at is not null);

-- One open (or acknowledged) alarm per device and kind: a repeat updates it (common/raise-alarm.ts,
-- insert … on conflict on this index), so two reports at once cannot raise two.
create unique index device_events_one_open_idx on device_events (device_id, kind) where state <> 'handled';
-- The alarm centre's open tabs and the statistics' open counts read the few unhandled rows.
create index device_events_unhandled_created_idx on device_events (created_at desc, id desc) where state <> 'handled';
-- A manager's or a store filter's list, newest first.
create index device_events_customer_created_idx on device_events (customer_id, created_at desc, id desc);
create index device_events_gateway_alarm_idx on device_events (gateway_alarm_id) where gateway_alarm_id is not null;
