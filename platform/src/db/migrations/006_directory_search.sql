-- Directory search at 100k members: cheaper word matches, a name dictionary for typos, and the
-- account-deletion rule enforced where rows are written instead of re-checked on every read.

-- Word matches. participants_search (community_id, search_document) intersects the word's posting
-- list with the community's, which pays when the community is a small share of the table; in a
-- community that is most of the table, that list is every member and this index is cheaper. The
-- planner picks per query from the statistics, so both stay.
create index participants_search_document on participants using gin (search_document);

-- Typos are no longer matched against every full name (a trigram scan that rechecked ~1,000 rows
-- for "Ольга Макраова"); they are corrected word by word against the dictionary below.
drop index participants_full_name_trgm;

-- The distinct words of members' names per community, with how many members carry each: a typo'd
-- query word is matched by trigram similarity against this small table, then searched for as the
-- corrected word. Kept exact by the trigger below; a word leaves with its last member.
create table participant_name_words (
  community_id text not null,
  word         text collate "C" not null,
  members      integer not null check (members >= 0),
  primary key (community_id, word)
);
create index participant_name_words_trgm on participant_name_words using gin (community_id, word gin_trgm_ops);

-- The lexemes of a name, as the search document has them (config 'simple'), sorted and distinct.
create function participant_name_words(first_name text, last_name text) returns text[]
language sql immutable parallel safe as $$
  select tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '')))
$$;

-- Words are locked in one order (byte order: the tsvector's and the "C" collation's), so two
-- concurrent renames cannot deadlock on the words they share.
create function participant_name_words_sync() returns trigger language plpgsql as $$
declare
  gone text[] := '{}';
  came text[] := '{}';
  kept text[];
begin
  if tg_op <> 'INSERT' then gone := participant_name_words(old.first_name, old.last_name); end if;
  if tg_op <> 'DELETE' then came := participant_name_words(new.first_name, new.last_name); end if;
  if tg_op = 'UPDATE' and old.community_id = new.community_id then
    kept := array(select unnest(gone) intersect select unnest(came));
    gone := array(select w from unnest(gone) w where w <> all(kept) order by w collate "C");
    came := array(select w from unnest(came) w where w <> all(kept) order by w collate "C");
  end if;
  if cardinality(gone) > 0 then
    update participant_name_words set members = members - 1 where community_id = old.community_id and word = any(gone);
    -- Only rows this transaction just decremented (and so holds locked) can be at zero here.
    delete from participant_name_words where community_id = old.community_id and word = any(gone) and members = 0;
  end if;
  if cardinality(came) > 0 then
    insert into participant_name_words (community_id, word, members)
    select new.community_id, w, 1 from unnest(came) w
    on conflict (community_id, word) do update set members = participant_name_words.members + 1;
  end if;
  return null;
end $$;

-- A word as a tsquery operand: quoted, so no character of it is read as tsquery syntax.
create function tsquery_operand(word text) returns text language sql immutable parallel safe as $$
  select '''' || replace(replace(word, '\', '\\'), '''', '''''') || ''''
$$;

create trigger participants_name_words after insert or delete or update of first_name, last_name, community_id
  on participants for each row execute function participant_name_words_sync();

insert into participant_name_words (community_id, word, members)
select p.community_id, w, count(*) from participants p cross join lateral unnest(participant_name_words(p.first_name, p.last_name)) w
group by p.community_id, w;

-- A deleted account takes its participants with it (auth/account-queries.ts, one transaction).
-- This closes the gap a join racing that deletion would leave: the share lock waits for the
-- deleting transaction, and the re-read sees its deleted_at. Reads of the directory then need no
-- per-row account check.
create function participants_require_live_account() returns trigger language plpgsql as $$
begin
  perform 1 from users u where u.id = new.user_id and u.deleted_at is null for key share;
  if not found then
    raise exception 'account % is deleted', new.user_id using errcode = 'foreign_key_violation';
  end if;
  return new;
end $$;

create trigger participants_live_account before insert or update of user_id on participants
  for each row execute function participants_require_live_account();
