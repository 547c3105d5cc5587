-- Alarm statistics of the whole fleet and of whole organisations (issue 21): counts by state and
-- severity, and the median and 90th percentile of the waits from raised to acknowledged and to
-- handled, over up to a year of Beijing days. From the raw rows that sorted ~200,000 waits for
-- the fleet's quarter (~280 ms at the large scale), three times as many for its year, and read a
-- big organisation's year by a scan of every alarm (~200 ms). Kept exact:
--
--   alarm_statistic_counts  alarms (common/linked-alarms.ts sqlIsAlarm) per organisation, day or
--                           month, state and severity ('' for none)
--   alarm_statistic_waits   the waits per organisation, day or month, measure (1 to acknowledge,
--                           2 to handle) and bucket (alarm_wait_bucket: 1/32 of an e-fold, ~3 %)
--
-- organisation_id 0 holds the whole fleet. grain 'd' rows are Beijing days, 'm' rows months
-- (period: their first day), so a year reads eleven months and the days around them. A
-- percentile is then found exactly: the buckets' counts say which bucket holds each rank
-- percentile_cont interpolates between, and the partial indexes below read that bucket's waits in
-- order up to the rank, a few thousand at most, not the range's. Statement-level triggers with transition
-- tables keep them in the writer's transaction, as migration 130's alarm_counts, and move a store's
-- alarms along when it changes organisation, as migration 150 does its checks; upserts in key order.

create function alarm_wait_seconds(since timestamptz, until timestamptz) returns float8
  language sql immutable parallel safe
  return extract(epoch from until - since)::float8;

create function alarm_wait_bucket(seconds float8) returns integer
  language sql immutable parallel safe
  return floor(ln(1 + greatest(seconds, 0)) * 32)::integer;

-- A bucket's waits in order, with what the range and the scope ask of them: a rank is read by an
-- index-only scan that stops there.
create index device_events_ack_wait_idx
  on device_events (alarm_wait_bucket(alarm_wait_seconds(created_at, ack_at)), alarm_wait_seconds(created_at, ack_at))
  include (created_at, ack_at, customer_id)
  where kind <> 6 and gateway_alarm_id is null and ack_at is not null;
create index device_events_handle_wait_idx
  on device_events (alarm_wait_bucket(alarm_wait_seconds(created_at, handled_at)), alarm_wait_seconds(created_at, handled_at))
  include (created_at, handled_at, customer_id)
  where kind <> 6 and gateway_alarm_id is null and handled_at is not null;

