import type { QueryClient } from "@tanstack/react-query";
import { accountQueries } from "../api/account.ts";
import { api } from "../api/client.ts";
import { session } from "../lib/session.ts";
import { loadQueries } from "./queries.ts";
import { storage } from "../lib/storage.ts";
import { safePath } from "../lib/validation.ts";

export type SignInResult = { token: string; firstLogin: boolean; backTo?: string | null | undefined };

/** POST /api/auth/login answers a session (200) or "sent" (202); a password or code must give a session. */
export function expectSession(result: SignInResult | { status: string }): SignInResult {
  if ("token" in result) return result;
  throw new Error(`Expected a session, got ${result.status}`);
}

const AGREED_KEY = "policyAgreedPending";

/**
 * The visitor ticked the agreement on a form that signs in without registering (the short
 * sign-up form, Google on registration): the next sign-in records it for the account.
 */
export function rememberAgreement(): void {
  try {
    sessionStorage.setItem(AGREED_KEY, "1");
  } catch {
    // private mode: nothing to carry over
  }
}

function takeAgreement(): boolean {
  try {
    const pending = sessionStorage.getItem(AGREED_KEY) === "1";
    sessionStorage.removeItem(AGREED_KEY);
    return pending;
  } catch {
    return false;
  }
}

/**
 * Spec 4.3: store the session, clear the drafts, then pick the destination: the explicit back-to
 * or the stored redirect; admins go there (or to my communities); members with a participant go
 * there or to my communities; members without one go there or to /questions.
 */
export async function completeSignIn(result: SignInResult): Promise<string> {
  // The query client loads here if the sign-in page came without it (app/queries.ts).
  const { queryClient } = await loadQueries();
  queryClient.removeQueries({ queryKey: ["account"] });
  session.start(result.token, result.firstLogin);
  const target = safePath(result.backTo) ?? safePath(storage.redirect());
  storage.setRedirect(null);

  if (takeAgreement()) {
    // Recorded once for the account (the server keeps the first time); a failure is not the sign-in's.
    try {
      await api.POST("/api/auth/agree-policy");
    } catch {
      // ignored on purpose
    }
  }

  const user = await queryClient.fetchQuery(accountQueries.currentUser());
  storage.setAuthorities(user.role);

  const invitedBy = localStorage.getItem("invitedBy");
  if (result.firstLogin && invitedBy) {
    // Spec 4.3: the invitation is accepted on the first login; a failure is ignored.
    try {
      await api.POST("/api/invitation/{id}", { params: { path: { id: invitedBy } } });
    } catch {
      // ignored on purpose
    }
    localStorage.removeItem("invitedBy");
  }

  if (user.role === "ROLE_ADMIN") return target ?? "/my_communities";
  if (user.connectedParticipants.length > 0) return target ?? "/my_communities";
  return target ?? "/questions";
}

/** Logging out clears the session here and on the server, then the caller goes to /login (spec 2.4). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.POST("/api/auth/logout");
  } catch {
    // Signing out locally is what matters to the user.
  }
  session.end();
  queryClient.clear();
}
