import type { CurrentUser } from "../api/account.ts";
import { api, call } from "../api/client.ts";
import type { Community } from "../api/community.ts";
import { storage } from "../lib/storage.ts";
import { setAnalyticsContext } from "./analytics.ts";

/**
 * Spec 4.1 step 4: the community the signed-in user belongs elsewhere to, or null to stay. The
 * user's community URL must differ from this one and their first connected community too (the
 * server lists the current one first, so a member here always stays). Admins never move.
 */
export function crossCommunityTarget(community: Community, user: CurrentUser): string | null {
  if (user.role === "ROLE_ADMIN" || !community.id) return null;
  const first = user.connectedCommunities[0];
  if (!first || first === community.id) return null;
  if (sameOrigin(user.communityUrl, community.communityUrl)) return null;
  return first;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a, window.location.href).origin === new URL(b, window.location.href).origin;
  } catch {
    return a === b;
  }
}

/**
 * Clears the stored data and sends the browser to the user's community with a one-time transfer
 * code (`token`) and `firstLogin`; the target's start-up exchanges it (main.tsx). Never resolves
 * when it leaves; a refused transfer leaves the user here (false).
 */
export async function moveToCommunity(communityId: string): Promise<false> {
  let url: string;
  try {
    url = (await call(api.POST("/api/auth/transfer", { body: { communityId } }))).url;
  } catch {
    return false;
  }
  const firstLogin = storage.firstLogin();
  storage.clearAll();
  const target = new URL(url);
  if (firstLogin) target.searchParams.set("firstLogin", "true");
  window.location.assign(target.toString());
  return new Promise<false>(() => {});
}

/** The start-up rules of spec 4.1 that follow loading the user (the route guards do the rest). */
export async function applyUserStartupRules(community: Community, user: CurrentUser): Promise<void> {
  setAnalyticsContext({ userId: user.userId });
  // A member of another community who chose to join this one (an event page's "Join the
  // community") stays for the join form; once their participant exists here they stay anyway.
  if (storage.joiningCommunity() === community.id) return;
  const target = crossCommunityTarget(community, user);
  if (target) await moveToCommunity(target);
}