-- The rows' own statistics (a group's, a store's, a display's): its stores' alarms of the range by
-- an index-only scan, not a scan of every alarm (~270 ms for a big group's year).
create index device_events_alarm_statistics_idx on device_events (customer_id, created_at)
  include (state, severity, ack_at, handled_at)
  where kind <> 6 and gateway_alarm_id is null;

create table alarm_statistic_counts (
  organisation_id integer not null,
  grain "char" not null check (grain in ('d', 'm')),
  period date not null,
  state text not null,
  severity text not null,
  n integer not null,
  primary key (organisation_id, grain, period, state, severity)
);

create table alarm_statistic_waits (
  organisation_id integer not null,
  grain "char" not null check (grain in ('d', 'm')),
  period date not null,
  measure smallint not null check (measure in (1, 2)),
  bucket integer not null,
  n integer not null,
  primary key (organisation_id, grain, period, measure, bucket)
);

-- SQL: the device_events rows `events` with their store's organisation.
create function alarm_statistic_rows(events text) returns text language sql immutable
return format('(select e.*, s.path[1] as organisation_id from %s e join customers s on s.id = e.customer_id)', events);

-- SQL: signed changes per table (counts, waits) from the alarm rows `added` and `removed`
-- (device_events rows with their store's organisation_id, or null for none), then `finally`.
create function alarm_statistic_changes(added text, removed text, finally text) returns text language sql immutable
return format($sql$
  with alarms as (
    select organisation_id, (created_at at time zone 'Asia/Shanghai')::date as day, state, coalesce(severity, '') as severity,
           case when ack_at is not null then alarm_wait_bucket(alarm_wait_seconds(created_at, ack_at)) end as ack,
           case when handled_at is not null then alarm_wait_bucket(alarm_wait_seconds(created_at, handled_at)) end as handle,
           sign
    from (select organisation_id, created_at, state, severity, ack_at, handled_at, kind, gateway_alarm_id, 1 as sign from %s added_rows
          union all
          select organisation_id, created_at, state, severity, ack_at, handled_at, kind, gateway_alarm_id, -1 from %s removed_rows) r
    where kind <> 6 and gateway_alarm_id is null
  ),
  -- Grouped per organisation and day first, then spread over the fleet's row and the months: a
  -- bulk insert of the generator groups its alarms once, not four times over.
  daily_counts as (
    select organisation_id, day, state, severity, sum(sign) as n from alarms group by 1, 2, 3, 4
  ),
  daily_waits as (
    select organisation_id, day, w.measure, w.bucket, sum(sign) as n
    from alarms cross join lateral (values (1::smallint, ack), (2::smallint, handle)) as w(measure, bucket)
    where w.bucket is not null group by 1, 2, 3, 4
  ),
  counts as (
    select o.organisation_id, p.grain, p.period, c.state, c.severity, sum(c.n)::int as n
    from daily_counts c
    cross join lateral (values (0), (c.organisation_id)) as o(organisation_id)
    cross join lateral (values ('d'::"char", c.day), ('m'::"char", date_trunc('month', c.day)::date)) as p(grain, period)
    group by 1, 2, 3, 4, 5 having sum(c.n) <> 0
  ),
  waits as (
    select o.organisation_id, p.grain, p.period, w.measure, w.bucket, sum(w.n)::int as n
    from daily_waits w
    cross join lateral (values (0), (w.organisation_id)) as o(organisation_id)
    cross join lateral (values ('d'::"char", w.day), ('m'::"char", date_trunc('month', w.day)::date)) as p(grain, period)
    group by 1, 2, 3, 4, 5 having sum(w.n) <> 0
  )
  %s
$sql$,
  coalesce(added, alarm_statistic_rows('(select * from device_events limit 0)')),
  coalesce(removed, alarm_statistic_rows('(select * from device_events limit 0)')),
  finally);

-- The upserts, answering whether some count went down; then, if one did, the prune of the keys
-- that fell to zero (only those: the waits hold a row per day and bucket). The trigger functions
-- execute the SQL themselves: their transition tables are not seen from another function.
create function alarm_statistic_upserts() returns text language sql immutable
return $sql$,
  counts_added as (
    insert into alarm_statistic_counts as t (organisation_id, grain, period, state, severity, n)
    select * from counts order by 1, 2, 3, 4, 5
    on conflict (organisation_id, grain, period, state, severity) do update set n = t.n + excluded.n
  ),
  waits_added as (
    insert into alarm_statistic_waits as t (organisation_id, grain, period, measure, bucket, n)
    select * from waits order by 1, 2, 3, 4, 5
    on conflict (organisation_id, grain, period, measure, bucket) do update set n = t.n + excluded.n
  )
  select exists (select 1 from counts where n < 0) or exists (select 1 from waits where n < 0)
$sql$;

create function alarm_statistic_prune() returns text language sql immutable
return $sql$,
  counts_pruned as (
    delete from alarm_statistic_counts t using counts c
    where t.n = 0 and (t.organisation_id, t.grain, t.period, t.state, t.severity) = (c.organisation_id, c.grain, c.period, c.state, c.severity)
  )
  delete from alarm_statistic_waits t using waits w
  where t.n = 0 and (t.organisation_id, t.grain, t.period, t.measure, t.bucket) = (w.organisation_id, w.grain, w.period, w.measure, w.bucket)
$sql$;

create function alarm_statistic_rollups() returns trigger language plpgsql as $$
declare
  added text := case when tg_op in ('INSERT', 'UPDATE') then alarm_statistic_rows('new_rows') end;
  removed text := case when tg_op in ('DELETE', 'UPDATE') then alarm_statistic_rows('old_rows') end;
  went_down boolean;
begin
  execute alarm_statistic_changes(added, removed, alarm_statistic_upserts()) into went_down;
  if went_down then
    execute alarm_statistic_changes(added, removed, alarm_statistic_prune());
  end if;
  return null;
end $$;

create trigger alarm_statistic_rollups_insert after insert on device_events
  referencing new table as new_rows for each statement execute function alarm_statistic_rollups();
create trigger alarm_statistic_rollups_update after update on device_events
  referencing old table as old_rows new table as new_rows for each statement execute function alarm_statistic_rollups();
create trigger alarm_statistic_rollups_delete after delete on device_events
  referencing old table as old_rows for each statement execute function alarm_statistic_rollups();

-- A store given another organisation: its alarms leave the old one's rows for the new one's (the
-- fleet's are unchanged). Every update of customers fires this; one that moves no store adds nothing.
create function alarm_statistic_rollups_store_moved() returns trigger language plpgsql as $$
declare
  moved text := '(select e.*, %s.path[1] as organisation_id from device_events e
    join new_customers n on n.id = e.customer_id join old_customers o on o.id = n.id
    where o.path[1] is distinct from n.path[1])';
  went_down boolean;
begin
  perform 1 from new_customers n join old_customers o on o.id = n.id where o.path[1] is distinct from n.path[1] limit 1;
  if not found then return null; end if;
  execute alarm_statistic_changes(format(moved, 'n'), format(moved, 'o'), alarm_statistic_upserts()) into went_down;
  if went_down then
    execute alarm_statistic_changes(format(moved, 'n'), format(moved, 'o'), alarm_statistic_prune());
  end if;
  return null;
end $$;

create trigger alarm_statistic_rollups_store_moved after update on customers
  referencing new table as new_customers old table as old_customers
  for each statement execute function alarm_statistic_rollups_store_moved();

create function alarm_statistic_rollups_truncated() returns trigger language plpgsql as $$
begin
  truncate alarm_statistic_counts, alarm_statistic_waits;
  return null;
end $$;

create trigger alarm_statistic_rollups_truncated after truncate on device_events
  for each statement execute function alarm_statistic_rollups_truncated();

-- A database from before this migration: these from its rows.
do $$
begin
  execute alarm_statistic_changes(alarm_statistic_rows('device_events'), null, alarm_statistic_upserts());
end $$;
analyze device_events, alarm_statistic_counts, alarm_statistic_waits;
