-- Roll-ups of the service records (issue 21): what the charts count of the point checks, per
-- Beijing month, so an organisation's or the whole fleet's year reads thousands of rows, not
-- millions. They hold exactly what the raw rows say: statement-level triggers on point_checks and
-- point_check_values add each statement's rows with one grouped upsert per table (a bulk insert
-- of the generator costs one upsert, not one per row), take deleted rows off, and empty them with
-- a truncate. A check's store, point and month come from its job order and point, which no writer
-- changes once a check exists (started_at is set when a visit is booked; points move only on the
-- floor plan). A catch counts only on a check that was made (not a missing device), as the charts
-- count it; the sheet's checks are written before their readings.
--
-- month: the first day of the Beijing month the visit started in (the charts' months).

-- Checks made (the device was there) per store, device type and month: the periods with visits
-- and the denominators of positive rates.
create table service_check_months (
  store_id integer not null,
  month date not null,
  device_type_id integer not null,
  checks integer not null,
  primary key (store_id, month, device_type_id)
);

-- Catches per store, device type, pest and month: positive is the checks that caught the pest,
-- caught the individuals (the sheets' catch cells).
create table service_catch_months (
  store_id integer not null,
  month date not null,
  device_type_id integer not null,
  pest_id integer not null,
  positive integer not null,
  caught bigint not null,
  primary key (store_id, month, device_type_id, pest_id)
);

-- Checks that caught anything per point and month (a check with two pests is one positive
-- check), for the charts that draw points. Catches per point and pest would be hardly fewer rows
-- than the readings themselves (1.3× at the small scale), so the charts that need them read those.
create table service_point_positive_months (
  point_id integer not null,
  month date not null,
  store_id integer not null,
  positive integer not null,
  primary key (point_id, month)
);
create index service_point_positive_months_store_idx on service_point_positive_months (store_id, month);

create function service_month(at timestamptz) returns date
  language sql immutable parallel safe
  return date_trunc('month', at at time zone 'Asia/Shanghai')::date;

-- One function per table for its insert and delete triggers: the rows of the statement are its
-- transition table (inserted_* or deleted_*), added (1) or taken off (-1). Upserts go in key
-- order, so writers in parallel transactions lock shared roll-up rows in one order (no deadlock).
create function service_rollups_checks_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    insert into service_check_months as t (store_id, month, device_type_id, checks)
    select j.customer_id, service_month(j.started_at), pt.device_type_id, %s * count(*)
    from %I c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
    where c.condition <> 3
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (store_id, month, device_type_id) do update set checks = t.checks + excluded.checks
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_checks' else 'deleted_checks' end);
  if sign < 0 then
    delete from service_check_months where checks = 0;
  end if;
  return null;
end $$;

create function service_rollups_values_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    with changed as (
      select v.job_order_id, v.point_id, v.pest_id, v.value, j.customer_id as store_id,
             service_month(j.started_at) as month, pt.device_type_id
      from %2$I v
      join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
      join job_orders j on j.id = v.job_order_id
      join points pt on pt.id = v.point_id
      where v.metric = 'catch'
    ),
    stores as (
      insert into service_catch_months as t (store_id, month, device_type_id, pest_id, positive, caught)
      select store_id, month, device_type_id, pest_id, %1$s * count(*), %1$s * sum(value) from changed group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (store_id, month, device_type_id, pest_id)
        do update set positive = t.positive + excluded.positive, caught = t.caught + excluded.caught
    )
    -- A check turns positive with its first catch and back with its last: the checks whose
    -- catches are all among the rows added, or none of whose catches is left.
    insert into service_point_positive_months as t (point_id, month, store_id, positive)
    select point_id, month, store_id, %1$s * count(*)
    from (select job_order_id, point_id, store_id, month, count(*) as n from changed group by 1, 2, 3, 4) c
    where (select count(*) from point_check_values v
           where v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric = 'catch') = greatest(%1$s, 0) * c.n
    group by 1, 2, 3 order by 1, 2
    on conflict (point_id, month) do update set positive = t.positive + excluded.positive
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_values' else 'deleted_values' end);
  if sign < 0 then
    delete from service_catch_months where positive = 0;
    delete from service_point_positive_months where positive = 0;
  end if;
  return null;
end $$;

create function service_rollups_checks_truncated() returns trigger language plpgsql as $$
begin
  truncate service_check_months;
  return null;
end $$;

create function service_rollups_values_truncated() returns trigger language plpgsql as $$
begin
  truncate service_catch_months, service_point_positive_months;
  return null;
end $$;

create trigger service_rollups_checks_inserted after insert on point_checks
  referencing new table as inserted_checks for each statement execute function service_rollups_checks_changed();
create trigger service_rollups_checks_deleted after delete on point_checks
  referencing old table as deleted_checks for each statement execute function service_rollups_checks_changed();
create trigger service_rollups_checks_truncated after truncate on point_checks
  for each statement execute function service_rollups_checks_truncated();
create trigger service_rollups_values_inserted after insert on point_check_values
  referencing new table as inserted_values for each statement execute function service_rollups_values_changed();
create trigger service_rollups_values_deleted after delete on point_check_values
  referencing old table as deleted_values for each statement execute function service_rollups_values_changed();
create trigger service_rollups_values_truncated after truncate on point_check_values
  for each statement execute function service_rollups_values_truncated();

-- A database from before this migration: its roll-ups from the rows it has.
insert into service_check_months (store_id, month, device_type_id, checks)
select j.customer_id, service_month(j.started_at), pt.device_type_id, count(*)
from point_checks c join job_orders j on j.id = c.job_order_id join points pt on pt.id = c.point_id
where c.condition <> 3
group by 1, 2, 3;

create temp table backfill_catch on commit drop as
select v.job_order_id, v.point_id, v.pest_id, v.value, j.customer_id as store_id, service_month(j.started_at) as month, pt.device_type_id
from point_check_values v
join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
join job_orders j on j.id = v.job_order_id
join points pt on pt.id = v.point_id
where v.metric = 'catch';

insert into service_catch_months (store_id, month, device_type_id, pest_id, positive, caught)
select store_id, month, device_type_id, pest_id, count(*), sum(value) from backfill_catch group by 1, 2, 3, 4;
insert into service_point_positive_months (point_id, month, store_id, positive)
select point_id, month, store_id, count(distinct job_order_id) from backfill_catch group by 1, 2, 3;
