-- Finished visits, and those that raised each risk name, per store and Beijing day and month
-- (issue 21): the positive rates of risks are the finished visits that raised a risk over the
-- finished visits, and every sales area's over a year read ~70,000 visits at the large scale
-- (~150–250 ms). A visit's marks are the visit itself (basis 0, name '') and, for each risk it
-- raised, the risk type's name (basis 1) and the issue's name (basis 2), once per visit however
-- many risks share the name: the charts count visits that raised a name, and several risk types
-- bear one name (one per risk group). Names are kept, not ids, for that reason; the catalog is
-- seeded and never renamed.
--
-- Kept in the writer's transaction by statement-level triggers with transition tables: on risks
-- (a visit's names before and after the statement) and on job_orders (a visit that finishes, or
-- whose store or day changes, leaves its old rows for its new ones). No writer deletes a job order
-- (its checks' roll-ups, migration 120, assume so too). Upserts go in key order, as in migration 120.
--
-- day: the Beijing day the visit started on (the charts' service day); month: that day's month.

create table service_visit_days (
  store_id integer not null,
  day date not null,
  basis smallint not null check (basis in (0, 1, 2)),
  name text not null,
  visits integer not null,
  primary key (store_id, day, basis, name)
);
create index service_visit_days_day_idx on service_visit_days (day);

create table service_visit_months (
  store_id integer not null,
  month date not null,
  basis smallint not null check (basis in (0, 1, 2)),
  name text not null,
  visits integer not null,
  primary key (store_id, month, basis, name)
);
create index service_visit_months_month_idx on service_visit_months (month);

-- SQL: the marks (id, store_id, day, basis, name) of the finished visits among the job order rows
-- `jobs`, with their risks among the risk rows `risks`, one per visit and mark.
create function service_visit_marks(jobs text, risks text) returns text language sql immutable
return format($sql$
  select j.id, j.customer_id as store_id, service_day(j.started_at) as day, 0::smallint as basis, ''::text as name
  from %1$s j where j.ended_at is not null
  union
  select j.id, j.customer_id, service_day(j.started_at), m.basis, m.name
  from %1$s j
  join (select r.job_order_id, 1::smallint as basis, t.name from %2$s r join risk_types t on t.id = r.risk_type_id
        union all
        select r.job_order_id, 2::smallint, t.name from %2$s r join risk_types t on t.id = r.issue_id) m on m.job_order_id = j.id
  where j.ended_at is not null
$sql$, jobs, risks);

-- SQL that adds the marks `added` and takes off the marks `removed` (SQL of service_visit_marks'
-- rows, or null for none), and answers whether it took anything off. The trigger functions
-- execute it themselves: their transition tables are not seen from another function.
create function service_visit_rollups_upsert(added text, removed text) returns text language sql immutable
return format($sql$
  with delta as (
    select store_id, day, basis, name, sum(n)::int as n
    from (select store_id, day, basis, name, 1 as n from (%s) a
          union all
          select store_id, day, basis, name, -1 from (%s) r) d
    group by 1, 2, 3, 4 having sum(n) <> 0
  ),
  days as (
    insert into service_visit_days as t (store_id, day, basis, name, visits)
    select store_id, day, basis, name, n from delta order by 1, 2, 3, 4
    on conflict (store_id, day, basis, name) do update set visits = t.visits + excluded.visits
  ),
  months as (
    insert into service_visit_months as t (store_id, month, basis, name, visits)
    select store_id, date_trunc('month', day)::date, basis, name, sum(n) from delta group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (store_id, month, basis, name) do update set visits = t.visits + excluded.visits
  )
  select coalesce(bool_or(n < 0), false) from delta
$sql$,
  coalesce(added, service_visit_marks('job_orders', 'risks') || ' limit 0'),
  coalesce(removed, service_visit_marks('job_orders', 'risks') || ' limit 0'));

-- Writers only add visits and risks: a row goes to zero only when something was taken off.
create function service_visit_rollups_prune(removed boolean) returns void language plpgsql as $$
begin
  if removed then
    delete from service_visit_days where visits = 0;
    delete from service_visit_months where visits = 0;
  end if;
end $$;

-- The statement's risks (inserted_risks, deleted_risks, or both for an update) change the marks
-- of their visits: the marks with the risks as they are now, against the marks with the risks
-- as they were (now's without the rows added, with the rows taken off).
create function service_visit_rollups_risks_changed() returns trigger language plpgsql as $$
declare
  added text := case when tg_op in ('INSERT', 'UPDATE') then 'inserted_risks' end;
  removed text := case when tg_op in ('DELETE', 'UPDATE') then 'deleted_risks' end;
  visits text;
  now_risks text;
  then_risks text;
  took_off boolean;
begin
  if tg_op = 'UPDATE' then
    -- Most updates rectify risks: no visit, type or issue moves, nothing to do.
    perform 1 from inserted_risks n join deleted_risks o on o.id = n.id
      where (o.job_order_id, o.risk_type_id, o.issue_id) is distinct from (n.job_order_id, n.risk_type_id, n.issue_id) limit 1;
    if not found then return null; end if;
  end if;
  visits := format('(select * from job_orders where id in (%s))',
    concat_ws(' union ', 'select job_order_id from ' || added, 'select job_order_id from ' || removed));
  now_risks := '(select * from risks where job_order_id in (select id from ' || visits || ' v))';
  then_risks := format('(select * from %s x where true %s %s)', now_risks,
    coalesce('and x.id not in (select id from ' || added || ')', ''),
    coalesce('union all select * from ' || removed, ''));
  execute service_visit_rollups_upsert(service_visit_marks(visits, now_risks), service_visit_marks(visits, then_risks)) into took_off;
  perform service_visit_rollups_prune(took_off);
  return null;
end $$;

create trigger service_visit_rollups_risks_inserted after insert on risks
  referencing new table as inserted_risks for each statement execute function service_visit_rollups_risks_changed();
create trigger service_visit_rollups_risks_updated after update on risks
  referencing new table as inserted_risks old table as deleted_risks for each statement execute function service_visit_rollups_risks_changed();
create trigger service_visit_rollups_risks_deleted after delete on risks
  referencing old table as deleted_risks for each statement execute function service_visit_rollups_risks_changed();

-- Job orders added, finished, or moved to another store or day: their old rows' marks off, their
-- new rows' on, with their risks as they are.
create function service_visit_rollups_jobs_changed() returns trigger language plpgsql as $$
declare
  moved text := 'where id in (select n.id from new_jobs n join old_jobs o on o.id = n.id
    where (o.customer_id, service_day(o.started_at), o.ended_at is null) is distinct from (n.customer_id, service_day(n.started_at), n.ended_at is null))';
  took_off boolean;
begin
  if tg_op = 'INSERT' then
    execute service_visit_rollups_upsert(service_visit_marks('new_jobs', 'risks'), null);
    return null;
  end if;
  -- Most updates move a visit's state on (started, overdue) and change no mark.
  execute service_visit_rollups_upsert(
    service_visit_marks(format('(select * from new_jobs %s)', moved), 'risks'),
    service_visit_marks(format('(select * from old_jobs %s)', moved), 'risks')) into took_off;
  perform service_visit_rollups_prune(took_off);
  return null;
end $$;

create trigger service_visit_rollups_jobs_inserted after insert on job_orders
  referencing new table as new_jobs for each statement execute function service_visit_rollups_jobs_changed();
create trigger service_visit_rollups_jobs_updated after update on job_orders
  referencing new table as new_jobs old table as old_jobs for each statement execute function service_visit_rollups_jobs_changed();

create function service_visit_rollups_truncated() returns trigger language plpgsql as $$
begin
  truncate service_visit_days, service_visit_months;
  return null;
end $$;

create trigger service_visit_rollups_jobs_truncated after truncate on job_orders
  for each statement execute function service_visit_rollups_truncated();
create trigger service_visit_rollups_risks_truncated after truncate on risks
  for each statement execute function service_visit_rollups_truncated();

-- A database from before this migration: these from its rows.
do $$
begin
  execute service_visit_rollups_upsert(service_visit_marks('job_orders', 'risks'), null);
end $$;
analyze service_visit_days, service_visit_months;
