import { clientConfig } from "./client-config.ts";

let context: { communityId: string | null; userId: string | null } = { communityId: null, userId: null };

/** Spec 7: analytics calls carry the user id and the community. */
export function setAnalyticsContext(next: Partial<typeof context>): void {
  context = { ...context, ...next };
}

/**
 * Sends one analytics event to ANALYTICS_URL as JSON (a beacon when the browser has one);
 * nothing at all when it is not configured.
 */
export function track(type: "page_view" | "short_sign_up" | (string & {}), data: Record<string, unknown> = {}): void {
  const url = clientConfig().analyticsUrl;
  if (!url) return;
  const body = JSON.stringify({ type, at: new Date().toISOString(), path: window.location.pathname, ...context, ...data });
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: "text/plain" }))) return;
  } catch {
    // fall back to fetch
  }
  void fetch(url, { method: "POST", body, keepalive: true, credentials: "omit", headers: { "Content-Type": "text/plain" } }).catch(() => {});
}
