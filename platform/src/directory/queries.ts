import type { PendingQuery, Row } from "postgres";
import type { Db } from "../db/client.ts";
import type { ContactType } from "../tenancy/schema.ts";
import type { ModerationStatus } from "../participant/queries.ts";
import type { Contacts, LookingFor, Privacy } from "../participant/schemas.ts";
import { TOTAL_CAP } from "./schemas.ts";

type Fragment = PendingQuery<Row[]>;

/** A parsed search: `tsquery` for to_tsquery('simple', …), `name` for trigram similarity on full_name. */
export type SearchTerms = { tsquery: string; name: string | null };

export type DirectoryFilter = {
  communityId: string;
  search: SearchTerms | null;
  tag?: string | undefined;
  city?: string | undefined;
  lookingFor?: LookingFor | undefined;
  /** Leaves this participant out (e.g. the viewer in a picker). */
  excludeId?: string | undefined;
};

/**
 * Several words need more similarity than the connection-wide 0.5 (NAME_SIMILARITY_THRESHOLD in
 * db/client.ts), or a shared first name plus a common ending ("Ольга …ова") would match half the
 * community.
 */
const MULTI_WORD_NAME_SIMILARITY = 0.7;

/**
 * A search ranks at most this many word matches (or NAME_CANDIDATES fuzzy name matches): a broad
 * word ("marketing" in a 100k community) then costs a bounded read, not a rank of every member.
 * The count is capped at the same number, so the client is told when it sees a sample.
 */
export const SEARCH_CANDIDATES = TOTAL_CAP;
const NAME_CANDIDATES = 200;

const CARD_COLUMNS = `p.id, p.community_id as "communityId", p.user_id, p.slug, p.first_name as "firstName",
  p.last_name as "lastName", p.company, p.position, p.avatar, p.tags, p.city, p.share_location as "shareLocation",
  p.looking_for as "lookingFor", p.contacts, p.phone, p.privacy, p.hidden_contacts as "hiddenContacts",
  p.moderation_status as "moderationStatus", p.profile_completed_at, p.created_at`;

/** Members the directory may list, by the participant row alone (an index predicate of participants_directory_order). */
function listedRow(db: Db, communityId: string): Fragment {
  return db`p.community_id = ${communityId} and p.moderation_status = 'confirmed' and p.profile_enabled`;
}

/** ... and whose account still exists (a deleted account takes its participants with it; this guards the gap). */
function accountLive(db: Db, alias: string): Fragment {
  return db`exists (select 1 from users u where u.id = ${db(alias)}.user_id and u.deleted_at is null)`;
}

/** Who the directory lists: confirmed members with an enabled profile whose account still exists. */
function listed(db: Db, communityId: string): Fragment {
  return db`${listedRow(db, communityId)} and ${accountLive(db, "p")}`;
}

function filters(db: Db, f: DirectoryFilter): Fragment {
  return db`
    ${f.tag ? db`and p.tags @> array[${f.tag}::text]` : db``}
    ${f.city ? db`and p.share_location and p.city is not null and lower(btrim(p.city)) = lower(${f.city})` : db``}
    ${f.lookingFor ? db`and p.looking_for @> array[${f.lookingFor}::text]` : db``}
    ${f.excludeId ? db`and p.id <> ${f.excludeId}` : db``}`;
}

