-- Photos of a risk: 1 before rectification, 2 after (once rectified). The image is drawn from
-- the photo row on request (summaries/risk-photo-svg.ts); the row holds what identifies it.
--
-- token is the photo's public name in its URL: <img> tags cannot send the bearer header, so the
-- URL itself is the credential, and a random 128-bit token cannot be guessed or enumerated.
-- Signed links (as for the PDF reports) were not chosen because they expire, and a photo URL
-- should stay valid in an exported spreadsheet and in the browser's cache.
--
-- No foreign key to risks: the generator's tests truncate and regenerate risks, which a
-- reference from here would forbid; photos of a missing risk are simply not found.
create table risk_photos (
  id integer primary key,
  risk_id integer not null,
  kind smallint not null check (kind in (1, 2)),
  position smallint not null,
  token text not null unique check (token ~ '^[0-9a-f]{32}$'),
  unique (risk_id, kind, position)
);
