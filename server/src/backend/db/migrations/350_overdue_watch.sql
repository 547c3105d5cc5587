-- When the product's overdue watch first ran on this database (issue 37): it judges the visits of
-- that day and later. The days before were never watched: a demo history frozen at its end
-- (SIMULATOR=off) must not turn its coming week's visits overdue at the next start, and a real
-- provider's data starts empty. One row, written once; a restart after days off judges those days.
create table overdue_watch (
  id boolean primary key default true check (id),
  since timestamptz not null
);
