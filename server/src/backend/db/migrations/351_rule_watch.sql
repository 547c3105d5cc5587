-- The overdue watch's first-watched moment (350) is the product rules' (issue 37): the pruning of
-- raw heartbeats judges from it too. A demo history frozen at its end (SIMULATOR=off, the tests)
-- keeps what it had when the backend first ran on it; what came after is pruned past its retention.
alter table overdue_watch rename to rule_watch;
