import type { PendingQuery, Row } from "postgres";
import type { Db } from "../db/client.ts";
import { CARD_COLUMNS, type CardRow } from "../participant/queries.ts";
import type { LookingFor } from "../participant/schemas.ts";
import { TOTAL_CAP } from "./schemas.ts";

type Fragment = PendingQuery<Row[]>;

/**
 * A search's words as the documents' parser split and folded them (search_words, migrations 008
 * and 009): `tsquery` asks for all of them, the last as a prefix (search-as-you-type); `exactName`
 * for every one whole in the name (weight A), for ranking. Both are tsquery literals of quoted
 * lexemes: nothing a member types reaches the tsquery syntax.
 */
export type SearchTerms = { tsquery: string; exactName: string; words: string[] };

export type DirectoryFilter = {
  communityId: string;
  /** The text typed in the search box; without a word in it the list is unsearched. */
  search: string | null;
  tag?: string | undefined;
  city?: string | undefined;
  lookingFor?: LookingFor | undefined;
  /** Leaves this participant out (e.g. the viewer in a picker). */
  excludeId?: string | undefined;
};

/**
 * A search ranks at most this many matches: a broad word ("marketing" in a 100k community) then
 * costs a bounded read, not a rank of every member. The count is capped at the same number, so the
 * client is told when it sees a sample.
 */
export const SEARCH_CANDIDATES = TOTAL_CAP;

/** A last word with more completions than this in the community is matched as a prefix instead. */
const MAX_COMPLETIONS = 4;
/** A search uses its first this many words. */
const MAX_SEARCH_WORDS = 8;

/** Typo correction: query words this long or longer, up to this many dictionary words each. */
const MIN_CORRECTED_WORD = 4;
const CORRECTIONS_PER_WORD = 3;
/** pg_trgm similarity() a dictionary word needs to stand in for a typed one ("lovelcae" ~ "lovelace" is 0.38). */
const CORRECTION_SIMILARITY = 0.3;


/**
 * Who the directory lists: confirmed members with an enabled profile (an index predicate of
 * participants_directory_order). Participants of deleted accounts do not exist: the deletion
 * removes them and a trigger refuses new ones (migration 006).
 */
function listed(db: Db, communityId: string): Fragment {
  return db`p.community_id = ${communityId} and p.moderation_status = 'confirmed' and p.profile_enabled`;
}

/**
 * The listed members of `f`'s community with its filters, as rows `d` of directory_entries: the
 * narrow projection of exactly the listed members that searches and the member list read
 * (migration 007), kept by a trigger in the transaction that changes the participant.
 */
function entries(db: Db, f: DirectoryFilter): Fragment {
  return db`d.community_id = ${f.communityId}
    ${f.tag ? db`and d.tags @> array[${f.tag}::text]` : db``}
    ${f.city ? db`and d.city_key = lower(btrim(${f.city}))` : db``}
    ${f.lookingFor ? db`and d.looking_for @> array[${f.lookingFor}::text]` : db``}
    ${f.excludeId ? db`and d.participant_id <> ${f.excludeId}` : db``}`;
}

/** The default order, served by participants_directory_order: complete profiles first, then newest. */
function defaultOrder(db: Db): Fragment {
  return db`(p.profile_completed_at is null), p.created_at desc, p.id desc`;
}

/** The same order over ranked or listed keys `m` (incomplete, created_at, id), best first. */
function keyOrder(db: Db, ranked: boolean): Fragment {
  return ranked ? db`m.score desc, m.incomplete, m.created_at desc, m.id desc` : db`m.incomplete, m.created_at desc, m.id desc`;
}

/**
 * For plan inspection (tests, benchmark): runs `fn` in a transaction where sequential scans are
 * priced out, to show that an index can serve each query. Requests never use it: for a broad word
 * in a one-tenant table a capped sequential read is the planner's honest choice.
 */
export async function withSequentialScansPricedOut<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return (await db.begin(async (tx) => {
    await tx`select set_config('enable_seqscan', 'off', true)`;
    return fn(tx as unknown as Db);
  })) as T;
}


