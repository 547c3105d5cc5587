-- A first start answers once the first screens' data is in: the device alarms of the demo's year
-- that were handled more than a month ago (nine in ten of ~80,000 rows at the medium scale, and most
-- of a first start's time, their nine indexes and the roll-ups) wait here and are moved into
-- device_events afterwards, newest days first (seed/event-backlog.ts). The rows are device_events
-- rows with their ids: the columns follow device_events, so a migration that adds a column there
-- adds it here too. Empty otherwise.
create table demo_event_backlog (like device_events);
alter table demo_event_backlog add primary key (id);
create index demo_event_backlog_created on demo_event_backlog (created_at desc);
-- The point checks of a visit count its box's captures since the visit before (job-orders-checks.ts),
-- which may still wait here.
create index demo_event_backlog_captures on demo_event_backlog (device_id, kind, created_at);
