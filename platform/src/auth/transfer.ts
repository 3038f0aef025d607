import type { Ctx } from "../context.ts";
import { randomToken } from "../lib/crypto.ts";
import { AppError, ErrorCode, notFound, unauthenticated } from "../lib/errors.ts";
import type { AuthType } from "../tenancy/schema.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";
import { completeSignIn, type LoginResult } from "./sign-in.ts";
import { findUserById } from "./users.ts";

export const TRANSFER_TTL_SECONDS = 30;

type TransferMethod = AuthType | "TRANSFER";

/**
 * Issues a one-time transfer code (160 bits, 30 seconds) that the target community exchanges for
 * its own session. URLs carry this code, never a session token.
 */
export async function issueTransferCode(ctx: Ctx, input: { userId: string; communityId: string; method: TransferMethod }): Promise<string> {
  const code = randomToken(20);
  await issueOneTimeToken(ctx.db, {
    communityId: input.communityId,
    kind: "transfer",
    secret: code,
    userId: input.userId,
    data: { method: input.method },
    ttlSeconds: TRANSFER_TTL_SECONDS,
  });
  return code;
}

/**
 * POST /api/auth/transfer: the signed-in user moves to another of their communities (home
 * community or one where they are a participant); any other id answers 404.
 */
export async function createTransfer(ctx: Ctx, input: { communityId: string }): Promise<{ url: string; expiresInSeconds: number }> {
  if (ctx.actor.kind !== "user") throw unauthenticated();
  const userId = ctx.actor.userId;
  const target = await ctx.deps.tenants.get(input.communityId.trim().toLowerCase());
  const user = await findUserById(ctx.db, userId);
  if (!target || !user) throw notFound("Community not found");
  if (user.homeCommunityId !== target.id) {
    const [member] = await ctx.db<{ id: string }[]>`
      select id from participants where community_id = ${target.id} and user_id = ${userId}`;
    if (!member) throw notFound("Community not found");
  }
  const code = await issueTransferCode(ctx, { userId, communityId: target.id, method: "TRANSFER" });
  return { url: `${target.url}/?token=${code}&firstLogin=false`, expiresInSeconds: TRANSFER_TTL_SECONDS };
}

/** POST /api/auth/transfer/exchange: a new session in this community; once, here only, within 30 s. */
export async function exchangeTransferCode(ctx: Ctx, input: { code: string }): Promise<LoginResult> {
  const row = await consumeOneTimeToken(ctx.db, { communityId: ctx.tenant.id, kind: "transfer", secret: input.code });
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user?.enabled) throw new AppError(ErrorCode.INVALID_LINK, "This sign-in code is invalid or has expired");
  const method = typeof row.data.method === "string" ? (row.data.method as TransferMethod) : "TRANSFER";
  return completeSignIn(ctx, user, method);
}
