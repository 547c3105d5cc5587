-- Devices registered by the provider (issue 38). A device that has not reported yet has no battery
-- reading and no last contact (shown as —, and never declared offline: the offline watch judges
-- only devices that were online); a supplier is optional. A retired device leaves the lists and
-- its reports are refused, and keeps its row for the history that names it.
alter table devices
  alter column remaining_power drop not null,
  alter column last_communication_at drop not null,
  alter column supplier_id drop not null,
  alter column technical_support set default '',
  add column retired_at timestamptz,
  add column created_at timestamptz not null default now();
create index devices_imei_idx on devices (imei) where imei is not null;

-- A retired device counts no more in its store's devices: the counts take the rows that are not
-- retired (a device retired by an update leaves them as any other change of a counted value would).
create or replace function devices_store_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                                    array_agg(has_unhandled_alarm), array_agg(1))
    from new_rows where retired_at is null;
  elsif tg_op = 'UPDATE' then
    perform store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                                    array_agg(has_unhandled_alarm), array_agg(s))
    from (select customer_id, device_type_id, status, remaining_power, has_unhandled_alarm, 1 as s from new_rows where retired_at is null
          union all
          select customer_id, device_type_id, status, remaining_power, has_unhandled_alarm, -1 from old_rows where retired_at is null) r;
  else
    perform store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                                    array_agg(has_unhandled_alarm), array_agg(-1))
    from old_rows where retired_at is null;
  end if;
  return null;
end $$;

-- A device without a reading yet is not low on battery (sum() would make its store's count null).
create or replace function store_device_counts_add(stores integer[], types integer[], statuses smallint[], powers smallint[], unhandleds boolean[],
                                        signs integer[]) returns void language plpgsql as $$
declare
  changed integer;
begin
  if stores is null then return; end if;
  insert into store_device_counts as c (customer_id, device_type_id, offline, online, fault, low_battery, unhandled)
  select customer_id, device_type_id, sum(s * (status = 1)::int)::int, sum(s * (status = 2)::int)::int, sum(s * (status = 3)::int)::int,
         sum(s * coalesce(power <= 30, false)::int)::int, sum(s * unhandled::int)::int
  from unnest(stores, types, statuses, powers, unhandleds, signs) as x(customer_id, device_type_id, status, power, unhandled, s)
  group by 1, 2
  having sum(s * (status = 1)::int) <> 0 or sum(s * (status = 2)::int) <> 0 or sum(s * (status = 3)::int) <> 0
      or sum(s * coalesce(power <= 30, false)::int) <> 0 or sum(s * unhandled::int) <> 0
  order by 1, 2
  on conflict (customer_id, device_type_id) do update set
    offline = c.offline + excluded.offline, online = c.online + excluded.online, fault = c.fault + excluded.fault,
    low_battery = c.low_battery + excluded.low_battery, unhandled = c.unhandled + excluded.unhandled;
  get diagnostics changed = row_count;
  if changed > 0 and -1 = any(signs) then
    delete from store_device_counts c
    using (select distinct customer_id, device_type_id from unnest(stores, types, signs) as x(customer_id, device_type_id, s) where s < 0) x
    where c.customer_id = x.customer_id and c.device_type_id = x.device_type_id and c.offline = 0 and c.online = 0 and c.fault = 0;
  end if;
end $$;
