/**
 * In-app reports (issue 27 item 6; docs/decisions/0162-in-app-reports.md): a member reports another
 * member of the same community; moderators and admins work the queue and resolve each report with
 * dismiss, hide (the member's profile off) or block (the member rejected), audited, in one
 * transaction that also tells every reporter concerned, in the app, that their report was reviewed.
 */
import { recordAudit } from "../audit/index.ts";
import { isOperator, participantOf, requireMember, requireModerator } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { accessDenied, conflict, notFound, validation } from "../lib/errors.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { iso, isoOrNull, requireMemberCard } from "../members/index.ts";
import { notify } from "../notifications/index.ts";
import { announceParticipantUpdated } from "../participant/updated.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { setModeration } from "./queries.ts";
import { findOpenReport, findReport, hideProfile, insertReport, listReports, type ReportListRow, type ReportRow, resolveReports } from "./report-queries.ts";
import type { CreateReport, MemberReport, MemberReportPage, MyReport, ReportQuery, ResolveReport } from "./report-schemas.ts";

function toMyReport(r: ReportRow): MyReport {
  // A resolved report reads as reviewed: the reporter never learns what was done.
  return { id: r.id, reportedId: r.reportedId, reason: r.reason, note: r.note, status: r.status, createdAt: iso(r.createdAt) };
}

function toMemberReport(r: ReportListRow): MemberReport {
  return {
    id: r.id,
    reason: r.reason,
    note: r.note,
    status: r.status,
    action: r.action,
    createdAt: iso(r.createdAt),
    resolvedAt: isoOrNull(r.resolvedAt),
    resolvedBy: r.resolvedBy,
    reporter: { id: r.reporterId, firstName: r.reporterFirstName, lastName: r.reporterLastName, email: r.reporterEmail, slug: r.reporterSlug },
    reported: {
      id: r.reportedId,
      firstName: r.reportedFirstName,
      lastName: r.reportedLastName,
      email: r.reportedEmail,
      slug: r.reportedSlug,
      moderationStatus: r.reportedModerationStatus,
      profileEnabled: r.reportedProfileEnabled,
      openReports: r.reportedOpenReports,
    },
  };
}

/**
 * POST /reports: one open report per reporter and reported member; a second one answers the open
 * report unchanged (created: false), so a double click or a retry is harmless.
 */
export async function createReport(ctx: Ctx, body: CreateReport): Promise<{ report: MyReport; created: boolean }> {
  const { participant: me } = await requireMember(ctx);
  if (body.reportedId === me.id) throw validation("Invalid input: reportedId: you cannot report yourself", { reportedId: "Choose another member" });
  const reported = await requireMemberCard(ctx, body.reportedId);
  const existing = await findOpenReport(ctx.db, ctx.tenant.id, me.id, reported.id);
  if (existing) return { report: toMyReport(existing), created: false };
  const row = await insertReport(ctx.db, { communityId: ctx.tenant.id, reporterId: me.id, reportedId: reported.id, reason: body.reason, note: body.note || null });
  if (row) return { report: toMyReport(row), created: true };
  // Another request made it between the two statements.
  const raced = await findOpenReport(ctx.db, ctx.tenant.id, me.id, reported.id);
  if (!raced) throw conflict("The report could not be saved; try again");
  return { report: toMyReport(raced), created: false };
}

/** GET /report-moderation: the community's reports, newest first, for moderators and admins. */
export async function listMemberReports(ctx: Ctx, query: ReportQuery): Promise<MemberReportPage> {
  await requireModerator(ctx);
  const { rows, total } = await listReports(ctx.db, ctx.tenant.id, query.status, { limit: query.size, offset: query.page * query.size });
  return { items: rows.map(toMemberReport), page: query.page, size: query.size, total, hasMore: (query.page + 1) * query.size < total };
}

/** GET /report-moderation/{id} */
export async function getMemberReport(ctx: Ctx, id: string): Promise<MemberReport> {
  await requireModerator(ctx);
  const row = await findReport(ctx.db, ctx.tenant.id, id);
  if (!row) throw notFound("Report not found");
  return toMemberReport(row);
}

/**
 * POST /report-moderation/{id}/resolve. HIDE and BLOCK deal with the member once, so they resolve
 * every open report about them; DISMISS only this one. Resolving again with the same action answers
 * the report unchanged; with another action it is a 409 (the first decision stands).
 */
export async function resolveMemberReport(ctx: Ctx, id: string, input: ResolveReport): Promise<MemberReport> {
  await requireModerator(ctx);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = await findReport(tx, ctx.tenant.id, id, { forUpdate: true });
    if (!row) throw notFound("Report not found");
    if (row.status === "RESOLVED") {
      if (row.action === input.action) return toMemberReport(row);
      throw conflict("This report has already been resolved");
    }
    const me = await participantOf(ctx);
    if (input.action !== "DISMISS") {
      if (me?.id === row.reportedId) throw validation("Invalid input: action: you cannot act on your own profile", { action: "Your own profile" });
      // As in moderation: moderators act on members; the community's staff is handled by its admins.
      if (row.reportedRole !== "member" && !isOperator(ctx) && ctx.actor.kind === "user" && me?.role !== "admin") {
        throw accessDenied("Only the community's admins can hide or block its moderators and admins");
      }
    }
    const before = { profileEnabled: row.reportedProfileEnabled, moderationStatus: row.reportedModerationStatus };
    if (input.action === "HIDE" && row.reportedProfileEnabled) await hideProfile(tx, ctx.tenant.id, row.reportedId);
    if (input.action === "BLOCK" && row.reportedModerationStatus !== "rejected") {
      await setModeration(tx, ctx.tenant.id, row.reportedId, "rejected", null);
      await emitWebhook(
        txCtx,
        "member.rejected",
        { participantId: row.reportedId, userId: row.reportedUserId, firstName: row.reportedFirstName, lastName: row.reportedLastName, status: "rejected" },
        row.reportedId,
      );
    }
    if (input.action !== "DISMISS") {
      await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
      await announceParticipantUpdated(ctx, tx, { id: row.reportedId, userId: row.reportedUserId });
    }
    const resolved = await resolveReports(tx, ctx.tenant.id, { id, reportedId: row.reportedId, action: input.action, resolvedBy: me?.id ?? null });
    const updated = await findReport(tx, ctx.tenant.id, id);
    if (!updated) throw notFound("Report not found");
    await recordAudit(txCtx, {
      action: "member_report.resolve",
      target: { type: "member_report", id },
      before: { status: "OPEN", reportedId: row.reportedId, ...before },
      after: {
        status: "RESOLVED",
        action: input.action,
        reportedId: row.reportedId,
        profileEnabled: updated.reportedProfileEnabled,
        moderationStatus: updated.reportedModerationStatus,
        resolvedReportIds: resolved.map((r) => r.id),
      },
    });
    for (const r of resolved) {
      await notify(tx, ctx.deps.bus, { communityId: ctx.tenant.id, participantId: r.reporterId, type: "REPORT_REVIEWED", data: { reportId: r.id }, dedupeKey: `report:${r.id}:reviewed` });
    }
    return toMemberReport(updated);
  });
}