/** The default order, served by participants_directory_order: complete profiles first, then newest. */
function defaultOrder(db: Db, alias = "p"): Fragment {
  return db`(${db(alias)}.profile_completed_at is null), ${db(alias)}.created_at desc, ${db(alias)}.id desc`;
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

export type CardRow = {
  id: string;
  communityId: string;
  slug: string;
  firstName: string;
  lastName: string;
  company: string | null;
  position: string | null;
  avatar: Record<string, unknown> | null;
  tags: string[];
  city: string | null;
  shareLocation: boolean;
  lookingFor: LookingFor[];
  contacts: Contacts;
  phone: string | null;
  privacy: Privacy;
  hiddenContacts: ContactType[];
  moderationStatus: ModerationStatus;
};

type Page = { limit: number; offset: number };

/**
 * Word matches (GIN on search_document), capped; only when there are none, fuzzy name matches
 * (GIN trigrams on full_name: "Grace Hoper"), so a typo still finds someone but never buries
 * exact hits under look-alikes. The account check runs after the sort, on the page's rows only;
 * the window count sees the candidates.
 */
function searchQuery(db: Db, f: DirectoryFilter, s: SearchTerms, page: Page): Fragment {
  const tsq = db`to_tsquery('simple', ${s.tsquery})`;
  // Candidates carry only what ranking needs; the cards are read for the page's rows alone.
  const rankInputs = db`p.id, p.search_document, p.full_name, p.profile_completed_at, p.created_at, p.user_id`;
  const names = s.name
    ? db`union all
      (select ${rankInputs} from participants p
       where ${listedRow(db, f.communityId)} and ${s.name} <% p.full_name ${filters(db, f)}
         ${s.name.includes(" ") ? db`and word_similarity(${s.name}, p.full_name) >= ${MULTI_WORD_NAME_SIMILARITY}` : db``}
         and not exists (select 1 from words)
       limit ${NAME_CANDIDATES})`
    : db``;
  const rank = s.name ? db`ts_rank(m.search_document, ${tsq}) + word_similarity(${s.name}, m.full_name)` : db`ts_rank(m.search_document, ${tsq})`;
  return db`
    with words as materialized (
      select ${rankInputs} from participants p
      where ${listedRow(db, f.communityId)} and p.search_document @@ ${tsq} ${filters(db, f)}
      limit ${SEARCH_CANDIDATES + 1}),
    ranked as (
      select m.id, m.user_id, ${rank} as score, m.profile_completed_at, m.created_at, count(*) over () as n
      from (select * from words ${names}) m
      order by score desc, ${defaultOrder(db, "m")}
      limit ${page.limit} offset ${page.offset})
    select ${db.unsafe(CARD_COLUMNS)}, r.n::int as "candidates"
    from ranked r join participants p on p.community_id = ${f.communityId} and p.id = r.id
    where ${accountLive(db, "r")}
    order by r.score desc, ${defaultOrder(db, "r")}`;
}

function listQuery(db: Db, f: DirectoryFilter, page: Page): Fragment {
  return db`
    select ${db.unsafe(CARD_COLUMNS)}, (${listCount(db, f)}) as "candidates" from participants p
    where ${listed(db, f.communityId)} ${filters(db, f)}
    order by ${defaultOrder(db)}
    limit ${page.limit} offset ${page.offset}`;
}

/** The capped count of an unsearched list (an uncorrelated subquery: computed once per statement). */
function listCount(db: Db, f: DirectoryFilter): Fragment {
  return db`
    select count(*)::int from (select 1 from participants p where ${listedRow(db, f.communityId)} ${filters(db, f)}
    limit ${SEARCH_CANDIDATES + 1}) c`;
}

/**
 * One page of directory cards (ask for `size + 1` to learn whether more follow) and the capped
 * total, in one round trip; past the last page the total needs a query of its own.
 */
export async function listDirectoryCards(db: Db, f: DirectoryFilter, page: Page): Promise<{ rows: CardRow[]; total: number }> {
  if (f.search) {
    const rows = await db<(CardRow & { candidates: number })[]>`${searchQuery(db, f, f.search, page)}`;
    const total = rows[0]?.candidates ?? (page.offset > 0 ? await countSearch(db, f, f.search) : 0);
    return { rows, total };
  }
  const rows = await db<(CardRow & { candidates: number })[]>`${listQuery(db, f, page)}`;
  if (rows[0]) return { rows, total: rows[0].candidates };
  const [count] = await db<{ n: number }[]>`select (${listCount(db, f)}) as n`;
  return { rows, total: count?.n ?? 0 };
}

async function countSearch(db: Db, f: DirectoryFilter, s: SearchTerms): Promise<number> {
  const [row] = await db<{ candidates: number }[]>`
    select count(*)::int as candidates from (${searchQuery(db, f, s, { limit: SEARCH_CANDIDATES + NAME_CANDIDATES + 1, offset: 0 })}) c`;
  return row?.candidates ?? 0;
}

/**
 * The plan of the directory query, for the benchmark and the tests.
 */
export async function explainDirectorySearch(db: Db, f: DirectoryFilter, page: Page, opts: { analyze?: boolean } = {}): Promise<string> {
  const query = f.search ? searchQuery(db, f, f.search, page) : listQuery(db, f, page);
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
