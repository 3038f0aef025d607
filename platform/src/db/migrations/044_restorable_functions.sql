-- Functions that generated columns and searches call name their text search objects with their
-- schema. pg_restore runs with an empty search_path: the stored search document of participants
-- is computed again as their rows are loaded, and an unqualified 'directory_search' was not found,
-- so a pg_dump of the database could not be restored (tests/lifecycle/backup-restore.test.ts).
-- The functions compute the same values as before; nothing stored changes.

create or replace function participant_search_document(
  first_name text, last_name text, company text, "position" text, tags text[],
  about text, looking_for_text text, can_help_with_text text
) returns tsvector language sql immutable parallel safe as $$
  select setweight(to_tsvector('public.directory_search'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'A')
      || setweight(to_tsvector('public.directory_search'::regconfig, coalesce(company, '') || ' ' || coalesce("position", '') || ' '
           || coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('public.directory_search'::regconfig, coalesce(about, '') || ' ' || coalesce(looking_for_text, '') || ' '
           || coalesce(can_help_with_text, '')), 'C')
$$;

create or replace function participant_name_words(first_name text, last_name text) returns text[]
language sql immutable parallel safe as $$
  select tsvector_to_array(to_tsvector('public.directory_search'::regconfig, coalesce(first_name, '') || ' ' || coalesce(last_name, '')))
$$;

create or replace function search_words(query text) returns text[]
language plpgsql stable parallel safe as $$
begin
  return array(
    select lower(coalesce((ts_lexize('public.unaccent'::regdictionary, t.token))[1], t.token))
    from ts_parse('default', query) with ordinality t(tokid, token, ord)
    where t.tokid not in (5, 12, 13, 14, 15, 16, 17, 23)
    order by t.ord);
end $$;
