/** SQL of the moderation queue and the staff's member lists (console participants, admin list). */
import type { Db } from "../db/client.ts";
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
  p.moderated_at as "moderatedAt", p.profile_enabled as "profileEnabled", p.networking_enabled as "networkingEnabled",
  p.profile_completed_at is not null as "profileCompleted", p.language, p.invited_by as "invitedBy", p.created_at as "createdAt"`;

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** One page of the community's members (deleted accounts left out) and how many match in all. */
export async function listStaffMembers(
  db: Db,
  communityId: string,
  filter: MemberFilter,
  page: { limit: number; offset: number; sort: SortField; order: "ASC" | "DESC" },
): Promise<{ rows: StaffMemberRow[]; total: number }> {
  const q = filter.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const order = db.unsafe(`${SORT_FIELDS[page.sort]} ${page.order === "ASC" ? "asc" : "desc"} nulls last, p.id ${page.order === "ASC" ? "asc" : "desc"}`);
  const rows = await db<(StaffMemberRow & { total: string })[]>`
    select ${db.unsafe(COLUMNS)}, count(*) over () as total
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and u.deleted_at is null
      ${filter.status ? db`and p.moderation_status = ${filter.status}` : db``}
      ${filter.role ? db`and p.role = ${filter.role}` : db``}
      ${filter.ids ? db`and p.id = any(${filter.ids}::uuid[])` : db``}
      ${pattern ? db`and (p.full_name ilike ${pattern} or u.email::text ilike ${pattern} or p.company ilike ${pattern})` : db``}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
  if (rows.length === 0 && page.offset > 0) {
    // Past the end: the total still answers.
    const [c] = await db<{ n: string }[]>`
      select count(*) as n from participants p join users u on u.id = p.user_id
      where p.community_id = ${communityId} and u.deleted_at is null
        ${filter.status ? db`and p.moderation_status = ${filter.status}` : db``}
        ${filter.role ? db`and p.role = ${filter.role}` : db``}
        ${filter.ids ? db`and p.id = any(${filter.ids}::uuid[])` : db``}
        ${pattern ? db`and (p.full_name ilike ${pattern} or u.email::text ilike ${pattern} or p.company ilike ${pattern})` : db``}`;
    return { rows: [], total: Number(c?.n ?? 0) };
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
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