type Page = { limit: number; offset: number };
type CountedRow = CardRow & { candidates: number };

/**
 * What a search matches: `tsq`, a tsquery expression, with the common table expressions it reads.
 * The exact match is a constant the planner sees (a broad word is read sequentially up to the cap,
 * a rare one through the index); the corrected one is computed by the statement itself.
 */
type Match = { with: Fragment; tsq: Fragment };

function exactMatch(db: Db, tsquery: string): Match {
  return { with: db``, tsq: db`${tsquery}::tsquery` };
}

/** The tsquery literals of `words` (search_words' lexemes). */
function searchTerms(words: string[]): SearchTerms {
  const operands = words.map(tsqueryOperand);
  return {
    tsquery: operands.map((w, i) => (i === operands.length - 1 ? `${w}:*` : w)).join(" & "),
    exactName: operands.map((w) => `${w}:A`).join(" & "),
    words,
  };
}

type ParsedSearch = { terms: SearchTerms; completions: string[] | null };

/**
 * `text` split into words by PostgreSQL's parser and folded (accents, ё, case) as the documents
 * were (search_words, migrations 008 and 009), with the community's words that the last one begins
 * (directory_words): null when there are more than MAX_COMPLETIONS, since GIN looks exact words up
 * about ten times faster than it gathers a prefix, but an OR of many words misleads the planner's
 * estimate and costs every row it checks. Null when the text holds no word. One round trip, on
 * `db`: its plan does not depend on the values.
 */
async function parseSearchText(db: Db, communityId: string, text: string): Promise<ParsedSearch | null> {
  const [row] = await db<{ words: string[]; completions: string[] }[]>`
    select w.words, array(
        select d.word from directory_words d
        where d.community_id = ${communityId} and d.word >= w.last and d.word < w.last || chr(1114111)
        order by d.word
        limit ${MAX_COMPLETIONS + 1}) as completions
    from (select s.words, s.words[cardinality(s.words)] as last
          from (select (search_words(${text}))[1:${MAX_SEARCH_WORDS}] as words) s) w`;
  if (!row || row.words.length === 0) return null;
  return { terms: searchTerms(row.words), completions: row.completions.length > MAX_COMPLETIONS ? null : row.completions };
}

/**
 * The search with its last word (typed as a prefix) replaced by its completions, or left a prefix
 * when `completions` is null. No completion at all: nobody can match (null), exactly as the prefix
 * would have found (directory_words holds every lexeme of every listed member, written in the same
 * transaction).
 */
function completedMatch(db: Db, s: SearchTerms, completions: string[] | null): Match | null {
  if (completions === null) return exactMatch(db, s.tsquery);
  if (completions.length === 0) return null;
  const alternatives = completions.map(tsqueryOperand).join(" | ");
  const head = s.words.slice(0, -1).map(tsqueryOperand);
  return exactMatch(db, head.length > 0 ? `${head.join(" & ")} & (${alternatives})` : alternatives);
}

