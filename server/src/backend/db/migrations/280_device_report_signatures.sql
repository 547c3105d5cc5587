-- The signatures of accepted device reports (issue #36): a signed body sent again is a replay and
-- is refused (409). Kept in the database, not in memory, so a restart or a second backend still
-- knows them; the unique key makes two copies sent at once accept one. `at` is the report's own
-- time: a report older than 7 days is refused for its age, so a row is pruned a day after that.
create table device_report_signatures (
  device_id integer not null references devices (id) on delete cascade,
  signature text not null,
  at timestamptz not null,
  primary key (device_id, signature)
);
create index device_report_signatures_at_idx on device_report_signatures (at);
