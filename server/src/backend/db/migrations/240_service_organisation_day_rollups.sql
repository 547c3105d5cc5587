-- The day roll-ups per organisation and sales area (issue 21), as migration 150 is to the monthly
-- ones: the days a range cuts off its first and last months ("a year from today") were added up
-- from every store's day rows (migration 190) for the whole fleet's figures: the 合计 of the pest
-- summary (147 ms p95 on PostgreSQL at the large scale), every sales area's positive rates (2.4×
-- on PGlite), the fleet's pests and yearPests. These hold the same counts per (organisation, area,
-- day, device type[, pest]), a twentieth of the rows, and follow the store day rows the way 150's
-- follow the store months: statement-level triggers on service_check_days and service_catch_days
-- add each statement's new rows minus its old rows under the store's organisation (path[1]) and
-- area, so no writer knows of them; a store moved to another organisation or area takes its rows
-- along.
--
-- area_id 0: a store without a sales area.

create table service_organisation_check_days (
  organisation_id integer not null,
  area_id integer not null,
  day date not null,
  device_type_id integer not null,
  checks integer not null,
  primary key (organisation_id, area_id, day, device_type_id)
);
create index service_organisation_check_days_day_idx on service_organisation_check_days (day);

create table service_organisation_catch_days (
  organisation_id integer not null,
  area_id integer not null,
  day date not null,
  device_type_id integer not null,
  pest_id integer not null,
  positive integer not null,
  caught bigint not null,
  primary key (organisation_id, area_id, day, device_type_id, pest_id)
);
create index service_organisation_catch_days_day_idx on service_organisation_catch_days (day);

-- SQL that adds signed changes (organisation_id, area_id, day, device_type_id, then the counted
-- columns) in key order, so concurrent writers lock shared rows in one order; rows left at zero go.
create function service_organisation_check_days_upsert(changes text) returns text language sql immutable
  return format($sql$
    insert into service_organisation_check_days as t (organisation_id, area_id, day, device_type_id, checks)
    select organisation_id, area_id, day, device_type_id, sum(checks)
    from (%s) r(organisation_id, area_id, day, device_type_id, checks)
    group by 1, 2, 3, 4 having sum(checks) <> 0 order by 1, 2, 3, 4
    on conflict (organisation_id, area_id, day, device_type_id) do update set checks = t.checks + excluded.checks
  $sql$, changes);

create function service_organisation_catch_days_upsert(changes text) returns text language sql immutable
  return format($sql$
    insert into service_organisation_catch_days as t (organisation_id, area_id, day, device_type_id, pest_id, positive, caught)
    select organisation_id, area_id, day, device_type_id, pest_id, sum(positive), sum(caught)
    from (%s) r(organisation_id, area_id, day, device_type_id, pest_id, positive, caught)
    group by 1, 2, 3, 4, 5 having sum(positive) <> 0 or sum(caught) <> 0 order by 1, 2, 3, 4, 5
    on conflict (organisation_id, area_id, day, device_type_id, pest_id)
      do update set positive = t.positive + excluded.positive, caught = t.caught + excluded.caught
  $sql$, changes);

create function service_organisation_check_days_follow() returns trigger language plpgsql as $$
declare
  added text := service_organisation_of('r.day, r.device_type_id, r.checks', 'new_rows');
  removed text := service_organisation_of('r.day, r.device_type_id, -r.checks', 'old_rows');
begin
  execute service_organisation_check_days_upsert(case tg_op when 'INSERT' then added when 'DELETE' then removed else added || ' union all ' || removed end);
  delete from service_organisation_check_days where checks = 0;
  return null;
end $$;

create function service_organisation_catch_days_follow() returns trigger language plpgsql as $$
declare
  added text := service_organisation_of('r.day, r.device_type_id, r.pest_id, r.positive, r.caught', 'new_rows');
  removed text := service_organisation_of('r.day, r.device_type_id, r.pest_id, -r.positive, -r.caught', 'old_rows');
begin
  execute service_organisation_catch_days_upsert(case tg_op when 'INSERT' then added when 'DELETE' then removed else added || ' union all ' || removed end);
  delete from service_organisation_catch_days where positive = 0 and caught = 0;
  return null;
end $$;

create function service_organisation_day_rollups_truncated() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'service_check_days' then
    truncate service_organisation_check_days;
  else
    truncate service_organisation_catch_days;
  end if;
  return null;
end $$;

create trigger service_organisation_check_days_inserted after insert on service_check_days
  referencing new table as new_rows for each statement execute function service_organisation_check_days_follow();
create trigger service_organisation_check_days_updated after update on service_check_days
  referencing new table as new_rows old table as old_rows for each statement execute function service_organisation_check_days_follow();
create trigger service_organisation_check_days_deleted after delete on service_check_days
  referencing old table as old_rows for each statement execute function service_organisation_check_days_follow();
create trigger service_organisation_check_days_truncated after truncate on service_check_days
  for each statement execute function service_organisation_day_rollups_truncated();
create trigger service_organisation_catch_days_inserted after insert on service_catch_days
  referencing new table as new_rows for each statement execute function service_organisation_catch_days_follow();
create trigger service_organisation_catch_days_updated after update on service_catch_days
  referencing new table as new_rows old table as old_rows for each statement execute function service_organisation_catch_days_follow();
create trigger service_organisation_catch_days_deleted after delete on service_catch_days
  referencing old table as old_rows for each statement execute function service_organisation_catch_days_follow();
create trigger service_organisation_catch_days_truncated after truncate on service_catch_days
  for each statement execute function service_organisation_day_rollups_truncated();

-- A store given another organisation or sales area: its day rows leave the old pair for the new one.
create function service_organisation_day_rollups_store_moved() returns trigger language plpgsql as $$
declare
  moves text := $sql$(
    select n.id, m.organisation_id, m.area_id, m.sign
    from new_customers n join old_customers o on o.id = n.id
    cross join lateral (values (o.path[1], coalesce(o.area_id, 0), -1), (n.path[1], coalesce(n.area_id, 0), 1)) as m(organisation_id, area_id, sign)
    where (o.path[1], coalesce(o.area_id, 0)) is distinct from (n.path[1], coalesce(n.area_id, 0))
  ) m$sql$;
begin
  execute service_organisation_check_days_upsert(format(
    'select m.organisation_id, m.area_id, r.day, r.device_type_id, m.sign * r.checks from %s join service_check_days r on r.store_id = m.id', moves));
  execute service_organisation_catch_days_upsert(format(
    'select m.organisation_id, m.area_id, r.day, r.device_type_id, r.pest_id, m.sign * r.positive, m.sign * r.caught
     from %s join service_catch_days r on r.store_id = m.id', moves));
  delete from service_organisation_check_days where checks = 0;
  delete from service_organisation_catch_days where positive = 0 and caught = 0;
  return null;
end $$;

create trigger service_organisation_day_rollups_store_moved after update on customers
  referencing new table as new_customers old table as old_customers
  for each statement execute function service_organisation_day_rollups_store_moved();

-- A database from before this migration: these from its store day rows.
do $$
begin
  execute service_organisation_check_days_upsert(service_organisation_of('r.day, r.device_type_id, r.checks', 'service_check_days'));
  execute service_organisation_catch_days_upsert(service_organisation_of('r.day, r.device_type_id, r.pest_id, r.positive, r.caught', 'service_catch_days'));
end $$;
analyze service_organisation_check_days, service_organisation_catch_days;
