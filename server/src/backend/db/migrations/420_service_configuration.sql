-- 服务配置 kept by the provider (issue 38): a plan's visits per month and the pests it covers, and
-- an editor's version on plans, their regions and points. A plan's floor plan may be an uploaded
-- image (an object of our store); without one the schematic drawn from its regions stands in.
alter table service_plans
  add column visits_per_month smallint not null default 2 check (visits_per_month between 1 and 31),
  add column pest_ids integer[] not null default '{}',
  add column version integer not null default 1,
  add column created_at timestamptz not null default now();
alter table service_regions add column version integer not null default 1;
alter table points add column version integer not null default 1;
alter table floor_plans add column image_path text;
