import type { CurrentUser } from "../api/account.ts";

/**
 * Spec 2.4: whether networking is on for the signed-in member here. Off when the account is
 * switched off (`enabled`) or when this community's participant has networking off (an admin's
 * networking toggle in the console, or the member's own switch on the profile). Off, the bar
 * shows only the profile and the networking pages lead there. An admin's switched-off account
 * keeps its screens (spec 4.1: admin users stop the start-up's redirects).
 */
export function networkingOn(user: Pick<CurrentUser, "enabled" | "role" | "connectedParticipants"> | undefined, communityId: string): boolean {
  if (!user) return true;
  if (!user.enabled && user.role !== "ROLE_ADMIN") return false;
  return user.connectedParticipants.find((p) => p.communityId === communityId)?.networkingEnabled ?? true;
}

/** The pages the bar's networking tabs lead to (spec 2.4): with networking off they redirect to the profile. */
export function isNetworkingPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const exact = ["/my_communities", "/participants", "/contacts", "/contacts/bookmarks", "/events", "/chats", "/meetings", "/score-match"];
  return exact.includes(path) || path.startsWith("/chats/") || path.startsWith("/event/");
}
