-- An import's apply runs as a job (issue 38: 60,000 devices take longer than a request may). The
-- row is where any instance answers its starter from; the devices' secrets wait in it until the
-- starter's first look after it is done, which clears them.
create table import_jobs (
  id integer generated always as identity primary key,
  user_id integer not null,
  kind text not null,
  state text not null default 'running' check (state in ('running', 'done', 'failed')),
  rows integer not null default 0,
  created integer not null default 0,
  updated integer not null default 0,
  unchanged integer not null default 0,
  message text,
  credentials jsonb,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index import_jobs_user_idx on import_jobs (user_id, started_at desc);
-- One running import per user, even for two applies sent at once.
create unique index import_jobs_one_running_idx on import_jobs (user_id) where state = 'running';
