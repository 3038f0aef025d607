import { clientConfig } from "./client-config.ts";

/** Spec 7: each lookup may take this long before the next service is tried. */
export const PUBLIC_IP_TIMEOUT_MS = 5000;
/** Session storage key of the cached address (spec 3: "the cached public IP"). */
export const PUBLIC_IP_KEY = "publicIp";
/** The header the API calls carry it in. */
export const PUBLIC_IP_HEADER = "X-Public-IP";

const IP = /^[0-9a-fA-F:.]{3,45}$/;

function fromBody(text: string): string | null {
  const trimmed = text.trim();
  if (IP.test(trimmed)) return trimmed;
  try {
    const json = JSON.parse(trimmed) as Record<string, unknown>;
    const ip = json.ip ?? json.query ?? json.address;
    return typeof ip === "string" && IP.test(ip) ? ip : null;
  } catch {
    return null;
  }
}

let pending: Promise<string | null> | null = null;
let known: string | null = null;

/** The address once looked up (or cached this session), for the API calls' header; null until then. */
export function knownPublicIp(): string | null {
  if (known) return known;
  if (!(clientConfig().publicIpUrls ?? []).length) return null;
  try {
    known = sessionStorage.getItem(PUBLIC_IP_KEY);
  } catch {
    known = null;
  }
  return known;
}

/**
 * The visitor's public IP from the configured lookup services (first answer wins, 5000 ms each),
 * cached in session storage. Without PUBLIC_IP_URLS nothing is fetched and no header is sent.
 */
export function publicIp(): Promise<string | null> {
  const urls = clientConfig().publicIpUrls ?? [];
  if (urls.length === 0) return Promise.resolve(null);
  try {
    const stored = sessionStorage.getItem(PUBLIC_IP_KEY);
    if (stored) return Promise.resolve(stored);
  } catch {
    // no session storage: look it up for this page view
  }
  pending ??= (async () => {
    for (const url of urls) {
      try {
        // A timer (not AbortSignal.timeout) so the 5000 ms follow the page's clock.
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), PUBLIC_IP_TIMEOUT_MS);
        const ip = await fetch(url, { signal: controller.signal, credentials: "omit", referrerPolicy: "no-referrer" })
          .then(async (res) => (res.ok ? fromBody(await res.text()) : null))
          .finally(() => clearTimeout(timer));
        if (ip) {
          known = ip;
          try {
            sessionStorage.setItem(PUBLIC_IP_KEY, ip);
          } catch {
            // kept in memory only
          }
          return ip;
        }
      } catch {
        // timed out or refused: the next service
      }
    }
    return null;
  })();
  return pending;
}
