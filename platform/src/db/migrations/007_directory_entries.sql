-- The directory searches a narrow projection of the listed members instead of participants.
--
-- A participants row is about 1 kB, with the search document behind thirty other columns: a search
-- that reads up to 201 matches of a broad word sequentially spent most of its time stepping over
-- wide rows (3.3 ms for "startups" among 100k members), and a rare word's bitmap fetched wide
-- pages. One row here is a fifth of that and holds only what a search filters, ranks and orders
-- by (0.45 ms for the same read). The card columns of the page's ~20 members are then read from
-- participants by primary key.
--
-- Only listed members are here (confirmed, profile enabled), so a search needs no status filter.
-- Kept exact by the trigger below, in the transaction that changes the participant.
create table directory_entries (
  participant_id  uuid primary key references participants (id) on delete cascade,
  community_id    text not null,
  -- The default order: complete profiles first, then newest.
  incomplete      boolean not null,
  created_at      timestamptz not null,
  full_name       text not null,
  search_document tsvector not null,
  tags            text[] not null,
  looking_for     text[] not null,
  -- lower(btrim(city)) of a member who shares their location; null otherwise.
  city_key        text
);

create function directory_entries_sync() returns trigger language plpgsql as $$
begin
  if new.moderation_status = 'confirmed' and new.profile_enabled then
    insert into directory_entries (participant_id, community_id, incomplete, created_at, full_name, search_document, tags, looking_for, city_key)
    values (new.id, new.community_id, new.profile_completed_at is null, new.created_at, coalesce(new.full_name, ''),
            coalesce(new.search_document, ''::tsvector), new.tags, new.looking_for,
            case when new.share_location and new.city is not null then lower(btrim(new.city)) end)
    on conflict (participant_id) do update set
      community_id = excluded.community_id, incomplete = excluded.incomplete, created_at = excluded.created_at,
      full_name = excluded.full_name, search_document = excluded.search_document, tags = excluded.tags,
      looking_for = excluded.looking_for, city_key = excluded.city_key;
  elsif tg_op = 'UPDATE' then
    delete from directory_entries where participant_id = new.id;
  end if;
  return null;
end $$;

-- Deletions need no trigger: the foreign key cascades. Updates fire only for the columns the
-- projection depends on (search_document and full_name are generated from the listed ones).
create trigger participants_directory_entries
  after insert or update of community_id, moderation_status, profile_enabled, profile_completed_at, created_at,
    first_name, last_name, company, "position", tags, about, looking_for, looking_for_text, can_help_with_text,
    city, share_location
  on participants for each row execute function directory_entries_sync();

insert into directory_entries (participant_id, community_id, incomplete, created_at, full_name, search_document, tags, looking_for, city_key)
select p.id, p.community_id, p.profile_completed_at is null, p.created_at, coalesce(p.full_name, ''),
       coalesce(p.search_document, ''::tsvector), p.tags, p.looking_for,
       case when p.share_location and p.city is not null then lower(btrim(p.city)) end
from participants p
where p.moderation_status = 'confirmed' and p.profile_enabled;

-- Word matches, as on participants before (006): the community key pays when the community is a
-- small share of the table; within one big community the plain index is cheaper. The planner picks.
create index directory_entries_search on directory_entries using gin (community_id, search_document);
create index directory_entries_search_document on directory_entries using gin (search_document);
-- The unsearched list and the tag/city/looking-for filters walk this in the default order.
create index directory_entries_order on directory_entries (community_id, incomplete, created_at desc, participant_id desc);
-- A rare tag is found through its posting list rather than by walking the order.
create index directory_entries_tags on directory_entries using gin (community_id, tags);
create index directory_entries_city on directory_entries (community_id, city_key) where city_key is not null;

-- Every word of the listed members' documents, per community: the last word of a search is typed
-- as a prefix ("нови"), and GIN matches a prefix (gathering every entry that begins with it) about
-- ten times slower than the exact words it stands for ("новиков", "новикова"). The service looks
-- the completions up here and searches for them exactly. Words are added with their first member
-- and not removed with their last: a stale word completes to a lexeme nobody has, which costs an
-- empty posting list and never a wrong result.
create table directory_words (
  community_id text not null references communities (id) on delete cascade,
  word         text collate "C" not null,
  primary key (community_id, word)
);

-- Once per statement, so a bulk load adds its words in one pass. Sorted, so two transactions adding
-- the same new words wait for each other in one order and never deadlock.
create function directory_words_add() returns trigger language plpgsql as $$
begin
  insert into directory_words (community_id, word)
  select distinct e.community_id, w from added e cross join lateral unnest(tsvector_to_array(e.search_document)) w
  order by 1, 2
  on conflict do nothing;
  return null;
end $$;

create trigger directory_entries_words_insert after insert on directory_entries
  referencing new table as added for each statement execute function directory_words_add();
create trigger directory_entries_words_update after update on directory_entries
  referencing new table as added for each statement execute function directory_words_add();

insert into directory_words (community_id, word)
select distinct e.community_id, w from directory_entries e cross join lateral unnest(tsvector_to_array(e.search_document)) w;

-- No read searches participants' documents any more.
drop index if exists participants_search;
drop index if exists participants_search_document;
