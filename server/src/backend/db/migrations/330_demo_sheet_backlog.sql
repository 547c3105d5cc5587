-- A first start answers once the first screens' data is in: the sheets (point checks and
-- materials) of the demo's older visits are written afterwards, newest first, a batch of visits at
-- a time (seed/sheet-backlog.ts). Each row is a finished visit whose sheet waits, with what it is
-- written from (the columns of visit-progress.ts's finished_job); the table is empty otherwise.
create table demo_sheet_backlog (
  job_order_id integer primary key references job_orders (id),
  customer_id integer not null,
  plan_id integer not null,
  type smallint not null,
  month integer not null,
  kind text,
  activity float8 not null,
  started_at timestamptz not null,
  ended_at timestamptz not null,
  since timestamptz not null
);
create index demo_sheet_backlog_started on demo_sheet_backlog (started_at desc);
