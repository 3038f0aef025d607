-- Primary keys and foreign keys of tenant tables carry community_id (docs/operations.md, "Past one
-- database"; decision 0204): Citus accepts a primary key on a table distributed by community_id only
-- when it includes community_id, and a foreign key between two distributed tables only when it
-- joins on it. After this file, `tests/api/citus-readiness.test.ts` lists no gap.

-- 1. Foreign keys that point at `participants (id)` or `mail_outbox (id)` alone become composite.
-- `on delete set null (col)` (PostgreSQL 15) nulls only the pointing column, never community_id.
alter table chat_messages drop constraint chat_messages_sender_id_fkey;
alter table chats drop constraint chats_created_by_fkey;
alter table directory_entries drop constraint directory_entries_participant_id_fkey;
alter table media_objects drop constraint media_objects_participant_id_fkey;
alter table participants drop constraint participants_invited_by_fkey;
alter table mailing_recipients drop constraint mailing_recipients_outbox_id_fkey;

-- 2. Each primary key on `id` alone becomes `(community_id, id)`. The foreign keys that point at the
-- table's `unique (community_id, id)` are dropped, the unique constraint goes (the primary key is
-- the same key now), and the foreign keys are made again as they were, on the new primary key.
do $$
declare
  t text;
  fk record;
  fks text[];
  u text;
begin
  foreach t in array array['audit_events', 'chat_messages', 'chats', 'community_question_options', 'community_questions',
    'credit_spends', 'event_meeting_slots', 'event_meeting_tables', 'event_meetings', 'events', 'intro_requests',
    'invitations', 'mail_outbox', 'mailings', 'matches', 'matching_results', 'meetings', 'notifications',
    'participant_admin_notes', 'participants', 'web_push_subscriptions']
  loop
    fks := array[]::text[];
    for fk in
      select k.conname, k.conrelid::regclass::text as tbl, pg_get_constraintdef(k.oid) as def
      from pg_constraint k where k.contype = 'f' and k.confrelid = t::regclass
    loop
      fks := fks || format('alter table %s add constraint %I %s', fk.tbl, fk.conname, fk.def);
      execute format('alter table %s drop constraint %I', fk.tbl, fk.conname);
    end loop;
    for u in
      select k.conname from pg_constraint k
      where k.conrelid = t::regclass and k.contype = 'u'
        and (select array_agg(a.attname::text order by a.attname) from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) = array['community_id', 'id']
    loop
      execute format('alter table %I drop constraint %I', t, u);
    end loop;
    execute format('alter table %I drop constraint %I', t, t || '_pkey');
    execute format('alter table %I add constraint %I primary key (community_id, id)', t, t || '_pkey');
    for i in 1 .. coalesce(array_length(fks, 1), 0) loop
      execute fks[i];
    end loop;
  end loop;
end $$;

-- Lookups by `id` alone on hot paths keep a plain (non-unique) index on `id`, which Citus allows, so
-- nothing is slower on one database: participants (the directory's page join, every participant
-- read by id), mail_outbox (the mail worker claims, sends and marks each mail by id), mailings (the
-- mailing worker reads and updates its mailing by id) and notifications (the Telegram sender marks
-- each notification by id). The other tables are read by (community_id, id) or through their
-- parent's key.
create index participants_id on participants (id);
create index mail_outbox_id on mail_outbox (id);
create index mailings_id on mailings (id);
create index notifications_id on notifications (id);

-- 3. The directory's rows are keyed by (community_id, participant_id), like the participant they mirror.
alter table directory_entries drop constraint directory_entries_pkey;
alter table directory_entries add constraint directory_entries_pkey primary key (community_id, participant_id);

-- 4. The composite foreign keys of step 1.
alter table chat_messages add constraint chat_messages_sender_fkey foreign key (community_id, sender_id)
  references participants (community_id, id) on delete set null (sender_id);
alter table chats add constraint chats_created_by_fkey foreign key (community_id, created_by)
  references participants (community_id, id) on delete set null (created_by);
alter table directory_entries add constraint directory_entries_participant_fkey foreign key (community_id, participant_id)
  references participants (community_id, id) on delete cascade;
alter table media_objects add constraint media_objects_participant_fkey foreign key (community_id, participant_id)
  references participants (community_id, id) on delete set null (participant_id);
alter table participants add constraint participants_invited_by_fkey foreign key (community_id, invited_by)
  references participants (community_id, id) on delete set null (invited_by);
alter table mailing_recipients add constraint mailing_recipients_outbox_fkey foreign key (community_id, outbox_id)
  references mail_outbox (community_id, id) on delete set null (outbox_id);

-- 5. telegram_connect_codes is a reference table (the bot takes a code by its hash before the
-- community is known), and Citus refuses a foreign key from a reference table to a distributed one.
-- The code no longer points at its participant: account deletion, the only place participants are
-- deleted, removes the user's codes itself (auth/account-queries.ts), as the cascade did.
alter table telegram_connect_codes drop constraint telegram_connect_codes_community_id_participant_id_fkey;

-- 6. The triggers that keep directory_entries in step with participants upsert and delete on the new
-- key (and no longer rewrite community_id, the distribution column, which Citus refuses to change).
-- Their bodies are otherwise those of migrations 007 and 034: the edits are made on the stored
-- definitions, and a definition that no longer holds the edited text stops the migration.
do $$
declare
  f text;
  src text;
  edited text;
begin
  foreach f in array array['directory_entries_sync', 'directory_entries_insert'] loop
    src := pg_get_functiondef(f::regproc);
    edited := replace(src, 'on conflict (participant_id) do update set', 'on conflict (community_id, participant_id) do update set');
    edited := replace(edited, 'community_id = excluded.community_id, incomplete = excluded.incomplete', 'incomplete = excluded.incomplete');
    edited := replace(edited, 'delete from directory_entries where participant_id = new.id;', 'delete from directory_entries where community_id = new.community_id and participant_id = new.id;');
    if edited = src or edited like '%on conflict (participant_id)%' or edited like '%community_id = excluded.community_id%' then
      raise exception 'function % does not have the expected text', f;
    end if;
    execute edited;
  end loop;
end $$;
