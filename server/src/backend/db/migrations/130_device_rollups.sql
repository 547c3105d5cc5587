-- Device roll-ups (issue 21): the alarm trends of the device screens and the wallboard read these
-- counts instead of tens of thousands of raw rows. Each is kept exact by statement-level AFTER
-- triggers with transition tables on the raw table it counts, in the writer's own transaction,
-- whoever the writer is (the generator's bulk loads, the device report, the simulator, the offline
-- watch, a gateway outage, the catch-up, the alarm actions, the heartbeats' pruning): one grouped
-- upsert per statement.
--
-- Buckets are Beijing (Asia/Shanghai, CHINA_TIME_ZONE) local times, as the trend buckets them.
-- customer_id is the device's store; customer_id 0 (no customer has it) holds the sum over every
-- store, so the admin's whole fleet reads one row per bucket. The store is the device's at the
-- moment of writing: no writer moves a device to another store.
--
--   alarm_counts      alarms (neither the `online` event nor a box's row linked to its gateway's
--                     alarm: common/linked-alarms.ts sqlIsAlarm) per store, Beijing hour, kind,
--                     severity and state (the alarm centre's tabs count by state)
--   heartbeat_daily   heartbeats per store and Beijing day, as device_daily counts them
--   heartbeat_hourly  the raw heartbeats kept (device_heartbeats) per store and Beijing hour
create table alarm_counts (
  customer_id integer not null,
  hour timestamp not null,
  kind smallint not null,
  severity text not null,
  state text not null,
  n integer not null,
  primary key (customer_id, hour, kind, severity, state)
);

create table heartbeat_daily (
  customer_id integer not null,
  day date not null,
  n integer not null,
  primary key (customer_id, day)
);

create table heartbeat_hourly (
  customer_id integer not null,
  hour timestamp not null,
  n integer not null,
  primary key (customer_id, hour)
);

-- Adds signed counts, already grouped per (store, bucket[, kind, severity, state]), to each store
-- and to the fleet's row 0, in key order (concurrent writers lock the rows in one order), then,
-- when some count went down, removes the buckets that fell to zero (pruned heartbeats, a box's
-- offline alarm linked to its gateway, an alarm that changed state). n has no check: PostgreSQL
-- checks the row an upsert proposes, a negative delta, before it finds the row it adds to.
create function alarm_counts_add(stores integer[], hours timestamp[], kinds smallint[], severities text[], states text[], deltas integer[])
returns void language plpgsql as $$
begin
  if stores is null then return; end if;
  insert into alarm_counts as c (customer_id, hour, kind, severity, state, n)
  select coalesce(customer_id, 0), hour, kind, severity, state, sum(d)::int
  from unnest(stores, hours, kinds, severities, states, deltas) as x(customer_id, hour, kind, severity, state, d)
  group by grouping sets ((customer_id, hour, kind, severity, state), (hour, kind, severity, state))
  having sum(d) <> 0
  order by 1, 2, 3, 4, 5
  on conflict (customer_id, hour, kind, severity, state) do update set n = c.n + excluded.n;
  if 0 > any(deltas) then
    delete from alarm_counts c
    using (select distinct s.customer_id, x.hour, x.kind, x.severity, x.state
           from unnest(stores, hours, kinds, severities, states, deltas) as x(customer_id, hour, kind, severity, state, d)
           cross join lateral (values (x.customer_id), (0)) as s(customer_id)
           where x.d < 0) x
    where c.n = 0 and c.customer_id = x.customer_id and c.hour = x.hour and c.kind = x.kind
      and c.severity = x.severity and c.state = x.state;
  end if;
end $$;

create function heartbeat_daily_add(stores integer[], days date[], deltas integer[]) returns void
language plpgsql as $$
begin
  if stores is null then return; end if;
  insert into heartbeat_daily as c (customer_id, day, n)
  select coalesce(customer_id, 0), day, sum(d)::int
  from unnest(stores, days, deltas) as x(customer_id, day, d)
  group by grouping sets ((customer_id, day), (day))
  having sum(d) <> 0
  order by 1, 2
  on conflict (customer_id, day) do update set n = c.n + excluded.n;
  if 0 > any(deltas) then
    delete from heartbeat_daily c
    using (select distinct s.customer_id, x.day
           from unnest(stores, days, deltas) as x(customer_id, day, d)
           cross join lateral (values (x.customer_id), (0)) as s(customer_id)
           where x.d < 0) x
    where c.n = 0 and c.customer_id = x.customer_id and c.day = x.day;
  end if;
end $$;

create function heartbeat_hourly_add(stores integer[], hours timestamp[], deltas integer[]) returns void
language plpgsql as $$
begin
  if stores is null then return; end if;
  insert into heartbeat_hourly as c (customer_id, hour, n)
  select coalesce(customer_id, 0), hour, sum(d)::int
  from unnest(stores, hours, deltas) as x(customer_id, hour, d)
  group by grouping sets ((customer_id, hour), (hour))
  having sum(d) <> 0
  order by 1, 2
  on conflict (customer_id, hour) do update set n = c.n + excluded.n;
  if 0 > any(deltas) then
    delete from heartbeat_hourly c
    using (select distinct s.customer_id, x.hour
           from unnest(stores, hours, deltas) as x(customer_id, hour, d)
           cross join lateral (values (x.customer_id), (0)) as s(customer_id)
           where x.d < 0) x
    where c.n = 0 and c.customer_id = x.customer_id and c.hour = x.hour;
  end if;
end $$;

-- The trigger functions. A statement's transition tables exist only for the events that declare
-- them, so each branch reads only its event's (new_rows on insert, old_rows on delete, both on
-- update), as in PostgreSQL's own auditing example; each groups before it hands the counts over.

-- An alarm's key: store, Beijing hour, kind, severity ('' for none), state.
create function device_events_rollup() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform alarm_counts_add(array_agg(customer_id), array_agg(hour), array_agg(kind), array_agg(severity), array_agg(state), array_agg(n))
    from (select customer_id, date_trunc('hour', created_at at time zone 'Asia/Shanghai') as hour, kind, coalesce(severity, '') as severity, state,
                 count(*)::int as n
          from new_rows where kind <> 6 and gateway_alarm_id is null group by 1, 2, 3, 4, 5) x;
  elsif tg_op = 'UPDATE' then
    perform alarm_counts_add(array_agg(customer_id), array_agg(hour), array_agg(kind), array_agg(severity), array_agg(state), array_agg(n))
    from (select customer_id, hour, kind, severity, state, sum(d)::int as n from (
            select customer_id, date_trunc('hour', created_at at time zone 'Asia/Shanghai') as hour, kind, coalesce(severity, '') as severity, state, 1 as d
            from new_rows where kind <> 6 and gateway_alarm_id is null
            union all
            select customer_id, date_trunc('hour', created_at at time zone 'Asia/Shanghai'), kind, coalesce(severity, ''), state, -1
            from old_rows where kind <> 6 and gateway_alarm_id is null) c
          group by 1, 2, 3, 4, 5 having sum(d) <> 0) x;
  else
    perform alarm_counts_add(array_agg(customer_id), array_agg(hour), array_agg(kind), array_agg(severity), array_agg(state), array_agg(-n))
    from (select customer_id, date_trunc('hour', created_at at time zone 'Asia/Shanghai') as hour, kind, coalesce(severity, '') as severity, state,
                 count(*)::int as n
          from old_rows where kind <> 6 and gateway_alarm_id is null group by 1, 2, 3, 4, 5) x;
  end if;
  return null;
end $$;

create trigger device_events_rollup_insert after insert on device_events
  referencing new table as new_rows for each statement execute function device_events_rollup();
create trigger device_events_rollup_update after update on device_events
  referencing old table as old_rows new table as new_rows for each statement execute function device_events_rollup();
create trigger device_events_rollup_delete after delete on device_events
  referencing old table as old_rows for each statement execute function device_events_rollup();

-- device_daily: heartbeats[i] is day i of the row's month (030_telemetry.sql).
create function device_daily_rollup() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform heartbeat_daily_add(array_agg(customer_id), array_agg(day), array_agg(n))
    from (select d.customer_id, r.month + (x.i - 1)::int as day, sum(x.n)::int as n
          from new_rows r join devices d on d.id = r.device_id
          cross join unnest(r.heartbeats) with ordinality as x(n, i)
          where x.n <> 0 group by 1, 2) x;
  elsif tg_op = 'UPDATE' then
    perform heartbeat_daily_add(array_agg(customer_id), array_agg(day), array_agg(n))
    from (select d.customer_id, r.month + (x.i - 1)::int as day, sum(x.now - x.was)::int as n
          from new_rows r join old_rows o on o.device_id = r.device_id and o.month = r.month
          join devices d on d.id = r.device_id
          cross join unnest(r.heartbeats, o.heartbeats) with ordinality as x(now, was, i)
          where x.now <> x.was group by 1, 2) x;
  else
    perform heartbeat_daily_add(array_agg(customer_id), array_agg(day), array_agg(-n))
    from (select d.customer_id, r.month + (x.i - 1)::int as day, sum(x.n)::int as n
          from old_rows r join devices d on d.id = r.device_id
          cross join unnest(r.heartbeats) with ordinality as x(n, i)
          where x.n <> 0 group by 1, 2) x;
  end if;
  return null;
end $$;

create trigger device_daily_rollup_insert after insert on device_daily
  referencing new table as new_rows for each statement execute function device_daily_rollup();
create trigger device_daily_rollup_update after update on device_daily
  referencing old table as old_rows new table as new_rows for each statement execute function device_daily_rollup();
create trigger device_daily_rollup_delete after delete on device_daily
  referencing old table as old_rows for each statement execute function device_daily_rollup();

create function device_heartbeats_rollup() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform heartbeat_hourly_add(array_agg(customer_id), array_agg(hour), array_agg(n))
    from (select d.customer_id, date_trunc('hour', h.at at time zone 'Asia/Shanghai') as hour, count(*)::int as n
          from new_rows h join devices d on d.id = h.device_id group by 1, 2) x;
  elsif tg_op = 'UPDATE' then
    perform heartbeat_hourly_add(array_agg(customer_id), array_agg(hour), array_agg(n))
    from (select customer_id, hour, sum(s)::int as n from (
            select d.customer_id, date_trunc('hour', h.at at time zone 'Asia/Shanghai') as hour, 1 as s
            from new_rows h join devices d on d.id = h.device_id
            union all
            select d.customer_id, date_trunc('hour', h.at at time zone 'Asia/Shanghai'), -1
            from old_rows h join devices d on d.id = h.device_id) c
          group by 1, 2 having sum(s) <> 0) x;
  else
    perform heartbeat_hourly_add(array_agg(customer_id), array_agg(hour), array_agg(-n))
    from (select d.customer_id, date_trunc('hour', h.at at time zone 'Asia/Shanghai') as hour, count(*)::int as n
          from old_rows h join devices d on d.id = h.device_id group by 1, 2) x;
  end if;
  return null;
end $$;

create trigger device_heartbeats_rollup_insert after insert on device_heartbeats
  referencing new table as new_rows for each statement execute function device_heartbeats_rollup();
create trigger device_heartbeats_rollup_update after update on device_heartbeats
  referencing old table as old_rows new table as new_rows for each statement execute function device_heartbeats_rollup();
create trigger device_heartbeats_rollup_delete after delete on device_heartbeats
  referencing old table as old_rows for each statement execute function device_heartbeats_rollup();

-- A data dir from before this migration: its counts from the rows it has.
select alarm_counts_add(array_agg(customer_id), array_agg(hour), array_agg(kind), array_agg(severity), array_agg(state), array_agg(n))
from (select customer_id, date_trunc('hour', created_at at time zone 'Asia/Shanghai') as hour, kind, coalesce(severity, '') as severity, state,
             count(*)::int as n
      from device_events where kind <> 6 and gateway_alarm_id is null group by 1, 2, 3, 4, 5) x;
select heartbeat_daily_add(array_agg(customer_id), array_agg(day), array_agg(n))
from (select d.customer_id, r.month + (x.i - 1)::int as day, sum(x.n)::int as n
      from device_daily r join devices d on d.id = r.device_id
      cross join unnest(r.heartbeats) with ordinality as x(n, i)
      where x.n <> 0 group by 1, 2) x;
select heartbeat_hourly_add(array_agg(customer_id), array_agg(hour), array_agg(n))
from (select d.customer_id, date_trunc('hour', h.at at time zone 'Asia/Shanghai') as hour, count(*)::int as n
      from device_heartbeats h join devices d on d.id = h.device_id group by 1, 2) x;
analyze alarm_counts, heartbeat_daily, heartbeat_hourly;
