import { getCurrentUser, listMyPermissions } from "../account/service.ts";
import type { CurrentUser, Permission } from "../account/schemas.ts";
import type { CommunityPublic } from "../community/schemas.ts";
import { googleSignIn, toPublicCommunity } from "../community/service.ts";
import type { Ctx } from "../context.ts";
import { AppError, ErrorCode, notFound } from "../lib/errors.ts";
import { findParticipant } from "./queries.ts";
import type { ContactInfo, ParticipantProfile } from "./schemas.ts";
import { toProfile } from "./service.ts";

/** GET /api/contact: how to reach the community's team. Public. */
export function getContactInfo(ctx: Ctx): ContactInfo {
  const c = ctx.tenant.config;
  return {
    communityId: ctx.tenant.id,
    title: c.brandConfig.title || c.title,
    supportEmail: c.senderEmail,
    siteUrl: c.brandConfig.siteUrl ?? ctx.tenant.url,
    communityUrl: ctx.tenant.url,
  };
}

export type InitResult = {
  community: CommunityPublic;
  currentUser: CurrentUser | null;
  participant: ParticipantProfile | null;
  permissions: Permission[];
};

/**
 * POST /api/init: everything the app needs at start-up (spec 4.1) in one call. Signed out, or with
 * a session that is no longer valid, the user parts are null rather than an error.
 */
export async function initApp(ctx: Ctx): Promise<InitResult> {
  const row = await ctx.deps.tenants.getRow(ctx.tenant.id);
  if (!row) throw notFound("Community not found");
  const community = toPublicCommunity(row, ctx.tenant.url, googleSignIn(ctx.deps.config, row.config));
  if (ctx.actor.kind !== "user") return { community, currentUser: null, participant: null, permissions: [] };
  let currentUser: CurrentUser | null = null;
  try {
    currentUser = await getCurrentUser(ctx);
  } catch (err) {
    if (!(err instanceof AppError && err.code === ErrorCode.UNAUTHENTICATED)) throw err;
  }
  if (!currentUser) return { community, currentUser: null, participant: null, permissions: [] };
  const participant = await findParticipant(ctx.db, ctx.tenant.id, { userId: currentUser.userId });
  return {
    community,
    currentUser,
    participant: participant ? toProfile(participant) : null,
    permissions: await listMyPermissions(ctx),
  };
}
