-- The field app (issue 40): technicians start, record and finish their own visits on the phone.
--
-- Each write the phone makes carries its own client id: the answer is kept, so the same call
-- again (a retry after a lost answer, a replay after the visit finished) is answered as the first
-- time and changes nothing.
create table field_requests (
  client_id text primary key,
  user_id integer not null references users (id),
  job_order_id integer not null references job_orders (id),
  kind text not null check (kind in ('start', 'sync', 'finish')),
  answer jsonb not null,
  at timestamptz not null
);

-- What the phone sent of a visit in progress, as sent: each sync replaces a point's check, a
-- risk (by the phone's key), a rectification (by the risk) and the whole materials list. Finishing
-- the visit turns them into its service record (point_checks, point_check_values, risks,
-- job_order_materials); they stay here as the phone's record, and a visit cancelled while the phone
-- was offline keeps what arrived for staff to see.
create table field_checks (
  job_order_id integer not null references job_orders (id),
  point_id integer not null references points (id),
  entry jsonb not null,
  updated_at timestamptz not null,
  primary key (job_order_id, point_id)
);
create table field_risks (
  job_order_id integer not null references job_orders (id),
  key text not null,
  entry jsonb not null,
  updated_at timestamptz not null,
  primary key (job_order_id, key)
);
create table field_rectifications (
  job_order_id integer not null references job_orders (id),
  risk_id integer not null references risks (id),
  entry jsonb not null,
  updated_at timestamptz not null,
  primary key (job_order_id, risk_id)
);
create table field_materials (
  job_order_id integer primary key references job_orders (id),
  entries jsonb not null,
  updated_at timestamptz not null
);

-- Where the technician was when they started (if the phone shared it), the customer's signature
-- (an object of our store) and the technician's remark.
alter table job_orders
  add column start_latitude double precision,
  add column start_longitude double precision,
  add column signature_path text,
  add column remark text;

-- A photo the technician took is an object of our store; the generated ones stay drawn from the row.
alter table risk_photos add column image_path text;

-- Technicians record their visits in the field app.
update roles set permissions = array_append(permissions, 'field:work') where id = 4 and not ('field:work' = any(permissions));
