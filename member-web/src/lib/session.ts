import { useSyncExternalStore } from "react";
import { storage } from "./storage.ts";

const listeners = new Set<() => void>();

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
    storage.setSession(token, firstLogin);
    storage.clearDrafts();
    notify();
  },
  end(): void {
    storage.clearSession();
    notify();
  },
  /** For code that cleared storage itself (the API client on a 401). */
  changed: notify,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token);
}
