/**
 * Participant moderation (spec 4.4): the staff's queue and the confirm / reject decision, which
 * records an audit event and tells the member by e-mail in their language, in one transaction.
 */
import { recordAudit } from "../audit/index.ts";
import { isOperator, participantOf, requireModerator, requireThisCommunity } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { accessDenied, notFound, validation } from "../lib/errors.ts";
import { queueMail } from "../mail/service.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { langIn } from "../members/index.ts";
import { preferredLangOf } from "../participant/queries.ts";
import { announceParticipantUpdated } from "../participant/updated.ts";
import type { Lang } from "../tenancy/schema.ts";
import { findStaffMember, listStaffMembers, setModeration, type StaffMemberRow } from "./queries.ts";
import type { ModerationDecision, ModerationPage, ModerationQuery, StaffMember } from "./schemas.ts";

export function toStaffMember(r: StaffMemberRow): StaffMember {
  return {
    id: r.id,
    userId: r.userId,
    email: r.email,
    slug: r.slug,
    firstName: r.firstName,
    lastName: r.lastName,
    company: r.company,
    position: r.position,
    city: r.city,
    tags: r.tags,
    role: r.role,
    moderationStatus: r.moderationStatus,
    moderationReason: r.moderationReason,
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
    profileEnabled: r.profileEnabled,
    networkingEnabled: r.networkingEnabled,
    accountEnabled: r.accountEnabled,
    profileCompleted: r.profileCompleted,
    invitedBy: r.invitedBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /participant-moderation/community/{id}: the community's members, newest first, for moderators. */
export async function listModeration(ctx: Ctx, communityId: string, query: ModerationQuery): Promise<ModerationPage> {
  requireThisCommunity(ctx, communityId);
  await requireModerator(ctx);
  const { rows, total } = await listStaffMembers(
    ctx.db,
    ctx.tenant.id,
    { q: query.search, status: query.status },
    { limit: query.size, offset: query.page * query.size, sort: "createdAt", order: "DESC" },
  );
  return { items: rows.map(toStaffMember), page: query.page, size: query.size, total, hasMore: (query.page + 1) * query.size < total };
}

/** GET /participant-moderation/moderators: the community's moderators list (admins moderate too). */
export async function listModerators(ctx: Ctx) {
  await requireModerator(ctx);
  const staff = [
    ...(await listStaffMembers(ctx.db, ctx.tenant.id, { role: "admin" }, { limit: 500, offset: 0, sort: "fullName", order: "ASC" })).rows,
    ...(await listStaffMembers(ctx.db, ctx.tenant.id, { role: "moderator" }, { limit: 500, offset: 0, sort: "fullName", order: "ASC" })).rows,
  ];
  return staff.map((r) => ({ id: r.id, userId: r.userId, firstName: r.firstName, lastName: r.lastName, email: r.email, role: r.role }));
}

/** The mail to the member about the decision, in their language. */
function moderationMail(lang: Lang, title: string, confirmed: boolean, reason: string | null) {
  const t = textsFor(lang);
  if (confirmed) return { title: t("mail.moderation.confirmedTitle", { title }), paragraphs: [t("mail.moderation.confirmedBody", { title })], label: t("mail.moderation.action") };
  return {
    title: t("mail.moderation.rejectedTitle", { title }),
    paragraphs: [t("mail.moderation.rejectedBody", { title }), ...(reason ? [t("mail.moderation.rejectedReason", { reason })] : []), t("mail.moderation.rejectedAgain")],
    label: t("mail.moderation.action"),
  };
}

/**
 * PATCH /participant-moderation/{id}: sets the status (and the rejection reason), audited; a
 * confirmation or rejection is mailed to the member in their language. Deciding the same status
 * again changes nothing and sends nothing.
 */
export async function moderateParticipant(ctx: Ctx, id: string, input: ModerationDecision): Promise<StaffMember> {
  return (await decideModeration(ctx, id, input)).member;
}

/** moderateParticipant, telling whether anything changed (the console's bulk actions count it). */
export async function decideModeration(ctx: Ctx, id: string, input: ModerationDecision): Promise<{ member: StaffMember; changed: boolean }> {
  await requireModerator(ctx);
  const reason = input.moderationStatus === "rejected" && input.reason ? input.reason : null;
  if (input.reason && input.moderationStatus !== "rejected") throw validation("Invalid input: reason: only a rejection has a reason", { reason: "Only with rejected" });
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = await findStaffMember(tx, ctx.tenant.id, id, { forUpdate: true });
    if (!row) throw notFound("Participant not found");
    const me = await participantOf(ctx);
    if (me?.id === id) throw validation("Invalid input: id: you cannot moderate your own profile", { id: "Your own profile" });
    // Moderators moderate members; the community's staff is moderated by its admins.
    if (row.role !== "member" && !isOperator(ctx) && ctx.actor.kind === "user" && me?.role !== "admin") {
      throw accessDenied("Only the community's admins can moderate its moderators and admins");
    }
    const before = toStaffMember(row);
    if (row.moderationStatus === input.moderationStatus && row.moderationReason === reason) return { member: before, changed: false };
    await setModeration(tx, ctx.tenant.id, id, input.moderationStatus, reason);
    const updated = await findStaffMember(tx, ctx.tenant.id, id);
    if (!updated) throw notFound("Participant not found");
    const after = toStaffMember(updated);
    await recordAudit(txCtx, {
      action: "participant.moderate",
      target: { type: "participant", id },
      before: { moderationStatus: before.moderationStatus, moderationReason: before.moderationReason },
      after: { moderationStatus: after.moderationStatus, moderationReason: after.moderationReason },
    });
    if (input.moderationStatus !== "pending") {
      await emitWebhook(txCtx, input.moderationStatus === "confirmed" ? "member.approved" : "member.rejected", {
        participantId: id,
        userId: updated.userId,
        firstName: updated.firstName,
        lastName: updated.lastName,
        status: input.moderationStatus,
      }, id);
    }
    // The member's open app refreshes what it shows at once.
    await announceParticipantUpdated(ctx, tx, updated);
    if (updated.email && input.moderationStatus !== "pending") {
      const lang: Lang = langIn(ctx, await preferredLangOf(tx, ctx.tenant.id, id));
      const title = ctx.tenant.config.brandConfig.title;
      const t = moderationMail(lang, title, input.moderationStatus === "confirmed", reason);
      await queueMail(txCtx, {
        to: updated.email,
        template: "notice",
        lang,
        vars: { title: t.title, paragraphs: [...t.paragraphs], action: { label: t.label, link: `${ctx.tenant.url}/profile` } },
      });
    }
    return { member: after, changed: true };
  });
}
