/**
 * Browser storage keys are the spec's (3. Browser storage): the app and the console share the
 * `token` key, so signing out in one signs out in the other.
 */
const LOCAL = {
  token: "token",
  firstLogin: "firstLogin",
  referenceCommunityId: "referenceCommunityId",
  hasLoggedIn: "has_logged_in",
  authorities: "authorities",
  lang: "local",
  email: "email",
  answers: "answers",
  profile: "profile",
  step: "step",
  invitedBy: "invitedBy",
} as const;

const SESSION = {
  redirect: "redirectAfterLogin",
  codeSentAt: "codeSentAt",
  // Ours, not the spec's: the community a member of another one chose to join in this tab.
  joiningCommunity: "joiningCommunity",
} as const;

function read(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function write(store: Storage, key: string, value: string | null): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working for this page view.
  }
}

export const storage = {
  token: () => read(localStorage, LOCAL.token),
  firstLogin: () => read(localStorage, LOCAL.firstLogin) === "true",
  setSession(token: string, firstLogin: boolean): void {
    write(localStorage, LOCAL.token, token);
    write(localStorage, LOCAL.firstLogin, String(firstLogin));
    write(localStorage, LOCAL.hasLoggedIn, "true");
  },
  clearSession(): void {
    write(localStorage, LOCAL.token, null);
    write(localStorage, LOCAL.firstLogin, null);
    write(localStorage, LOCAL.authorities, null);
  },
  /** Sign-in drafts (spec 4.3: cleared after a successful sign-in). */
  clearDrafts(): void {
    for (const key of [LOCAL.email, LOCAL.answers, LOCAL.profile, LOCAL.step]) write(localStorage, key, null);
  },
  /** "Clear old stored data" before a transferred session is stored (spec 4.1 step 3). */
  clearAll(): void {
    storage.clearSession();
    storage.clearDrafts();
    write(localStorage, LOCAL.invitedBy, null);
  },
  setAuthorities: (role: string) => write(localStorage, LOCAL.authorities, role),
  invitedBy: () => read(localStorage, LOCAL.invitedBy),
  setInvitedBy: (participantId: string | null) => write(localStorage, LOCAL.invitedBy, participantId),
  lang: () => read(localStorage, LOCAL.lang),
  setLang: (lang: string) => write(localStorage, LOCAL.lang, lang),
  email: () => read(localStorage, LOCAL.email),
  setEmail: (email: string | null) => write(localStorage, LOCAL.email, email),
  referenceCommunityId: () => read(localStorage, LOCAL.referenceCommunityId),
  setReferenceCommunityId: (id: string) => write(localStorage, LOCAL.referenceCommunityId, id),
  redirect: () => read(sessionStorage, SESSION.redirect),
  setRedirect: (path: string | null) => write(sessionStorage, SESSION.redirect, path),
  joiningCommunity: () => read(sessionStorage, SESSION.joiningCommunity),
  setJoiningCommunity: (id: string | null) => write(sessionStorage, SESSION.joiningCommunity, id),
  codeSentAt(): number | null {
    const v = Number(read(sessionStorage, SESSION.codeSentAt));
    return Number.isFinite(v) && v > 0 ? v : null;
  },
  setCodeSentAt: (at: number | null) => write(sessionStorage, SESSION.codeSentAt, at === null ? null : String(at)),
};
