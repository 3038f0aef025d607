/**
 * Invitations by e-mail (spec 4.3): the link carries the inviting admin's participant id, the
 * invitedBy value the member app keeps through sign-up and sends to POST /invitation/{id}.
 */
import { recordAudit } from "../audit/index.ts";
import { participantOf, requireCommunityAdmin } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { queueMail } from "../mail/service.ts";
import { listInvitations as listInvitationRows, membersByEmail, upsertInvitation } from "./queries.ts";
import type { Invitation, Invite, InviteResult } from "./schemas.ts";

/** The invite link: the member app's /invite screen with the invitedBy value. */
export function inviteLink(baseUrl: string, invitedBy: string | null, email: string): string {
  const q = new URLSearchParams({ ...(invitedBy ? { invitedBy } : {}), email });
  return `${baseUrl}/invite?${q.toString()}`;
}

/**
 * POST /admin/{id}/invitations: one address or many; members of the community are skipped, others
 * (re)invited. `members: "invite"` invites members too: the operator's `members import --invite`,
 * whose imported members have an account but have not signed in yet.
 */
export async function inviteByEmail(ctx: Ctx, communityId: string, input: Invite, opts: { members?: "skip" | "invite" } = {}): Promise<InviteResult> {
  await requireCommunityAdmin(ctx, communityId);
  const inviter = (await participantOf(ctx))?.id ?? null;
  const emails = [...new Set(input.emails)];
  // Invitations go out in the community's language: the invitee has no language with us yet.
  const lang = ctx.tenant.config.lang;
  const t = textsFor(lang);
  const title = ctx.tenant.config.brandConfig.title;
  const text = { title: t("mail.invitation.title", { title }), paragraphs: [t("mail.invitation.body", { title }), ...(input.message ? [input.message] : [])], label: t("mail.invitation.action") };
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const members = opts.members === "invite" ? new Set<string>() : await membersByEmail(tx, ctx.tenant.id, emails);
    const results: InviteResult["results"] = [];
    for (const email of emails) {
      if (members.has(email)) {
        results.push({ email, status: "member" });
        continue;
      }
      const inv = await upsertInvitation(tx, ctx.tenant.id, email, inviter);
      await queueMail(txCtx, {
        to: email,
        template: "notice",
        lang,
        dedupeKey: `invitation:${inv.id}:${inv.sends}`,
        vars: { title: text.title, paragraphs: text.paragraphs, action: { label: text.label, link: inviteLink(ctx.tenant.url, inviter, email) }, reason: "invitation" },
      });
      results.push({ email, status: inv.inserted ? "invited" : "resent" });
    }
    const sent = results.filter((r) => r.status !== "member").map((r) => r.email);
    if (sent.length > 0) await recordAudit(txCtx, { action: "invitation.send", target: { type: "community", id: ctx.tenant.id }, before: null, after: { emails: sent, invitedBy: inviter } });
    return { results };
  });
}

/** GET /admin/{id}/invitations: the latest 500, with whether each invitee has joined. */
export async function listInvitations(ctx: Ctx, communityId: string): Promise<Invitation[]> {
  await requireCommunityAdmin(ctx, communityId);
  return (await listInvitationRows(ctx.db, ctx.tenant.id, 500)).map((r) => ({
    id: r.id,
    email: r.email,
    invitedBy: r.invitedBy,
    sends: r.sends,
    createdAt: r.createdAt.toISOString(),
    lastSentAt: r.lastSentAt.toISOString(),
    joined: r.participantId !== null,
    participantId: r.participantId,
  }));
}
