-- The words of a directory search, split and lowercased exactly as the documents they are matched
-- against (to_tsvector('simple') in participant_search_document, migration 002). Splitting in
-- JavaScript disagreed with the parser: it cut Devanagari, Thai or Bengali names at their vowel
-- signs ("प्रिया" became three fragments nobody carries), lowercased "İstanbul" to "i̇stanbul" where
-- the documents hold 'istanbul', and split "node.js" or an e-mail address into words the document
-- keeps whole.
--
-- Every token the 'simple' configuration indexes, in the order typed, lowercased as its dictionary
-- does (lower() with the database's collation). Left out are the token types 'simple' does not index
-- (12 blank, 13 tag, 14 protocol, 23 entity) and the compound ones whose parts follow them as tokens
-- of their own (5 url, 15 numhword, 16 asciihword, 17 hword): "O'Brien-Smi" gives o, brien, smi, so
-- its last part can still be typed as a prefix. The ids are the default parser's (ts_token_type;
-- tests/api/directory.test.ts checks them). PL/pgSQL, so its plan is cached: a SQL function with an
-- aggregate is planned on every call, which cost 0.2 ms per search.
create function search_words(query text) returns text[]
language plpgsql stable parallel safe as $$
begin
  return array(
    select lower(t.token)
    from ts_parse('default', query) with ordinality t(tokid, token, ord)
    where t.tokid not in (5, 12, 13, 14, 15, 16, 17, 23)
    order by t.ord);
end $$;
