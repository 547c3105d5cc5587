-- An account given its password by someone else (the first administrator of an empty start, whose
-- password was generated or set in the environment) must choose its own before using the product.
alter table users add column must_change_password boolean not null default false;

-- Whether this database holds the generated demo or a provider's own data (DEMO=off): the demo's
-- writers invent device reports and visits, and must never start on a real provider's data.
-- A database seeded before this migration holds the demo if it holds anything.
create table installation (
  id boolean primary key default true check (id),
  demo boolean not null
);
insert into installation (demo) select true where exists (select 1 from users);
