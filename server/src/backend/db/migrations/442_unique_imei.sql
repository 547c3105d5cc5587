-- An NB-IoT device is found by its IMEI when its operator's platform pushes a report (issue 39):
-- two devices in use with one IMEI would be one device. Retired devices keep theirs. A database
-- that already holds two in use gets the plain index back and the checks on every write, not a
-- failed start.
drop index if exists devices_imei_idx;
do $$
begin
  if exists (select imei from devices where imei is not null and retired_at is null group by imei having count(*) > 1) then
    raise notice 'devices: an IMEI is held by two devices in use, so IMEIs are checked on writes only';
    create index devices_imei_idx on devices (imei) where imei is not null;
  else
    create unique index devices_imei_active_idx on devices (imei) where imei is not null and retired_at is null;
  end if;
end $$;
