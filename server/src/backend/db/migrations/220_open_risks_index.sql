-- The risks not yet rectified, oldest first (issue 21): the overdue list counts them and pages
-- through them by age, and the risk summary's open tabs read them. A fifth of the risks; the
-- fleet's overdue list read every risk and joined every visit to find them (~70 ms p95 on
-- PostgreSQL at the large scale, 4× that on PGlite).
create index risks_open_idx on risks (created_at, id) where status <> 8;
analyze risks;
