-- Catches per point, pest and Beijing month (issue 21): an organisation's point trend for one pest
-- over a year read its catch readings through the checks and the visits (~200 ms at the large
-- scale). A catch reading is one check that caught the pest, so this counts the checks positive
-- for it. The readings are hardly more rows than these (migration 120 left them out for that), but
-- a chart reads them by the store's key, without joining checks and visits. Kept like the other
-- roll-ups of migration 120: statement-level triggers with transition tables on
-- point_check_values, one grouped upsert per statement in key order, in the writer's transaction;
-- a catch counts only on a check that was made (not a missing device), whose rows come first.

create table service_point_catch_months (
  store_id integer not null,
  pest_id integer not null,
  month date not null,
  point_id integer not null,
  positive integer not null,
  primary key (store_id, pest_id, month, point_id)
);

create function service_point_catch_months_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    insert into service_point_catch_months as t (store_id, pest_id, month, point_id, positive)
    select j.customer_id, v.pest_id, service_month(j.started_at), v.point_id, %s * count(*)
    from %I v
    join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
    join job_orders j on j.id = v.job_order_id
    where v.metric = 'catch'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (store_id, pest_id, month, point_id) do update set positive = t.positive + excluded.positive
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_values' else 'deleted_values' end);
  if sign < 0 then
    delete from service_point_catch_months where positive = 0;
  end if;
  return null;
end $$;

create function service_point_catch_months_truncated() returns trigger language plpgsql as $$
begin
  truncate service_point_catch_months;
  return null;
end $$;

create trigger service_point_catch_months_inserted after insert on point_check_values
  referencing new table as inserted_values for each statement execute function service_point_catch_months_changed();
create trigger service_point_catch_months_deleted after delete on point_check_values
  referencing old table as deleted_values for each statement execute function service_point_catch_months_changed();
create trigger service_point_catch_months_truncated after truncate on point_check_values
  for each statement execute function service_point_catch_months_truncated();

-- A database from before this migration: these from its readings.
insert into service_point_catch_months (store_id, pest_id, month, point_id, positive)
select j.customer_id, v.pest_id, service_month(j.started_at), v.point_id, count(*)
from point_check_values v
join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
join job_orders j on j.id = v.job_order_id
where v.metric = 'catch'
group by 1, 2, 3, 4;

analyze service_point_catch_months;
