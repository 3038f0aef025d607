import { loadOwnParticipant } from "./own.ts";
import { requireMember, requireThisCommunity } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { accessDenied, notFound, validation } from "../lib/errors.ts";
import { publishModelChange } from "../matching/model-change.ts";
import type { ContactType, Lang } from "../tenancy/schema.ts";
import { CONTACT_TYPES } from "../tenancy/schema.ts";
import { findParticipant, setLanguage, setNetworkingEnabled, setNotificationPref, setTutorialSeen } from "./queries.ts";

/**
 * A member switches their own networking on or off (admins use the admin toggle). Another
 * community's participant id is a 404; another member's in this community is a 403.
 */
export async function updateNetworkingPref(
  ctx: Ctx,
  input: { participantId: string; networkingEnabled: boolean },
): Promise<{ participantId: string; networkingEnabled: boolean }> {
  const own = await loadOwnParticipant(ctx, await requireMember(ctx));
  if (input.participantId !== own.id) {
    const other = await findParticipant(ctx.db, ctx.tenant.id, { id: input.participantId });
    if (!other) throw notFound("Participant not found");
    throw accessDenied("You can change only your own networking preference");
  }
  await setNetworkingEnabled(ctx.db, ctx.tenant.id, own.id, input.networkingEnabled);
  await publishModelChange(ctx.deps.bus, ctx.db, ctx.tenant.id);
  return { participantId: own.id, networkingEnabled: input.networkingEnabled };
}

/** Turns notifications through one channel (a contact type) off or back on. */
export async function updateNotificationPref(
  ctx: Ctx,
  input: { contactType: ContactType; disable: boolean },
): Promise<{ notificationPrefs: { contactType: ContactType; disable: boolean }[] }> {
  const own = await loadOwnParticipant(ctx, await requireMember(ctx));
  const prefs = await setNotificationPref(ctx.db, ctx.tenant.id, own.id, input.contactType, input.disable);
  return { notificationPrefs: CONTACT_TYPES.filter((t) => prefs[t] === true).map((contactType) => ({ contactType, disable: true })) };
}

export async function markTutorialSeen(ctx: Ctx): Promise<{ ok: true }> {
  const own = await loadOwnParticipant(ctx, await requireMember(ctx));
  await setTutorialSeen(ctx.db, ctx.tenant.id, own.id);
  return { ok: true };
}

/**
 * The member's language in this community. The body names the community (spec); a session works
 * only in its own community, so any other id is answered as unknown.
 */
export async function updateLanguage(ctx: Ctx, input: { communityId: string; language: Lang }): Promise<{ communityId: string; language: Lang }> {
  const own = await loadOwnParticipant(ctx, await requireMember(ctx));
  requireThisCommunity(ctx, input.communityId);
  const choices = ctx.tenant.config.langChoices;
  if (!choices.includes(input.language)) {
    throw validation(`Unsupported language; use one of ${choices.join(", ")}`, { language: `Must be one of ${choices.join(", ")}` });
  }
  await setLanguage(ctx.db, ctx.tenant.id, own.id, input.language);
  return { communityId: ctx.tenant.id, language: input.language };
}
