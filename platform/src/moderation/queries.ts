/** SQL of the moderation queue and the staff's member lists (console participants, admin list). */
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/per-database.ts";
import type { ModerationStatus } from "../participant/queries.ts";

export type StaffMemberRow = {
  id: string;
  userId: string;
  email: string | null;
  slug: string;
  firstName: string;
  lastName: string;
  company: string | null;
  position: string | null;
  city: string | null;
  tags: string[];
  about: string | null;
  lookingFor: string[];
  lookingForText: string | null;
  canHelpWithText: string | null;
  role: "member" | "moderator" | "admin";
  moderationStatus: ModerationStatus;
  moderationReason: string | null;
  moderatedAt: Date | null;
  profileEnabled: boolean;
  networkingEnabled: boolean;
  accountEnabled: boolean;
  profileCompleted: boolean;
  language: string | null;
  invitedBy: string | null;
  createdAt: Date;
};

export const SORT_FIELDS = { createdAt: "p.created_at", fullName: "p.full_name", moderationStatus: "p.moderation_status", email: "u.email", role: "p.role" } as const;
export type SortField = keyof typeof SORT_FIELDS;

export type MemberFilter = {
  q?: string | undefined;
  status?: ModerationStatus | undefined;
  role?: "member" | "moderator" | "admin" | undefined;
  ids?: string[] | undefined;
};

const COLUMNS = `p.id, p.user_id as "userId", u.email::text as email, p.slug, p.first_name as "firstName", p.last_name as "lastName",
  p.company, p.position, p.city, p.tags, p.about, p.looking_for as "lookingFor", p.looking_for_text as "lookingForText",
  p.can_help_with_text as "canHelpWithText", p.role, p.moderation_status as "moderationStatus", p.moderation_reason as "moderationReason",
  p.moderated_at as "moderatedAt", p.profile_enabled as "profileEnabled", p.networking_enabled as "networkingEnabled", u.enabled as "accountEnabled",
  p.profile_completed_at is not null as "profileCompleted", p.language, p.invited_by as "invitedBy", p.created_at as "createdAt"`;

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Totals of full pages by community and filter, for a few seconds: counting 100k members costs
 * 15-20 ms of PostgreSQL, which react-admin would pay on every page it shows (issue 14). A total
 * may lag a change by up to TOTAL_TTL_MS; pages themselves are always read fresh. Kept per
 * database (pool), since a process that reaches several databases (the tests) has the same
 * community ids in each.
 */
const TOTAL_TTL_MS = 3_000;
const TOTALS_MAX = 1_000;
const totalsOf = perDatabase<{ total: number; until: number }>();

/**
 * One page of the community's members (deleted accounts left out) and how many match in all.
 *
 * The page and the total are two queries (issue 14: a list page under 50 ms p95 with 100k
 * members): the page walks an index in its order and stops at its rows, where `count(*) over ()`
 * made every call join, sort and count the whole community. A page shorter than asked is the end,
 * so its total needs no count; otherwise the count runs on participants alone (an index-only scan
 * of (community_id, user_id)) less the members whose account is deleted.
 */
