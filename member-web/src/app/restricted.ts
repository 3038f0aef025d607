import type { CurrentUser } from "../api/account.ts";

/**
 * Restricted mode (spec 2.2). The spec leaves its second condition open; ours: the signed-in user
 * is an admin here (ROLE_ADMIN) without a participant profile in this community — no participant
 * at all (a platform operator), or an admin participant whose profile was never completed (made by
 * register-admin or `tuesday admin create`). That is the spec 2.4 "admin without a participant
 * profile", whose bar shows event, dashboard and notifications.
 */
export function isRestricted(user: Pick<CurrentUser, "role" | "connectedParticipants"> | undefined, communityId: string): boolean {
  if (user?.role !== "ROLE_ADMIN") return false;
  const here = user.connectedParticipants.find((p) => p.communityId === communityId);
  return !here?.profileCompleted;
}

/** The default page of restricted mode: the events list ("event"). */
export const RESTRICTED_HOME = "/events";

/**
 * The only routes of restricted mode: event (the events area: the list, event pages, creating and
 * editing events, their questions), dashboard, magic-link auth, notifications and score match, and
 * the two pages that lead to the console (/admin, /settings): an admin is never sent away from them.
 */
export function isRestrictedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ["/events", "/dashboard", "/auth-magic", "/notifications", "/score-match", "/admin", "/settings"].includes(path) || path.startsWith("/event/");
}
