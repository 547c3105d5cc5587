-- Which version of a record an editor saw: an edit of an older one (someone else saved first) is
-- refused instead of overwriting theirs. Only an editor's save moves it, never the live writers
-- (a device's status, battery and last contact change without it).
alter table provider_documents add column version integer not null default 1;
alter table notify_channels add column version integer not null default 1;
alter table notify_rules add column version integer not null default 1;
alter table display_links add column version integer not null default 1;
alter table devices add column version integer not null default 1;
