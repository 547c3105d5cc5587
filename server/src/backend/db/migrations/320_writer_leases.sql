-- The demo's writers (the device simulator and the service day) run in one process of those on the
-- database (issue 36): two instances used to double the fleet's heartbeats. The process named in
-- holder runs them until expires_at, renewing it while it runs; once it lapses another takes over.
create table writer_leases (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null
);
