import { useSyncExternalStore } from "react";
import { storage } from "./storage.ts";

const listeners = new Set<() => void>();
// Set when the server refused the stored session: the member then goes to /login, not to the
// welcome page that a never-signed-in visitor sees, whichever guard notices first (spec 8).
let expired = false;
/** Why the session ended, as the login page says it: the account disabled, or the session itself. */
export type EndReason = "session_ended" | "account_disabled";
let reason: EndReason = "session_ended";

function notify(): void {
  for (const l of listeners) l();
}

// Another tab signing in or out changes the same storage key.
window.addEventListener("storage", (e) => {
  if (e.key === "token" || e.key === null) notify();
});

/** The signed-in state, observable by components. The token itself lives in localStorage. */
export const session = {
  token: () => storage.token(),
  isSignedIn: () => storage.token() !== null,
  start(token: string, firstLogin: boolean): void {
    expired = false;
    reason = "session_ended";
    storage.setSession(token, firstLogin);
    storage.clearDrafts();
    notify();
  },
  end(): void {
    storage.clearSession();
    notify();
  },
  /** The server answered 401 to the stored token (the API client calls this). */
  expire(): void {
    expired = true;
    storage.clearSession();
    notify();
  },
  /** The server said why it ends the session (the realtime socket's last word): kept for the login page. */
  setEndReason(r: EndReason): void {
    reason = r;
  },
  endReason(): EndReason {
    return reason;
  },
  /** True from expire() until the next sign-in (or page load): private paths then lead to /login. */
  isExpired(): boolean {
    return expired;
  },
  /** For code that changed storage itself. */
  changed: notify,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token);
}
