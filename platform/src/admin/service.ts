/**
 * The community admin's tools (spec 6, 7 Admin): participant statistics and list, a note to one
 * member, the profile and networking toggles. Every write is audited in its transaction.
 */
import { recordAudit } from "../audit/index.ts";
import { requireCommunityAdmin } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { notFound } from "../lib/errors.ts";
import { queueMail } from "../mail/service.ts";
import { langIn } from "../members/index.ts";
import { findStaffMember, listStaffMembers, toStaffMember } from "../moderation/index.ts";
import { preferredLangOf } from "../participant/queries.ts";
import { announceParticipantUpdated } from "../participant/updated.ts";
import { participantStats, setParticipantFlag } from "./queries.ts";
import type { AdminParticipant, AdminParticipantsQuery, NotifyParticipant, ParticipantStats, Toggle } from "./schemas.ts";

/** GET /admin/stats/community/{id}/participants */
export async function getParticipantStats(ctx: Ctx, communityId: string): Promise<ParticipantStats> {
  await requireCommunityAdmin(ctx, communityId);
  const s = await participantStats(ctx.db, ctx.tenant.id);
  const n = (k: string) => s[k] ?? 0;
  return {
    total: n("total"),
    byStatus: { pending: n("pending"), confirmed: n("confirmed"), rejected: n("rejected") },
    byRole: { member: n("member"), moderator: n("moderator"), admin: n("admin") },
    profileCompleted: n("profileCompleted"),
    profileDisabled: n("profileDisabled"),
    networkingDisabled: n("networkingDisabled"),
    joinedLast7Days: n("joinedLast7Days"),
    joinedLast30Days: n("joinedLast30Days"),
  };
}

/** GET /admin/{id}/participants (page, search, profiles) */
export async function listAdminParticipants(ctx: Ctx, communityId: string, query: AdminParticipantsQuery) {
  await requireCommunityAdmin(ctx, communityId);
  const { rows, total } = await listStaffMembers(ctx.db, ctx.tenant.id, { q: query.search }, { limit: query.size, offset: query.page * query.size, sort: "createdAt", order: "DESC" });
  const items: AdminParticipant[] = rows.map((r) => ({
    ...toStaffMember(r),
    ...(query.profiles ? { profile: { about: r.about, lookingFor: r.lookingFor, lookingForText: r.lookingForText, canHelpWithText: r.canHelpWithText } } : {}),
  }));
  return { items, page: query.page, size: query.size, total, hasMore: (query.page + 1) * query.size < total };
}

/** POST /admin/participants/{id}/notify: the admin's message to one member by e-mail, in the community's branding. */
export async function notifyParticipant(ctx: Ctx, id: string, input: NotifyParticipant): Promise<{ mailId: string }> {
  await requireCommunityAdmin(ctx);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const member = await findStaffMember(tx, ctx.tenant.id, id);
    if (!member?.email) throw notFound("Participant not found");
    const lang = langIn(ctx, await preferredLangOf(tx, ctx.tenant.id, id));
    const paragraphs = input.message
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    const mailId = await queueMail(txCtx, { to: member.email, template: "notice", lang, vars: { title: input.title, paragraphs } });
    await recordAudit(txCtx, { action: "participant.notify", target: { type: "participant", id }, before: null, after: { title: input.title, mailId } });
    return { mailId };
  });
}

/** POST /admin/profile/toggle and /admin/networking/toggle (shouldDisable). */
export async function toggleParticipant(ctx: Ctx, what: "profile" | "networking", input: Toggle) {
  const { changed: _, ...out } = await switchParticipant(ctx, what, input);
  return out;
}

/** toggleParticipant, telling whether anything changed (the console's bulk actions count it). */
export async function switchParticipant(ctx: Ctx, what: "profile" | "networking", input: Toggle) {
  await requireCommunityAdmin(ctx);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const row = await findStaffMember(tx, ctx.tenant.id, input.participantId, { forUpdate: true });
    if (!row) throw notFound("Participant not found");
    const enabled = !input.shouldDisable;
    const current = what === "profile" ? row.profileEnabled : row.networkingEnabled;
    if (current !== enabled) {
      await setParticipantFlag(tx, ctx.tenant.id, row.id, what === "profile" ? "profile_enabled" : "networking_enabled", enabled);
      const key = what === "profile" ? "profileEnabled" : "networkingEnabled";
      await recordAudit(txCtx, { action: `participant.${what}_toggle`, target: { type: "participant", id: row.id }, before: { [key]: current }, after: { [key]: enabled } });
      // The member's open app reads its bar again at once.
      await announceParticipantUpdated(ctx, tx, row);
    }
    return {
      changed: current !== enabled,
      participantId: row.id,
      profileEnabled: what === "profile" ? enabled : row.profileEnabled,
      networkingEnabled: what === "networking" ? enabled : row.networkingEnabled,
    };
  });
}
