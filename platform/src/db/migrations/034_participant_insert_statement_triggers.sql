-- Inserted participants get their derived rows once per statement instead of once per row.
--
-- A 1,000-row batch of `tuesday members import` spent more time in the per-row AFTER INSERT
-- triggers than in the insert itself (EXPLAIN ANALYZE at 20k members: directory entries 228 ms,
-- each row's own INSERT into directory_entries also firing that table's statement trigger for
-- directory_words once per row; name words 69 ms, upserting the same hot counters 1,000 times;
-- session notices 36 ms; the insert 295 ms). On insert those three now read the statement's new
-- rows (a transition table) and write set-based; the rows they write are the ones the per-row
-- triggers wrote, so the directory, its word lists and typo correction answer exactly as before.
-- Updates and deletes keep their per-row triggers (a transition table cannot go with a column
-- list, and they need the old row).

-- Name words: each word counted once per member carrying it, as the per-row trigger did, in one
-- upsert ordered by word (the "C" collation, as before), so concurrent writers lock in one order.
create function participant_name_words_insert() returns trigger language plpgsql as $$
begin
  insert into participant_name_words (community_id, word, members)
  select a.community_id, w, count(*) from added a cross join lateral unnest(participant_name_words(a.first_name, a.last_name)) w
  group by a.community_id, w
  order by a.community_id, w collate "C"
  on conflict (community_id, word) do update set members = participant_name_words.members + excluded.members;
  return null;
end $$;

drop trigger participants_name_words on participants;
create trigger participants_name_words after delete or update of first_name, last_name, community_id
  on participants for each row execute function participant_name_words_sync();
create trigger participants_name_words_insert after insert on participants
  referencing new table as added for each statement execute function participant_name_words_insert();

-- Directory entries of the new listed members (confirmed, profile enabled), as directory_entries_sync
-- writes them; one insert, so directory_words' statement trigger runs once for the lot. A change to
-- what an entry holds must change both functions.
create function directory_entries_insert() returns trigger language plpgsql as $$
begin
  insert into directory_entries (participant_id, community_id, incomplete, created_at, full_name, search_document, tags, looking_for, city_key)
  select a.id, a.community_id, a.profile_completed_at is null, a.created_at, coalesce(a.full_name, ''),
         coalesce(a.search_document, ''::tsvector), a.tags, a.looking_for,
         case when a.share_location and a.city is not null then lower(btrim(a.city)) end
  from added a
  where a.moderation_status = 'confirmed' and a.profile_enabled
  on conflict (participant_id) do update set
    community_id = excluded.community_id, incomplete = excluded.incomplete, created_at = excluded.created_at,
    full_name = excluded.full_name, search_document = excluded.search_document, tags = excluded.tags,
    looking_for = excluded.looking_for, city_key = excluded.city_key;
  return null;
end $$;

drop trigger participants_directory_entries on participants;
create trigger participants_directory_entries
  after update of community_id, moderation_status, profile_enabled, profile_completed_at, created_at,
    first_name, last_name, company, "position", tags, about, looking_for, looking_for_text, can_help_with_text,
    city, share_location
  on participants for each row execute function directory_entries_sync();
create trigger participants_directory_entries_insert after insert on participants
  referencing new table as added for each statement execute function directory_entries_insert();

-- Session notices (010): a user with a session is told once per statement, not once per new row.
create function participants_notify_sessions_insert() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth.sessions', json_build_object('d', json_build_object('userId', u.user_id))::text)
  from (select distinct a.user_id from added a where exists (select 1 from sessions s where s.user_id = a.user_id)) u;
  return null;
end $$;

drop trigger participants_notify_sessions on participants;
create trigger participants_notify_sessions after delete on participants
  for each row execute function participants_notify_sessions();
create trigger participants_notify_sessions_insert after insert on participants
  referencing new table as added for each statement execute function participants_notify_sessions_insert();
