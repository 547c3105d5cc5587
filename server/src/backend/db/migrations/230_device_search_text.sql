-- 智能设备's search (issue 21): one lower-cased text of the four columns the keyword matches, so a
-- keyword is one LIKE per device instead of four ILIKEs (each lower-casing its column first). The
-- fleet's 60,000 devices searched for "RB" took ~100 ms p95 on PostgreSQL at the large scale, nearly
-- all of it the count. chr(31) (the unit separator) keeps a match from spanning two columns; a
-- keyword holding it is matched column by column (devices/device-filters.ts).
alter table devices add column search_text text generated always as
  (lower(name || chr(31) || code || chr(31) || device_no || chr(31) || coalesce(imei, ''))) stored;
