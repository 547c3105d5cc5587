-- Files every instance on the database shares (issue #36 item 5): audit packs, uploads and cached
-- PDF reports, kept here when the product runs on PostgreSQL, so a pack built or a picture uploaded
-- through one instance downloads through any other. A file is a row of its area and key, its bytes
-- in chunks of up to 256 KiB (read one at a time: a large pack never sits whole in memory).
-- A replaced file gets a new id, so a reader of the old one never meets the new one's chunks.
create table stored_files (
  id bigint generated always as identity primary key,
  area text not null,
  key text not null,
  bytes bigint not null,
  used_at timestamptz not null,
  unique (area, key)
);

create table stored_file_chunks (
  file_id bigint not null references stored_files (id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (file_id, seq)
);
