import type { ParsedLocation } from "@tanstack/react-router";
import { redirect } from "@tanstack/react-router";
import { accountQueries, type CurrentUser } from "../api/account.ts";
import { isApiFailure } from "../api/client.ts";
import type { Community } from "../api/community.ts";
import { session } from "../lib/session.ts";
import { storage } from "../lib/storage.ts";
import { adoptPreferredLanguage } from "./language.ts";
import { loadQueries } from "./queries.ts";
import { isNetworkingPath, networkingOn } from "./networking.ts";
import { isRestricted, isRestrictedPath, RESTRICTED_HOME } from "./restricted.ts";
import { applyUserStartupRules } from "./startup.ts";

/**
 * The signed-in screens' guard (spec 2.2, 4.1), run by the member layout's beforeLoad once a
 * session is stored. Not in the sign-in page's bundle (issue 17): it loads with the first
 * signed-in screen (main.tsx starts it early for a signed-in visit).
 */
export async function guardMember(community: Community, location: ParsedLocation): Promise<{ user: CurrentUser }> {
  const { queryClient } = await loadQueries();
  let user: CurrentUser;
  try {
    user = await queryClient.ensureQueryData(accountQueries.currentUser());
  } catch (err) {
    if (isApiFailure(err) && err.status === 401) {
      const reason = session.endReason();
      session.end();
      throw redirect({ to: "/login", search: { error: reason } });
    }
    throw err;
  }
  storage.setAuthorities(user.role);
  await adoptPreferredLanguage(community, user.preferredLang);
  // Restricted mode (spec 2.2): only its routes exist; any other goes to the events list.
  if (isRestricted(user, community.id) && !isRestrictedPath(location.pathname)) throw redirect({ to: RESTRICTED_HOME });
  if (user.role === "ROLE_ADMIN") return { user };
  await applyUserStartupRules(community, user);
  const path = location.pathname;
  if (!user.enabled && path !== "/profile") throw redirect({ to: "/profile" });
  // Spec 2.4: networking off here (the admin's toggle or the member's own switch) leaves the profile.
  if (!networkingOn(user, community.id) && isNetworkingPath(path)) throw redirect({ to: "/profile" });
  const needsParticipant = ["/my_communities", "/participants", "/events", "/contacts", "/contacts/bookmarks"].includes(path) || path.startsWith("/event/");
  if (needsParticipant && user.connectedParticipants.length === 0) {
    storage.setRedirect(location.href);
    throw redirect({ to: "/questions" });
  }
  return { user };
}
