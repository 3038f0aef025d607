/** SQL of in-app reports (member_reports, migration 061). */
import type { Db } from "../db/client.ts";
import type { ReportAction, ReportReason, ReportStatus } from "./report-schemas.ts";

export type ReportRow = {
  id: string;
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  note: string | null;
  status: ReportStatus;
  action: ReportAction | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
};

export type ReportListRow = ReportRow & {
  reporterFirstName: string;
  reporterLastName: string;
  reporterEmail: string | null;
  reporterSlug: string;
  reportedFirstName: string;
  reportedLastName: string;
  reportedEmail: string | null;
  reportedSlug: string;
  reportedUserId: string;
  reportedRole: "member" | "moderator" | "admin";
  reportedModerationStatus: "pending" | "confirmed" | "rejected";
  reportedProfileEnabled: boolean;
  reportedOpenReports: number;
};

const COLUMNS = `r.id, r.reporter_id as "reporterId", r.reported_id as "reportedId", r.reason, r.note, r.status, r.action,
  r.resolved_by as "resolvedBy", r.resolved_at as "resolvedAt", r.created_at as "createdAt"`;

const LIST_COLUMNS = `${COLUMNS},
  a.first_name as "reporterFirstName", a.last_name as "reporterLastName", ua.email::text as "reporterEmail", a.slug as "reporterSlug",
  b.first_name as "reportedFirstName", b.last_name as "reportedLastName", ub.email::text as "reportedEmail", b.slug as "reportedSlug", b.user_id as "reportedUserId",
  b.role as "reportedRole", b.moderation_status as "reportedModerationStatus", b.profile_enabled as "reportedProfileEnabled",
  (select count(*)::int from member_reports o where o.community_id = r.community_id and o.reported_id = r.reported_id and o.status = 'OPEN') as "reportedOpenReports"`;

const LIST_FROM = `member_reports r
  join participants a on a.community_id = r.community_id and a.id = r.reporter_id join users ua on ua.id = a.user_id
  join participants b on b.community_id = r.community_id and b.id = r.reported_id join users ub on ub.id = b.user_id`;

export async function findOpenReport(db: Db, communityId: string, reporterId: string, reportedId: string): Promise<ReportRow | undefined> {
  const [row] = await db<ReportRow[]>`
    select ${db.unsafe(COLUMNS)} from member_reports r
    where r.community_id = ${communityId} and r.reporter_id = ${reporterId} and r.reported_id = ${reportedId} and r.status = 'OPEN'`;
  return row;
}

/** A new open report, or undefined when the pair already has one (a concurrent second call). */
export async function insertReport(
  db: Db,
  r: { communityId: string; reporterId: string; reportedId: string; reason: ReportReason; note: string | null },
): Promise<ReportRow | undefined> {
  const [row] = await db<ReportRow[]>`
    insert into member_reports as r (community_id, reporter_id, reported_id, reason, note)
    values (${r.communityId}, ${r.reporterId}, ${r.reportedId}, ${r.reason}, ${r.note})
    on conflict (community_id, reporter_id, reported_id) where status = 'OPEN' do nothing
    returning ${db.unsafe(COLUMNS)}`;
  return row;
}

export async function listReports(db: Db, communityId: string, status: ReportStatus | undefined, page: { limit: number; offset: number }): Promise<{ rows: ReportListRow[]; total: number }> {
  const where = () => db`r.community_id = ${communityId} ${status ? db`and r.status = ${status}` : db``}`;
  const rows = await db<ReportListRow[]>`
    select ${db.unsafe(LIST_COLUMNS)} from ${db.unsafe(LIST_FROM)}
    where ${where()}
    order by r.created_at desc, r.id desc
    limit ${page.limit} offset ${page.offset}`;
  const [c] = await db<{ n: number }[]>`select count(*)::int as n from member_reports r where ${where()}`;
  return { rows, total: c?.n ?? 0 };
}

export async function findReport(db: Db, communityId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReportListRow | undefined> {
  const [row] = await db<ReportListRow[]>`
    select ${db.unsafe(LIST_COLUMNS)} from ${db.unsafe(LIST_FROM)}
    where r.community_id = ${communityId} and r.id = ${id}
    ${opts.forUpdate ? db`for update of r` : db``}`;
  return row;
}

/**
 * Resolves the report `id` and, for HIDE and BLOCK, every other open report about the same member
 * (the member is dealt with once). Answers the resolved reports' ids and reporters.
 */
export async function resolveReports(
  db: Db,
  communityId: string,
  r: { id: string; reportedId: string; action: ReportAction; resolvedBy: string | null },
): Promise<{ id: string; reporterId: string }[]> {
  return db<{ id: string; reporterId: string }[]>`
    update member_reports set status = 'RESOLVED', action = ${r.action}, resolved_by = ${r.resolvedBy}, resolved_at = now()
    where community_id = ${communityId} and status = 'OPEN'
      and ${r.action === "DISMISS" ? db`id = ${r.id}` : db`reported_id = ${r.reportedId}`}
    returning id, reporter_id as "reporterId"`;
}

/** HIDE: the member's profile off (the admin's profile toggle: out of the directory and recommendations). */
export async function hideProfile(db: Db, communityId: string, participantId: string): Promise<void> {
  await db`update participants set profile_enabled = false, updated_at = now() where community_id = ${communityId} and id = ${participantId}`;
}
