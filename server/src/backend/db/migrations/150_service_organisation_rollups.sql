-- The service roll-ups per organisation and sales area (issue 21): the fleet's and an
-- organisation's charts over a year read a few thousand rows instead of every store's months
-- (230,000 store-month rows for the fleet's year at the large scale). They follow the store
-- roll-ups of migration 120, not the raw rows: statement-level triggers on service_check_months
-- and service_catch_months add each statement's change (new rows minus old rows) under the
-- store's organisation (path[1]) and sales area, so whoever writes the point checks keeps these
-- exact in the same transaction. A store that moves to another organisation or area takes its
-- rows along (the trigger on customers below); no writer moves one today.
--
-- area_id 0: a store without a sales area (the column allows it; the generator always sets one).

create table service_organisation_check_months (
  organisation_id integer not null,
  area_id integer not null,
  month date not null,
  device_type_id integer not null,
  checks integer not null,
  primary key (organisation_id, area_id, month, device_type_id)
);

create table service_organisation_catch_months (
  organisation_id integer not null,
  area_id integer not null,
  month date not null,
  device_type_id integer not null,
  pest_id integer not null,
  positive integer not null,
  caught bigint not null,
  primary key (organisation_id, area_id, month, device_type_id, pest_id)
);

-- SQL that adds signed changes (`changes`: organisation_id, area_id, month, device_type_id, then the
-- counted columns) in key order, so concurrent writers lock shared rows in one order. Text, not a
-- function that runs it: a trigger's transition tables are seen only by its own function's queries.
create function service_organisation_checks_upsert(changes text) returns text language sql immutable
  return format($sql$
    insert into service_organisation_check_months as t (organisation_id, area_id, month, device_type_id, checks)
    select organisation_id, area_id, month, device_type_id, sum(checks)
    from (%s) r(organisation_id, area_id, month, device_type_id, checks)
    group by 1, 2, 3, 4 having sum(checks) <> 0 order by 1, 2, 3, 4
    on conflict (organisation_id, area_id, month, device_type_id) do update set checks = t.checks + excluded.checks
  $sql$, changes);

create function service_organisation_catches_upsert(changes text) returns text language sql immutable
  return format($sql$
    insert into service_organisation_catch_months as t (organisation_id, area_id, month, device_type_id, pest_id, positive, caught)
    select organisation_id, area_id, month, device_type_id, pest_id, sum(positive), sum(caught)
    from (%s) r(organisation_id, area_id, month, device_type_id, pest_id, positive, caught)
    group by 1, 2, 3, 4, 5 having sum(positive) <> 0 or sum(caught) <> 0 order by 1, 2, 3, 4, 5
    on conflict (organisation_id, area_id, month, device_type_id, pest_id)
      do update set positive = t.positive + excluded.positive, caught = t.caught + excluded.caught
  $sql$, changes);

-- SQL: the rows of `source` (a store roll-up or its transition table) under their store's
-- organisation and area.
create function service_organisation_of(columns text, source text) returns text language sql immutable
  return format('select st.path[1], coalesce(st.area_id, 0), %s from %s r join customers st on st.id = r.store_id', columns, source);

-- One trigger function per store roll-up for its insert, update and delete triggers, each with
-- the transition tables its event has (new_rows, old_rows): added rows count up, removed rows
-- down; rows left at zero go.
create function service_organisation_checks_follow() returns trigger language plpgsql as $$
declare
  added text := service_organisation_of('r.month, r.device_type_id, r.checks', 'new_rows');
  removed text := service_organisation_of('r.month, r.device_type_id, -r.checks', 'old_rows');
begin
  execute service_organisation_checks_upsert(case tg_op when 'INSERT' then added when 'DELETE' then removed else added || ' union all ' || removed end);
  delete from service_organisation_check_months where checks = 0;
  return null;
end $$;

create function service_organisation_catches_follow() returns trigger language plpgsql as $$
declare
  added text := service_organisation_of('r.month, r.device_type_id, r.pest_id, r.positive, r.caught', 'new_rows');
  removed text := service_organisation_of('r.month, r.device_type_id, r.pest_id, -r.positive, -r.caught', 'old_rows');
begin
  execute service_organisation_catches_upsert(case tg_op when 'INSERT' then added when 'DELETE' then removed else added || ' union all ' || removed end);
  delete from service_organisation_catch_months where positive = 0 and caught = 0;
  return null;
end $$;

create function service_organisation_rollups_truncated() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'service_check_months' then
    truncate service_organisation_check_months;
  else
    truncate service_organisation_catch_months;
  end if;
  return null;
end $$;

create trigger service_organisation_checks_inserted after insert on service_check_months
  referencing new table as new_rows for each statement execute function service_organisation_checks_follow();
create trigger service_organisation_checks_updated after update on service_check_months
  referencing new table as new_rows old table as old_rows for each statement execute function service_organisation_checks_follow();
create trigger service_organisation_checks_deleted after delete on service_check_months
  referencing old table as old_rows for each statement execute function service_organisation_checks_follow();
create trigger service_organisation_checks_truncated after truncate on service_check_months
  for each statement execute function service_organisation_rollups_truncated();
create trigger service_organisation_catches_inserted after insert on service_catch_months
  referencing new table as new_rows for each statement execute function service_organisation_catches_follow();
create trigger service_organisation_catches_updated after update on service_catch_months
  referencing new table as new_rows old table as old_rows for each statement execute function service_organisation_catches_follow();
create trigger service_organisation_catches_deleted after delete on service_catch_months
  referencing old table as old_rows for each statement execute function service_organisation_catches_follow();
create trigger service_organisation_catches_truncated after truncate on service_catch_months
  for each statement execute function service_organisation_rollups_truncated();

-- A store given another organisation or sales area: its rows leave the old pair for the new one.
-- (A column list cannot go with transition tables, so every update of customers fires this; a
-- store whose pair did not change adds nothing.)
create function service_organisation_rollups_store_moved() returns trigger language plpgsql as $$
declare
  moves text := $sql$(
    select n.id, m.organisation_id, m.area_id, m.sign
    from new_customers n join old_customers o on o.id = n.id
    cross join lateral (values (o.path[1], coalesce(o.area_id, 0), -1), (n.path[1], coalesce(n.area_id, 0), 1)) as m(organisation_id, area_id, sign)
    where (o.path[1], coalesce(o.area_id, 0)) is distinct from (n.path[1], coalesce(n.area_id, 0))
  ) m$sql$;
begin
  execute service_organisation_checks_upsert(format(
    'select m.organisation_id, m.area_id, r.month, r.device_type_id, m.sign * r.checks from %s join service_check_months r on r.store_id = m.id', moves));
  execute service_organisation_catches_upsert(format(
    'select m.organisation_id, m.area_id, r.month, r.device_type_id, r.pest_id, m.sign * r.positive, m.sign * r.caught
     from %s join service_catch_months r on r.store_id = m.id', moves));
  delete from service_organisation_check_months where checks = 0;
  delete from service_organisation_catch_months where positive = 0 and caught = 0;
  return null;
end $$;

create trigger service_organisation_rollups_store_moved after update on customers
  referencing new table as new_customers old table as old_customers
  for each statement execute function service_organisation_rollups_store_moved();

-- A database from before this migration: these from its store roll-ups.
do $$
begin
  execute service_organisation_checks_upsert(service_organisation_of('r.month, r.device_type_id, r.checks', 'service_check_months'));
  execute service_organisation_catches_upsert(service_organisation_of('r.month, r.device_type_id, r.pest_id, r.positive, r.caught', 'service_catch_months'));
end $$;
-- Statistics for the planner now (PGlite runs no autovacuum): a few thousand rows read by a seq
-- scan beat a plan guessed for an empty table by a factor of eight.
analyze service_organisation_check_months, service_organisation_catch_months;
