/**
 * Disabling an account (issue 27 item 6; docs/decisions/0163-disabling-accounts.md): the user can
 * no longer sign in anywhere, and every session of theirs ends at once (deleting the rows makes
 * the database announce it, which closes their open sockets, as a password change does). Audited
 * in every community the user belongs to, in the same transaction.
 */
import { recordAuditWith } from "../audit/index.ts";
import { invalidateUserSessions } from "../auth/session.ts";
import { findUserByEmail, findUserById, type UserRow } from "../auth/users.ts";
import { EmailSchema } from "../auth/schemas.ts";
import { isOperator, participantOf, requireCommunityAdmin, requireOperator } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { type Db, withTx } from "../db/client.ts";
import { accessDenied, notFound, validation } from "../lib/errors.ts";

export type AccountState = { userId: string; email: string | null; enabled: boolean; changed: boolean };

async function communitiesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db<{ communityId: string }[]>`select community_id as "communityId" from participants where user_id = ${userId} order by community_id`;
  return rows.map((r) => r.communityId);
}

async function applyEnabled(ctx: Ctx, tx: Db, user: UserRow, enabled: boolean): Promise<AccountState> {
  if (user.enabled === enabled) return { userId: user.id, email: user.email, enabled, changed: false };
  await tx`update users set enabled = ${enabled} where id = ${user.id}`;
  if (!enabled) await invalidateUserSessions(tx, user.id);
  const communities = await communitiesOf(tx, user.id);
  for (const communityId of communities.length ? communities : [ctx.tenant.id]) {
    await recordAuditWith(tx, { actor: ctx.actor, requestId: ctx.requestId, communityId }, {
      action: enabled ? "user.enable" : "user.disable",
      target: { type: "user", id: user.id },
      before: { enabled: !enabled },
      after: { enabled, email: user.email, via: ctx.tenant.id },
    });
  }
  ctx.log.info({ userId: user.id, enabled }, enabled ? "account enabled" : "account disabled");
  return { userId: user.id, email: user.email, enabled, changed: true };
}

/** `tuesday admin disable|enable <email>`: platform operators only. */
export async function setAccountEnabled(ctx: Ctx, input: { email: string; enabled: boolean }): Promise<AccountState> {
  requireOperator(ctx);
  const parsed = EmailSchema.safeParse(input.email);
  if (!parsed.success) throw validation("Invalid e-mail format", { email: "Invalid e-mail format" });
  return withTx(ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, parsed.data);
    if (!user) throw notFound(`No account with the e-mail ${parsed.data}`);
    const rows = await tx<UserRow[]>`select id from users where id = ${user.id} for update`;
    if (!rows.length) throw notFound(`No account with the e-mail ${parsed.data}`);
    return applyEnabled(ctx, tx, user, input.enabled);
  });
}

/**
 * POST /admin/participants/{id}/account: a community admin disables or re-enables a participant's
 * account. An account is global, so an admin may do it only for an account that belongs to this
 * community alone; an account in other communities too, or an operator's, is for platform operators.
 */
export async function setParticipantAccount(ctx: Ctx, participantId: string, input: { enabled: boolean }): Promise<AccountState> {
  await requireCommunityAdmin(ctx);
  return withTx(ctx.db, async (tx) => {
    const [p] = await tx<{ userId: string }[]>`
      select p.user_id as "userId" from participants p join users u on u.id = p.user_id
      where p.community_id = ${ctx.tenant.id} and p.id = ${participantId} and u.deleted_at is null
      for update of u`;
    if (!p) throw notFound("Participant not found");
    const user = await findUserById(tx, p.userId);
    if (!user) throw notFound("Participant not found");
    const me = await participantOf(ctx);
    if (me?.id === participantId) throw validation("Invalid input: id: you cannot disable your own account", { id: "Your own account" });
    if (!isOperator(ctx)) {
      if (user.isOperator) throw accessDenied("Only platform operators can disable an operator's account");
      const others = (await communitiesOf(tx, user.id)).filter((c) => c !== ctx.tenant.id);
      if (others.length) throw accessDenied("This account belongs to other communities too: only a platform operator can disable it");
    }
    return applyEnabled(ctx, tx, user, input.enabled);
  });
}
