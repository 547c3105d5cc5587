-- The backlog is the demo's own scratch list, emptied by the background fill: a foreign key to
-- job_orders kept the generator's tests (and anyone resetting the demo's visits) from truncating them.
alter table demo_sheet_backlog drop constraint demo_sheet_backlog_job_order_id_fkey;
