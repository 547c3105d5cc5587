-- Since issue #35 the alarm statistics count alarms from alarm_counts, as the alarm centre's tabs
-- do, so the two never disagree; alarm_statistic_counts (migration 210) was still written by every
-- alarm insert, update and store move, and read by nothing. It goes, and migration 210's functions
-- are redefined to keep only alarm_statistic_waits, which the percentiles read. The triggers stay:
-- they call these functions by name.

-- SQL: signed changes of the waits from the alarm rows `added` and `removed` (device_events rows
-- with their store's organisation_id, or null for none), then `finally`.
create or replace function alarm_statistic_changes(added text, removed text, finally text) returns text language sql immutable
return format($sql$
  with alarms as (
    select organisation_id, (created_at at time zone 'Asia/Shanghai')::date as day,
           case when ack_at is not null then alarm_wait_bucket(alarm_wait_seconds(created_at, ack_at)) end as ack,
           case when handled_at is not null then alarm_wait_bucket(alarm_wait_seconds(created_at, handled_at)) end as handle,
           sign
    from (select organisation_id, created_at, ack_at, handled_at, kind, gateway_alarm_id, 1 as sign from %s added_rows
          union all
          select organisation_id, created_at, ack_at, handled_at, kind, gateway_alarm_id, -1 from %s removed_rows) r
    where kind <> 6 and gateway_alarm_id is null
  ),
  -- Grouped per organisation and day first, then spread over the fleet's row and the months: a
  -- bulk insert of the generator groups its alarms once, not four times over.
  daily_waits as (
    select organisation_id, day, w.measure, w.bucket, sum(sign) as n
    from alarms cross join lateral (values (1::smallint, ack), (2::smallint, handle)) as w(measure, bucket)
    where w.bucket is not null group by 1, 2, 3, 4
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

-- The upsert, answering whether some count went down; then, if one did, the prune of the keys that
-- fell to zero.
create or replace function alarm_statistic_upserts() returns text language sql immutable
return $sql$,
  waits_added as (
    insert into alarm_statistic_waits as t (organisation_id, grain, period, measure, bucket, n)
    select * from waits order by 1, 2, 3, 4, 5
    on conflict (organisation_id, grain, period, measure, bucket) do update set n = t.n + excluded.n
  )
  select exists (select 1 from waits where n < 0)
$sql$;

create or replace function alarm_statistic_prune() returns text language sql immutable
return $sql$
  delete from alarm_statistic_waits t using waits w
  where t.n = 0 and (t.organisation_id, t.grain, t.period, t.measure, t.bucket) = (w.organisation_id, w.grain, w.period, w.measure, w.bucket)
$sql$;

create or replace function alarm_statistic_rollups_truncated() returns trigger language plpgsql as $$
begin
  truncate alarm_statistic_waits;
  return null;
end $$;

drop table alarm_statistic_counts;
