-- Removed, not deleted: a document, a notification channel or rule that someone removes leaves the
-- lists and the work (a removed rule is also switched off, so the alarm trigger passes it by), and
-- keeps its row for the history that names it (the delivery log, the audit log's entries).
alter table provider_documents add column removed_at timestamptz;
alter table notify_channels add column removed_at timestamptz;
alter table notify_rules add column removed_at timestamptz;
