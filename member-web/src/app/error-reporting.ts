/**
 * Uncaught browser errors to a Sentry-compatible DSN, as one envelope POST each
 * (https://develop.sentry.dev/sdk/envelopes/). Not @sentry/browser: its ~25 KB gzipped would
 * triple what this needs and weigh on every page; this module loads only when SENTRY_DSN is set.
 */
type Dsn = { endpoint: string; dsn: string };

export function parseDsn(dsn: string): Dsn | null {
  try {
    const u = new URL(dsn);
    const project = u.pathname.split("/").filter(Boolean).pop();
    if (!u.username || !project) return null;
    const prefix = u.pathname.slice(0, u.pathname.lastIndexOf(project));
    return { dsn, endpoint: `${u.protocol}//${u.host}${prefix}api/${project}/envelope/?sentry_version=7&sentry_key=${encodeURIComponent(u.username)}` };
  } catch {
    return null;
  }
}

function frames(stack: string | undefined) {
  if (!stack) return undefined;
  const out = stack
    .split("\n")
    .slice(1, 30)
    .map((line) => {
      const m = /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim());
      return m ? { function: m[1] ?? "?", filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) } : null;
    })
    .filter((f) => f !== null)
    .reverse();
  return out.length ? { frames: out } : undefined;
}

const MAX_PER_PAGE = 20;
let sent = 0;

export function reportError(target: Dsn, error: unknown, extra: Record<string, string> = {}): void {
  if (sent >= MAX_PER_PAGE) return;
  sent += 1;
  const err = error instanceof Error ? error : new Error(typeof error === "string" ? error : "Non-error thrown");
  const eventId = crypto.randomUUID().replaceAll("-", "");
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "javascript",
    level: "error",
    request: { url: window.location.href.split("?")[0], headers: { "User-Agent": navigator.userAgent } },
    tags: extra,
    exception: { values: [{ type: err.name, value: err.message, stacktrace: frames(err.stack) }] },
  };
  const body = [JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: target.dsn }), JSON.stringify({ type: "event" }), JSON.stringify(event)].join("\n");
  void fetch(target.endpoint, { method: "POST", body, keepalive: true, credentials: "omit", headers: { "Content-Type": "text/plain;charset=UTF-8" } }).catch(() => {});
}

export function installErrorReporting(dsn: string, tags: Record<string, string>): void {
  const target = parseDsn(dsn);
  if (!target) return;
  window.addEventListener("error", (e) => reportError(target, e.error ?? e.message, tags));
  window.addEventListener("unhandledrejection", (e) => reportError(target, e.reason, tags));
}