export async function listStaffMembers(
  db: Db,
  communityId: string,
  filter: MemberFilter,
  page: { limit: number; offset: number; sort: SortField; order: "ASC" | "DESC" },
): Promise<{ rows: StaffMemberRow[]; total: number }> {
  const q = filter.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const dir = page.order === "ASC" ? "asc" : "desc";
  // Only e-mail can be null (a deleted account's). The other columns keep PostgreSQL's default null
  // order, the one their indexes have: "created_at desc nulls last" was a sort of the whole
  // community where the (community_id, created_at desc) index gives the page in order.
  const order = db.unsafe(`${SORT_FIELDS[page.sort]} ${dir}${page.sort === "email" ? " nulls last" : ""}, p.id ${dir}`);
  const onParticipant = () => db`
    ${filter.status ? db`and p.moderation_status = ${filter.status}` : db``}
    ${filter.role ? db`and p.role = ${filter.role}` : db``}
    ${filter.ids ? db`and p.id = any(${filter.ids}::uuid[])` : db``}`;
  const matches = () => db`${onParticipant()}
    ${pattern ? db`and (p.full_name ilike ${pattern} or u.email::text ilike ${pattern} or p.company ilike ${pattern})` : db``}`;
  const rows = await db<StaffMemberRow[]>`
    select ${db.unsafe(COLUMNS)}
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and u.deleted_at is null ${matches()}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
  if (rows.length > 0 && rows.length < page.limit) return { rows, total: page.offset + rows.length };
  if (rows.length === 0 && page.offset === 0) return { rows, total: 0 };
  // Past the end the total still answers; a full page needs the count, which is kept a few seconds.
  const key = JSON.stringify([communityId, filter.status ?? null, filter.role ?? null, filter.ids ?? null, pattern]);
  const totals = totalsOf(db);
  const cached = totals.get(key);
  if (cached && cached.until > Date.now()) return { rows, total: cached.total };
  const [c] = pattern
    ? await db<{ n: string }[]>`
        select count(*) as n from participants p join users u on u.id = p.user_id
        where p.community_id = ${communityId} and u.deleted_at is null ${matches()}`
    : await db<{ n: string }[]>`
        select (select count(*) from participants p where p.community_id = ${communityId} ${onParticipant()})
             - (select count(*) from participants p join users u on u.id = p.user_id
                where p.community_id = ${communityId} and u.deleted_at is not null ${onParticipant()}) as n`;
  const total = Number(c?.n ?? 0);
  if (totals.size >= TOTALS_MAX) totals.clear();
  totals.set(key, { total, until: Date.now() + TOTAL_TTL_MS });
  return { rows, total };
}

export async function findStaffMember(db: Db, communityId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<StaffMemberRow | undefined> {
  const [row] = await db<StaffMemberRow[]>`
    select ${db.unsafe(COLUMNS)} from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.id = ${id} and u.deleted_at is null
    ${opts.forUpdate ? db`for update of p` : db``}`;
  return row;
}

export async function setModeration(db: Db, communityId: string, id: string, status: ModerationStatus, reason: string | null): Promise<void> {
  await db`
    update participants set moderation_status = ${status}, moderation_reason = ${reason}, moderated_at = now(), updated_at = now()
    where community_id = ${communityId} and id = ${id}`;
}

/**
 * Every member matching the filter, newest first, in batches of `batch` (the CSV export): each
 * batch is its own query resuming after the last row's (created_at, id), so a slow download holds
 * no connection and no row is skipped or repeated however many there are. The cursor keeps
 * created_at as text, and sends it as text: a JS Date (postgres.js serialises a timestamptz
 * parameter through one) would drop its microseconds and skip the rest of the community.
 */
export async function* allStaffMembers(db: Db, communityId: string, filter: MemberFilter, batch = 1_000): AsyncGenerator<StaffMemberRow[]> {
  const q = filter.q?.trim();
  const pattern = q ? likePattern(q) : null;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows: (StaffMemberRow & { cursorAt: string })[] = await db<(StaffMemberRow & { cursorAt: string })[]>`
      select ${db.unsafe(COLUMNS)}, p.created_at::text as "cursorAt"
      from participants p join users u on u.id = p.user_id
      where p.community_id = ${communityId} and u.deleted_at is null
        ${filter.status ? db`and p.moderation_status = ${filter.status}` : db``}
        ${filter.role ? db`and p.role = ${filter.role}` : db``}
        ${filter.ids ? db`and p.id = any(${filter.ids}::uuid[])` : db``}
        ${pattern ? db`and (p.full_name ilike ${pattern} or u.email::text ilike ${pattern} or p.company ilike ${pattern})` : db``}
        ${after ? db`and (p.created_at, p.id) < (${after.at}::text::timestamptz, ${after.id}::uuid)` : db``}
      order by p.created_at desc, p.id desc
      limit ${batch}`;
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { at: last.cursorAt, id: last.id };
  }
}
