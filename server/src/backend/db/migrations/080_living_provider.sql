-- A living provider (issue 18): the demo's history ends when it was generated, and the service
-- scheduler carries the business on from there, while running and on a later start.
--
-- demo_clock: one row. anchor is where the generated history ends (the moment of seeding, or
-- DEMO_ANCHOR); filled_to is how far the generated business and telemetry data run now.
create table demo_clock (
  id boolean primary key default true check (id),
  anchor timestamptz not null,
  filled_to timestamptz not null check (filled_to >= anchor)
);

-- A job order's life: planned (created ahead from its plan, started_at is when it is due),
-- inProgress (the technician is at the store), done (ended_at set), overdue (its day ended without
-- it being done: the store was closed, the technician did not come, or the visit was left open).
-- planned_end_at: when a scheduled visit will be over; null for orders from before the scheduler.
-- visit_key: the plan's slot the scheduler made it from, so a slot makes one order however often
-- it runs; null for orders made otherwise.
alter table job_orders
  add column state text not null default 'done' check (state in ('planned', 'inProgress', 'done', 'overdue')),
  add column planned_end_at timestamptz,
  add column visit_key bigint unique;
update job_orders set state = 'inProgress' where ended_at is null;
alter table job_orders alter column state drop default;
alter table job_orders add constraint job_orders_state_ended check ((state = 'done') = (ended_at is not null));
create index job_orders_open_idx on job_orders (started_at) where state in ('planned', 'inProgress');
-- A visit's sheet counts what a smart box caught since the plan's previous visit.
create index job_orders_plan_ended_idx on job_orders (plan_id, ended_at);

-- When a risk will be put right, decided when it is raised (the customer's or the provider's
-- follow-up takes days to weeks); null when it will not be (cannot be handled now, neglected).
alter table risks add column rectify_due_at timestamptz;
create index risks_rectify_due_idx on risks (rectify_due_at) where status = 1;
