-- Directory search ignores accents and ё: "Артем" finds Артём, "Семен Королев" Семён Королёв,
-- "jose muller" José Müller. Most Russians type е for ё, and most people type names without the
-- accents they carry; an exact-letter search missed those members, or found them only through typo
-- correction when nobody else matched.
--
-- directory_search is the 'simple' configuration with the unaccent dictionary (contrib, a trusted
-- extension) in front: it folds each token (ё to е, é to e, ß to ss, İ and ı to i), then 'simple'
-- lowercases it. Documents, name words and the words of a search all go through it.
create extension if not exists unaccent;

create text search configuration directory_search (copy = pg_catalog.simple);
alter text search configuration directory_search
  alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart,
    email, url, host, sfloat, version, file, float, int, uint, url_path
  with unaccent, simple;

create or replace function participant_search_document(
  first_name text, last_name text, company text, "position" text, tags text[],
  about text, looking_for_text text, can_help_with_text text
) returns tsvector language sql immutable parallel safe as $$
  select setweight(to_tsvector('directory_search'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'A')
      || setweight(to_tsvector('directory_search'::regconfig, coalesce(company, '') || ' ' || coalesce("position", '') || ' '
           || coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('directory_search'::regconfig, coalesce(about, '') || ' ' || coalesce(looking_for_text, '') || ' '
           || coalesce(can_help_with_text, '')), 'C')
$$;

create or replace function participant_name_words(first_name text, last_name text) returns text[]
language sql immutable parallel safe as $$
  select tsvector_to_array(to_tsvector('directory_search'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '')))
$$;

-- A search's words (008), folded by the same dictionaries: unaccent (which answers nothing for a
-- token it leaves as is), then lowercase as 'simple' does.
create or replace function search_words(query text) returns text[]
language plpgsql stable parallel safe as $$
begin
  return array(
    select lower(coalesce((ts_lexize('unaccent'::regdictionary, t.token))[1], t.token))
    from ts_parse('default', query) with ordinality t(tokid, token, ord)
    where t.tokid not in (5, 12, 13, 14, 15, 16, 17, 23)
    order by t.ord);
end $$;

-- Stored documents are recomputed by rewriting the generated column (PostgreSQL 14 has no ALTER
-- COLUMN ... SET EXPRESSION); a rewrite fires no row trigger, so the projection and the word lists
-- are rebuilt from it below.
alter table participants drop column search_document;
alter table participants add column search_document tsvector generated always as (
  participant_search_document(first_name, last_name, company, "position", tags, about, looking_for_text, can_help_with_text)
) stored;

delete from directory_words;
-- Its statement trigger adds every listed member's words to directory_words again.
update directory_entries d set search_document = p.search_document from participants p where p.id = d.participant_id;

delete from participant_name_words;
insert into participant_name_words (community_id, word, members)
select p.community_id, w, count(*) from participants p cross join lateral unnest(participant_name_words(p.first_name, p.last_name)) w
group by p.community_id, w;
