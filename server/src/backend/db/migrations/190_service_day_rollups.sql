-- Checks and catches per store, Beijing day and device type (issue 21): the days a chart's range
-- cuts off its first and last months ("a year from today" is eleven whole months and two cut
-- ones) were read from the checks, and for the whole fleet that is ~100,000 checks: every sales
-- area's positive rates over such a range took ~420 ms at the large scale, the fleet's pests
-- ~100 ms. These hold the same counts as migration 120's monthly tables, per day a store was
-- visited, kept the same way: statement-level triggers with transition tables on point_checks and
-- point_check_values, one grouped upsert per statement in key order, in the writer's transaction;
-- a catch counts only on a check that was made (not a missing device).
--
-- day: the Beijing day the visit started on (the charts' service day).

create table service_check_days (
  store_id integer not null,
  day date not null,
  device_type_id integer not null,
  checks integer not null,
  primary key (store_id, day, device_type_id)
);
-- The fleet's days read by day, not store by store.
create index service_check_days_day_idx on service_check_days (day);

create table service_catch_days (
  store_id integer not null,
  day date not null,
  device_type_id integer not null,
  pest_id integer not null,
  positive integer not null,
  caught bigint not null,
  primary key (store_id, day, device_type_id, pest_id)
);
create index service_catch_days_day_idx on service_catch_days (day);

create function service_day(at timestamptz) returns date
  language sql immutable parallel safe
  return (at at time zone 'Asia/Shanghai')::date;

create function service_check_days_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    insert into service_check_days as t (store_id, day, device_type_id, checks)
    select j.customer_id, service_day(j.started_at), pt.device_type_id, %s * count(*)
    from %I c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
    where c.condition <> 3
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (store_id, day, device_type_id) do update set checks = t.checks + excluded.checks
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_checks' else 'deleted_checks' end);
  if sign < 0 then
    delete from service_check_days where checks = 0;
  end if;
  return null;
end $$;

create function service_catch_days_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    insert into service_catch_days as t (store_id, day, device_type_id, pest_id, positive, caught)
    select j.customer_id, service_day(j.started_at), pt.device_type_id, v.pest_id, %1$s * count(*), %1$s * sum(v.value)
    from %2$I v
    join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
    join job_orders j on j.id = v.job_order_id
    join points pt on pt.id = v.point_id
    where v.metric = 'catch'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (store_id, day, device_type_id, pest_id)
      do update set positive = t.positive + excluded.positive, caught = t.caught + excluded.caught
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_values' else 'deleted_values' end);
  if sign < 0 then
    delete from service_catch_days where positive = 0;
  end if;
  return null;
end $$;

create function service_check_days_truncated() returns trigger language plpgsql as $$
begin
  truncate service_check_days;
  return null;
end $$;

create function service_catch_days_truncated() returns trigger language plpgsql as $$
begin
  truncate service_catch_days;
  return null;
end $$;

create trigger service_check_days_inserted after insert on point_checks
  referencing new table as inserted_checks for each statement execute function service_check_days_changed();
create trigger service_check_days_deleted after delete on point_checks
  referencing old table as deleted_checks for each statement execute function service_check_days_changed();
create trigger service_check_days_truncated after truncate on point_checks
  for each statement execute function service_check_days_truncated();
create trigger service_catch_days_inserted after insert on point_check_values
  referencing new table as inserted_values for each statement execute function service_catch_days_changed();
create trigger service_catch_days_deleted after delete on point_check_values
  referencing old table as deleted_values for each statement execute function service_catch_days_changed();
create trigger service_catch_days_truncated after truncate on point_check_values
  for each statement execute function service_catch_days_truncated();

-- A database from before this migration: these from its rows.
insert into service_check_days (store_id, day, device_type_id, checks)
select j.customer_id, service_day(j.started_at), pt.device_type_id, count(*)
from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
where c.condition <> 3
group by 1, 2, 3;

insert into service_catch_days (store_id, day, device_type_id, pest_id, positive, caught)
select j.customer_id, service_day(j.started_at), pt.device_type_id, v.pest_id, count(*), sum(v.value)
from point_check_values v
join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
join job_orders j on j.id = v.job_order_id
join points pt on pt.id = v.point_id
where v.metric = 'catch'
group by 1, 2, 3, 4;

analyze service_check_days, service_catch_days;
