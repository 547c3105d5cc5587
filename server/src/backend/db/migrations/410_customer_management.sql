-- Customers kept by the provider (issue 38): an editor's version, and suspension. A suspended
-- node leaves the pickers and refuses edits but keeps its rows, records and charts. Suspending a
-- node suspends what is below it that is still active, each row remembering which suspension it
-- belongs to (suspended_with), so resuming that node brings back exactly those and not a store
-- someone suspended on its own before.
alter table customers
  add column version integer not null default 1,
  add column suspended_at timestamptz,
  add column suspended_with integer references customers (id),
  add column created_at timestamptz not null default now(),
  add constraint customers_suspension_whole check ((suspended_at is null) = (suspended_with is null));
create index customers_suspended_with_idx on customers (suspended_with) where suspended_with is not null;
-- Codes are compared as typed but found case-blind: KH001 and kh001 are the same code to a person.
create unique index customers_code_folded_idx on customers (lower(code));
