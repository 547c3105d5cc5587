-- Devices per store (issue 21): the device statistics and the wallboard's store status, polled live,
-- read these counts instead of grouping every device row (60,000 at the large scale) on each call.
-- One row per store and device type, kept exact by statement-level AFTER triggers with transition
-- tables on devices, in the writer's own transaction, whoever the writer is (the generator, the
-- device report, the simulator, the offline watch, a gateway outage, the alarm actions, the console's
-- device edit): one grouped upsert per statement, and none when no counted value changed, which is
-- a heartbeat's usual case (a battery that stays above the low mark, a device that stays online).
--
-- A device counts once in its status (1 offline, 2 online, 3 fault; every device has one, so their
-- sum is the store's devices of that type), in low_battery when remaining_power <= 30
-- (LOW_BATTERY_PERCENT, shared/src/rules/battery.ts) and in unhandled when has_unhandled_alarm.
-- A device moved to another store or given another type leaves its old row for its new one.
-- No fleet row: the fleet is a sum of a few thousand rows, and a row every writer updates would
-- serialise every status change of the fleet.
create table store_device_counts (
  customer_id integer not null,
  device_type_id integer not null,
  offline integer not null,
  online integer not null,
  fault integer not null,
  low_battery integer not null,
  unhandled integer not null,
  primary key (customer_id, device_type_id)
);

-- Counts the devices handed over, each with its sign (1: now counted, -1: counted no more), per
-- (store, type), adds them in key order (concurrent writers lock the rows in one order), then removes
-- the rows left with no device. Devices whose signed counts cancel (an update that changed nothing
-- counted) add nothing.
create function store_device_counts_add(stores integer[], types integer[], statuses smallint[], powers smallint[], unhandleds boolean[],
                                        signs integer[]) returns void language plpgsql as $$
declare
  changed integer;
begin
  if stores is null then return; end if;
  insert into store_device_counts as c (customer_id, device_type_id, offline, online, fault, low_battery, unhandled)
  select customer_id, device_type_id, sum(s * (status = 1)::int)::int, sum(s * (status = 2)::int)::int, sum(s * (status = 3)::int)::int,
         sum(s * (power <= 30)::int)::int, sum(s * unhandled::int)::int
  from unnest(stores, types, statuses, powers, unhandleds, signs) as x(customer_id, device_type_id, status, power, unhandled, s)
  group by 1, 2
  having sum(s * (status = 1)::int) <> 0 or sum(s * (status = 2)::int) <> 0 or sum(s * (status = 3)::int) <> 0
      or sum(s * (power <= 30)::int) <> 0 or sum(s * unhandled::int) <> 0
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

-- A statement's transition tables exist only for the events that declare them, so each branch reads
-- only its event's; an update hands over its new rows and its old ones, taken off.
create function devices_store_counts() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                                    array_agg(has_unhandled_alarm), array_agg(1))
    from new_rows;
  elsif tg_op = 'UPDATE' then
    perform store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                                    array_agg(has_unhandled_alarm), array_agg(s))
    from (select customer_id, device_type_id, status, remaining_power, has_unhandled_alarm, 1 as s from new_rows
          union all
          select customer_id, device_type_id, status, remaining_power, has_unhandled_alarm, -1 from old_rows) r;
  else
    perform store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                                    array_agg(has_unhandled_alarm), array_agg(-1))
    from old_rows;
  end if;
  return null;
end $$;

create trigger devices_store_counts_insert after insert on devices
  referencing new table as new_rows for each statement execute function devices_store_counts();
create trigger devices_store_counts_update after update on devices
  referencing old table as old_rows new table as new_rows for each statement execute function devices_store_counts();
create trigger devices_store_counts_delete after delete on devices
  referencing old table as old_rows for each statement execute function devices_store_counts();

create function devices_store_counts_truncated() returns trigger language plpgsql as $$
begin
  truncate store_device_counts;
  return null;
end $$;

create trigger devices_store_counts_truncated after truncate on devices
  for each statement execute function devices_store_counts_truncated();

-- The store status reads the unhandled alarms by the store they were raised in (devices/
-- store-device-counts.ts eventDevice): an organisation's from its stores' few, not from all the
-- fleet's or through its devices.
create index device_events_unhandled_customer_idx on device_events (customer_id) where not handled;

-- A data dir from before this migration: its counts from the devices it has.
select store_device_counts_add(array_agg(customer_id), array_agg(device_type_id), array_agg(status), array_agg(remaining_power),
                               array_agg(has_unhandled_alarm), array_agg(1))
from devices;
analyze store_device_counts;
