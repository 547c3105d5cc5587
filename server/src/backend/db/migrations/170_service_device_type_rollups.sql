-- Positive checks and counts per store, Beijing month and device type (issue 21): the device-type
-- summary (screen 5) summed every check's catch and trigger readings under its filters, an
-- organisation's year at the large scale in ~400 ms. A check is positive when it has any catch or
-- trigger reading (readings are > 0), and its count is their sum, so without a pest asked for the
-- summary's figures are these rows' sums (the checks made are service_check_months'). Kept like
-- migration 120's: statement-level triggers with transition tables on point_check_values, one
-- grouped upsert per statement in key order, in the writer's transaction. A check turns positive
-- with its first such reading and back with its last: the checks whose readings are all among the
-- rows added, or none of whose readings is left.

create table service_device_type_months (
  store_id integer not null,
  month date not null,
  device_type_id integer not null,
  positive integer not null,
  amount bigint not null,
  primary key (store_id, month, device_type_id)
);

create function service_device_type_months_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    with changed as (
      select v.job_order_id, v.point_id, v.value, j.customer_id as store_id, service_month(j.started_at) as month, pt.device_type_id
      from %2$I v
      join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
      join job_orders j on j.id = v.job_order_id
      join points pt on pt.id = v.point_id
      where v.metric in ('catch', 'trigger')
    ),
    checks as (
      select store_id, month, device_type_id, sum(value) as amount,
             (select count(*) from point_check_values v
              where v.job_order_id = c.job_order_id and v.point_id = c.point_id and v.metric in ('catch', 'trigger')) = greatest(%1$s, 0) * count(*) as turned
      from changed c group by job_order_id, point_id, store_id, month, device_type_id
    )
    insert into service_device_type_months as t (store_id, month, device_type_id, positive, amount)
    select store_id, month, device_type_id, %1$s * count(*) filter (where turned), %1$s * sum(amount)
    from checks group by 1, 2, 3 order by 1, 2, 3
    on conflict (store_id, month, device_type_id) do update set positive = t.positive + excluded.positive, amount = t.amount + excluded.amount
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_values' else 'deleted_values' end);
  if sign < 0 then
    delete from service_device_type_months where positive = 0 and amount = 0;
  end if;
  return null;
end $$;

create function service_device_type_months_truncated() returns trigger language plpgsql as $$
begin
  truncate service_device_type_months;
  return null;
end $$;

create trigger service_device_type_months_inserted after insert on point_check_values
  referencing new table as inserted_values for each statement execute function service_device_type_months_changed();
create trigger service_device_type_months_deleted after delete on point_check_values
  referencing old table as deleted_values for each statement execute function service_device_type_months_changed();
create trigger service_device_type_months_truncated after truncate on point_check_values
  for each statement execute function service_device_type_months_truncated();

-- A database from before this migration: these from its readings.
insert into service_device_type_months (store_id, month, device_type_id, positive, amount)
select store_id, month, device_type_id, count(*), sum(amount)
from (
  select j.customer_id as store_id, service_month(j.started_at) as month, pt.device_type_id, sum(v.value) as amount
  from point_check_values v
  join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
  join job_orders j on j.id = v.job_order_id
  join points pt on pt.id = v.point_id
  where v.metric in ('catch', 'trigger')
  group by v.job_order_id, v.point_id, 1, 2, 3
) per_check
group by 1, 2, 3;

analyze service_device_type_months;