/** A word as a literal tsquery operand (the SQL function tsquery_operand, migration 006). */
function tsqueryOperand(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * The typed words, each widened to the member-name words it may have meant (trigram similarity on
 * participant_name_words: "hoper" → hopper, "макраова" → макарова). Every word must still match,
 * exactly or as a correction; the last one also as a prefix. No correction at all: no match.
 */
function correctedMatch(db: Db, communityId: string, words: string[]): Match {
  return {
    with: db`
      with typed as materialized (
        select t.w, t.i, t.i = ${words.length} as last,
          array(
            select d.word from participant_name_words d
            where length(t.w) >= ${MIN_CORRECTED_WORD} and d.community_id = ${communityId}
              and d.word % t.w and similarity(d.word, t.w) >= ${CORRECTION_SIMILARITY} and d.word <> t.w
            order by similarity(d.word, t.w) desc, d.members desc, d.word
            limit ${CORRECTIONS_PER_WORD}) as corrections
        from unnest(${words}::text[]) with ordinality t(w, i)),
      corrected as (
        select string_agg(
          '(' || tsquery_operand(t.w) || case when t.last then ':*' else '' end
              || coalesce((select string_agg(' | ' || tsquery_operand(c), '') from unnest(t.corrections) c), '') || ')',
          ' & ' order by t.i)::tsquery as q
        from typed t
        having bool_or(cardinality(t.corrections) > 0))`,
    tsq: db`(select q from corrected)`,
  };
}

/** The listed members a search matches, filters applied. */
function matching(db: Db, f: DirectoryFilter, match: Match): Fragment {
  return db`${entries(db, f)} and d.search_document @@ ${match.tsq}`;
}

/**
 * Up to SEARCH_CANDIDATES matches (GIN on directory_entries.search_document), ranked by text rank
 * plus one for members whose name holds every typed word whole ("smith" puts Smith before
 * Smithson): one page of them with the candidates' count. A tsvector match per candidate, where the
 * trigram word similarity it replaces cost a fifth of the search. Candidates are found and ranked in
 * the narrow directory_entries; only the page's rows are read whole from participants (by primary
 * key). Planned in a fraction of a millisecond, which matters because it is planned for its values
 * every time (plan_cache_mode, db/client.ts).
 */
function searchQuery(db: Db, f: DirectoryFilter, match: Match, exactName: string, page: Page): Fragment {
  const rank = db`ts_rank(d.search_document, ${match.tsq}) + (d.search_document @@ ${exactName}::tsquery)::int`;
  return db`
    ${match.with}
    select ${db.unsafe(CARD_COLUMNS)}, m.candidates as "candidates" from (
      select m.*, count(*) over ()::int as candidates from (
        select d.community_id, d.participant_id as id, ${rank} as score, d.incomplete, d.created_at
        from directory_entries d
        where ${matching(db, f, match)}
        limit ${SEARCH_CANDIDATES + 1}) m
      order by ${keyOrder(db, true)}
      limit ${page.limit} offset ${page.offset}) m
    join participants p on p.community_id = m.community_id and p.id = m.id
    order by ${keyOrder(db, true)}`;
}

/** One page of the unsearched list in the default order, with the capped count. */
function listQuery(db: Db, f: DirectoryFilter, page: Page): Fragment {
  return db`
    select ${db.unsafe(CARD_COLUMNS)}, (${listCount(db, f)}) as "candidates" from (
      select d.community_id, d.participant_id as id, d.incomplete, d.created_at from directory_entries d
      where ${entries(db, f)}
      order by d.incomplete, d.created_at desc, d.participant_id desc
      limit ${page.limit} offset ${page.offset}) m
    join participants p on p.community_id = m.community_id and p.id = m.id
    order by ${keyOrder(db, false)}`;
}

/** The capped count of an unsearched list (an uncorrelated subquery: computed once per statement). */
function listCount(db: Db, f: DirectoryFilter): Fragment {
  return db`select count(*)::int from (select 1 from directory_entries d where ${entries(db, f)} limit ${SEARCH_CANDIDATES + 1}) c`;
}

async function searchPage(db: Db, f: DirectoryFilter, match: Match, exactName: string, page: Page): Promise<{ rows: CardRow[]; total: number }> {
  const rows = await db<CountedRow[]>`${searchQuery(db, f, match, exactName, page)}`;
  if (rows[0] || page.offset === 0) return { rows, total: rows[0]?.candidates ?? 0 };
  // Past the last page the window count has no row to ride on.
  const [row] = await db<{ n: number }[]>`
    ${match.with}
    select count(*)::int as n from (select 1 from directory_entries d where ${matching(db, f, match)} limit ${SEARCH_CANDIDATES + 1}) c`;
  return { rows, total: row?.n ?? 0 };
}

/**
 * One page of directory cards (ask for `size + 1` to learn whether more follow) and the capped
 * total. A search that matches nothing is retried once with its words corrected toward member
 * names, so a typo still finds someone but never buries exact hits under look-alikes. `searchDb`
 * runs the statements whose plan depends on the values (createDb customPlans); `db` the rest.
 */
export async function listDirectoryCards(db: Db, searchDb: Db, f: DirectoryFilter, page: Page): Promise<{ rows: CardRow[]; total: number }> {
  const parsed = f.search ? await parseSearchText(db, f.communityId, f.search) : null;
  if (parsed) {
    const s = parsed.terms;
    const match = completedMatch(searchDb, s, parsed.completions);
    const exact = match ? await searchPage(searchDb, f, match, s.exactName, page) : { rows: [], total: 0 };
    if (exact.total > 0 || !s.words.some((w) => w.length >= MIN_CORRECTED_WORD)) return exact;
    // The corrected words are computed inside the statement, so no plan can depend on them: it may
    // as well be reused (planning that statement cost more than running it).
    return searchPage(db, f, correctedMatch(db, f.communityId, s.words), s.exactName, page);
  }
  const rows = await searchDb<CountedRow[]>`${listQuery(searchDb, f, page)}`;
  if (rows[0]) return { rows, total: rows[0].candidates };
  const [count] = await searchDb<{ n: number }[]>`select (${listCount(searchDb, f)}) as n`;
  return { rows, total: count?.n ?? 0 };
}

/**
 * The plan of the directory query (the exact-word search, or the list), for the benchmark and the tests.
 */
export async function explainDirectorySearch(db: Db, f: DirectoryFilter, page: Page, opts: { analyze?: boolean } = {}): Promise<string> {
  const parsed = f.search ? await parseSearchText(db, f.communityId, f.search) : null;
  const match = parsed ? (completedMatch(db, parsed.terms, parsed.completions) ?? exactMatch(db, parsed.terms.tsquery)) : null;
  const query = parsed && match ? searchQuery(db, f, match, parsed.terms.exactName, page) : listQuery(db, f, page);
  const rows = opts.analyze ? await db`explain (analyze, buffers) ${query}` : await db`explain ${query}`;
  return rows.map((r) => String(Object.values(r)[0])).join("\n");
}

export type PreviewRow = { id: string; firstName: string; avatar: Record<string, unknown> | null };

/** Members who did not choose PRIVATE, those with a photo first; each half walks the order index. */
export async function listPreview(db: Db, communityId: string, limit: number): Promise<PreviewRow[]> {
  const half = (withAvatar: boolean) => db`
    (select p.id, p.first_name, p.avatar, ${withAvatar ? db`true` : db`false`} as has_avatar,
            p.profile_completed_at is null as incomplete, p.created_at, p.id as tie
     from participants p
     where ${listed(db, communityId)} and p.privacy <> 'PRIVATE'
       and ${withAvatar ? db`p.avatar is not null` : db`p.avatar is null`}
     order by ${defaultOrder(db)}
     limit ${limit})`;
  return db<PreviewRow[]>`
    select id, first_name as "firstName", avatar
    from (${half(true)} union all ${half(false)}) x
    order by has_avatar desc, incomplete, created_at desc, tie desc
    limit ${limit}`;
}

export async function countListed(db: Db, communityId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`select count(*)::int as n from participants p where ${listed(db, communityId)}`;
  return row?.n ?? 0;
}

export async function topTags(db: Db, communityId: string, limit: number): Promise<{ tag: string; count: number }[]> {
  return db<{ tag: string; count: number }[]>`
    select t.tag, count(*)::int as count
    from participants p cross join lateral unnest(p.tags) as t(tag)
    where ${listed(db, communityId)}
    group by t.tag
    order by count desc, t.tag
    limit ${limit}`;
}

/** Shared cities grouped case-insensitively, shown in their most common spelling. */
export async function topCities(db: Db, communityId: string, limit: number): Promise<{ city: string; count: number }[]> {
  return db<{ city: string; count: number }[]>`
    select mode() within group (order by btrim(p.city)) as city, count(*)::int as count
    from participants p
    where ${listed(db, communityId)} and p.share_location and p.city is not null and btrim(p.city) <> ''
    group by lower(btrim(p.city))
    order by count desc, city
    limit ${limit}`;
}

export async function countLookingFor(db: Db, communityId: string): Promise<{ value: LookingFor; count: number }[]> {
  return db<{ value: LookingFor; count: number }[]>`
    select lf as value, count(*)::int as count
    from participants p cross join lateral unnest(p.looking_for) as lf
    where ${listed(db, communityId)}
    group by lf`;
}

export type LocationRow = {
  id: string;
  slug: string;
  firstName: string;
  lastName: string;
  city: string | null;
  latitude: number;
  longitude: number;
  avatar: Record<string, unknown> | null;
};

const LOCATION_COLUMNS = `p.id, p.slug, p.first_name as "firstName", p.last_name as "lastName", p.city, p.latitude,
  p.longitude, p.avatar`;

/** Members who share coordinates, for the map. */
export async function listLocations(db: Db, communityId: string, limit: number): Promise<LocationRow[]> {
  return db<LocationRow[]>`
    select ${db.unsafe(LOCATION_COLUMNS)}
    from participants p
    where ${listed(db, communityId)} and p.share_location and p.latitude is not null and p.longitude is not null
    order by ${defaultOrder(db)}
    limit ${limit}`;
}

export type NearbyRow = Omit<LocationRow, "latitude" | "longitude"> & {
  latitude: number | null;
  longitude: number | null;
  distanceKm: number | null;
};

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = 111.2;

/**
 * Sharing members within `radiusKm` of a point, nearest first, by the haversine formula. A
 * latitude band (one degree is ~111 km everywhere) lets the location index drop far rows before
 * the trigonometry runs; longitude is left to the formula since its degrees shrink to the poles.
 */
export async function listNearby(
  db: Db,
  communityId: string,
  origin: { id: string; latitude: number; longitude: number },
  radiusKm: number,
  limit: number,
): Promise<NearbyRow[]> {
  const band = radiusKm / KM_PER_DEGREE_LATITUDE;
  return db<NearbyRow[]>`
    select id, slug, "firstName", "lastName", city, latitude, longitude, avatar, "distanceKm" from (
      select ${db.unsafe(LOCATION_COLUMNS)},
        2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
          power(sin(radians(p.latitude - ${origin.latitude}::float8) / 2), 2)
          + cos(radians(${origin.latitude}::float8)) * cos(radians(p.latitude))
            * power(sin(radians(p.longitude - ${origin.longitude}::float8) / 2), 2)))) as "distanceKm",
        p.id as tie
      from participants p
      where ${listed(db, communityId)} and p.share_location and p.longitude is not null
        and p.latitude between ${origin.latitude - band}::float8 and ${origin.latitude + band}::float8
        and p.id <> ${origin.id}
    ) near
    where "distanceKm" <= ${radiusKm}::float8
    order by "distanceKm", tie
    limit ${limit}`;
}

/** Sharing members of a city (case-insensitive), when the origin has a city but no coordinates. */
export async function listSameCity(
  db: Db,
  communityId: string,
  origin: { id: string; city: string },
  limit: number,
): Promise<NearbyRow[]> {
  return db<NearbyRow[]>`
    select ${db.unsafe(LOCATION_COLUMNS)}, null::float8 as "distanceKm"
    from participants p
    where ${listed(db, communityId)} and p.share_location and p.city is not null
      and lower(btrim(p.city)) = lower(btrim(${origin.city})) and p.id <> ${origin.id}
    order by ${defaultOrder(db)}
    limit ${limit}`;
}

export type OriginRow = {
  id: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  shareLocation: boolean;
  isListed: boolean;
};

export async function findOrigin(db: Db, communityId: string, id: string): Promise<OriginRow | undefined> {
  const [row] = await db<OriginRow[]>`
    select p.id, p.city, p.latitude, p.longitude, p.share_location as "shareLocation",
           (${listed(db, communityId)}) as "isListed"
    from participants p
    where p.community_id = ${communityId} and p.id = ${id}`;
  return row;
}
