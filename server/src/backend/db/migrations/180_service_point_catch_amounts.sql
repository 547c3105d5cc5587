-- The individuals caught per point, pest and month beside the checks that caught them (issue 21):
-- the store pest page's charts per region (单店虫害对比) and the yearly dashboard's regions chart
-- cut catches by the points' regions, which only a roll-up per point holds; without the amounts
-- they read every catch reading of an organisation's year through its checks and visits (~1 s on
-- PGlite at the medium scale). The trigger of migration 160 now keeps both columns.

alter table service_point_catch_months add column caught bigint not null default 0;

create or replace function service_point_catch_months_changed() returns trigger language plpgsql as $$
declare
  sign integer := case tg_op when 'INSERT' then 1 else -1 end;
begin
  execute format($sql$
    insert into service_point_catch_months as t (store_id, pest_id, month, point_id, positive, caught)
    select j.customer_id, v.pest_id, service_month(j.started_at), v.point_id, %1$s * count(*), %1$s * sum(v.value)
    from %2$I v
    join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
    join job_orders j on j.id = v.job_order_id
    where v.metric = 'catch'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (store_id, pest_id, month, point_id)
      do update set positive = t.positive + excluded.positive, caught = t.caught + excluded.caught
  $sql$, sign, case tg_op when 'INSERT' then 'inserted_values' else 'deleted_values' end);
  if sign < 0 then
    delete from service_point_catch_months where positive = 0;
  end if;
  return null;
end $$;

-- The amounts of the rows already kept.
update service_point_catch_months t set caught = s.caught
from (
  select j.customer_id as store_id, v.pest_id, service_month(j.started_at) as month, v.point_id, sum(v.value) as caught
  from point_check_values v
  join point_checks c on c.job_order_id = v.job_order_id and c.point_id = v.point_id and c.condition <> 3
  join job_orders j on j.id = v.job_order_id
  where v.metric = 'catch'
  group by 1, 2, 3, 4
) s
where t.store_id = s.store_id and t.pest_id = s.pest_id and t.month = s.month and t.point_id = s.point_id;

analyze service_point_catch_months;
