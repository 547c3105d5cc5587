-- 服务安排 (issue 40): staff plan visits, give each to a technician's account, move, reassign and
-- cancel them; an alarm can become an emergency visit. A planned visit is a job order (state
-- planned, started_at the time it is due). A cancelled one keeps its row, its reason and who
-- cancelled it, and leaves every list, chart and roll-up (they read done visits, or all but
-- planned and cancelled ones).
alter table job_orders
  add column technician_id integer references users (id),
  add column cancelled_at timestamptz,
  add column cancel_reason text,
  -- Moves only with a staff edit: a save from an older version is refused (409).
  add column version integer not null default 1;
alter table job_orders drop constraint job_orders_state_check;
alter table job_orders add constraint job_orders_state_check check (state in ('planned', 'inProgress', 'done', 'overdue', 'cancelled'));
alter table job_orders add constraint job_orders_cancelled check ((state = 'cancelled') = (cancelled_at is not null));
create index job_orders_technician_idx on job_orders (technician_id, started_at) where technician_id is not null;

-- The alarms an emergency visit was booked for (安排上门).
create table job_order_alarms (
  job_order_id integer not null references job_orders (id),
  event_id integer not null references device_events (id),
  primary key (job_order_id, event_id)
);
create index job_order_alarms_event_idx on job_order_alarms (event_id);

-- Those who manage service configuration plan the visits; a customer's manager sees them. (A fresh
-- start's built-in roles get it from the contract.)
update roles set permissions = permissions || array['schedule:view', 'schedule:manage']
where id = 3 and 'serviceConfig:manage' = any(permissions) and not ('schedule:manage' = any(permissions));
update roles set permissions = array_append(permissions, 'schedule:view')
where id = 2 and 'serviceConfig:view' = any(permissions) and not ('schedule:view' = any(permissions));
