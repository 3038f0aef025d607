-- The console's members list at 100k members (issue 14: a page under 50 ms p95 at 20 concurrent).
-- Sorted by name, a page walks this index instead of sorting the whole community (the newest-first
-- default already walks participants_community_created).
create index participants_community_full_name on participants (community_id, full_name, id);

-- The list's total subtracts the community's members whose account is deleted: the few deleted
-- accounts are found here instead of by reading every account.
create index users_deleted on users (id) where deleted_at is not null;
