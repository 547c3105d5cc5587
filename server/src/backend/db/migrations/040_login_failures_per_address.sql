-- Failed logins are counted per (account, client address) instead of per account: five wrong
-- passwords from anywhere locked an account for everyone, its owner included. A failure row now
-- slows down only the address that made it (session/login-throttle.ts), and rows are pruned
-- once they are a day old (session/housekeeping.ts). The old counts are simply dropped.
drop table login_failures;

create table login_failures (
  account text not null,
  address text not null,
  -- Failures in a row from this address, forgotten a day after the last one.
  failures integer not null,
  last_failed_at timestamptz not null,
  -- Until when this address is refused for this account; null while failures are few.
  blocked_until timestamptz,
  primary key (account, address)
);
create index login_failures_last_failed_at_idx on login_failures (last_failed_at);

-- Expired sessions are pruned by age too.
create index sessions_expires_at_idx on sessions (expires_at);
