-- 操作日志: every write, who made it, from where, to what, and what changed. Appended to only:
-- no statement may change or remove an entry, whatever calls it.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The account that made the change, and its name then (an account renamed later keeps its entries' name).
  actor_id integer,
  actor_name text not null,
  client_address text not null default '',
  -- Whose data it is (an organisation, group or store): a customer's manager sees the entries under
  -- their node of the tree; null for the provider's own.
  owner_customer_id integer,
  object_type text not null,
  object_id text not null,
  action text not null,
  -- {field: {before, after}}, secrets masked.
  changes jsonb not null default '{}'::jsonb
);
create index audit_log_at on audit_log (at desc, id desc);
create index audit_log_object on audit_log (object_type, object_id, at desc);
create index audit_log_actor on audit_log (actor_id, at desc);
create index audit_log_owner on audit_log (owner_customer_id, at desc);

create function audit_log_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_is_append_only();
