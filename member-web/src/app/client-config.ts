/**
 * The browser integrations the server configured (web/head.ts puts them in
 * `<meta name="tuesday-config">`). All are off unless named there.
 */
export type ClientConfig = {
  errorDsn?: string;
  analyticsUrl?: string;
  publicIpUrls?: string[];
  geoLookupUrl?: string;
};

let cached: ClientConfig | null = null;

export function clientConfig(): ClientConfig {
  if (cached) return cached;
  cached = {};
  const content = document.querySelector<HTMLMetaElement>('meta[name="tuesday-config"]')?.content;
  if (content) {
    try {
      const parsed = JSON.parse(content) as unknown;
      if (parsed && typeof parsed === "object") cached = parsed as ClientConfig;
    } catch {
      // A broken tag means no integrations.
    }
  }
  return cached;
}
