-- A first start answers once the first screens' data is in; the devices' heartbeat history (raw
-- heartbeats of the last days, daily counts of the year) is filled in afterwards, a few stores at
-- a time (seed/heartbeat-history.ts). The stores still to fill, by id; both null when none wait.
alter table demo_clock add column heartbeat_fill_from integer, add column heartbeat_fill_to integer;
