import type { BrowserIntegrations } from "../config.ts";
import { DEFAULT_CSP } from "../http/middleware.ts";
import type { CommunityPublic } from "../community/schemas.ts";
import type { Tenant } from "../tenancy/schema.ts";

/** The name every page carries when its host is no community's (spec 1: "only a site name and a title"). */
export const SITE_NAME = "Tuesday";

/** What the member app reads from `<meta name="tuesday-config">`: only what is configured. */
export type ClientConfig = {
  errorDsn?: string;
  analyticsUrl?: string;
  publicIpUrls?: string[];
  geoLookupUrl?: string;
};

export function clientConfig(b: BrowserIntegrations): ClientConfig {
  const out: ClientConfig = {};
  if (b.errorDsn) out.errorDsn = b.errorDsn;
  if (b.analyticsUrl) out.analyticsUrl = b.analyticsUrl;
  if (b.publicIpUrls.length) out.publicIpUrls = b.publicIpUrls;
  if (b.geoLookupUrl) out.geoLookupUrl = b.geoLookupUrl;
  return out;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** An absolute URL for Open Graph: tenant paths are resolved against the tenant's public URL. */
function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).toString();
  } catch {
    return url;
  }
}

/**
 * The page head for a host: a community's domain gets its title, description, icons and Open
 * Graph tags; any other host only the site name and a title (spec 1). The configured browser
 * integrations and the community's public configuration ride along in meta tags (no inline
 * script: the CSP allows none).
 */
export function renderHead(tenant: Pick<Tenant, "url" | "config"> | undefined, browser: BrowserIntegrations, community?: CommunityPublic): string {
  const tags: string[] = [];
  const config = clientConfig(browser);
  if (Object.keys(config).length) tags.push(`<meta name="tuesday-config" content="${esc(JSON.stringify(config))}" />`);
  // What GET /api/community/get-by-domain answers for this host (the member app reads it first).
  if (community) tags.push(`<meta name="tuesday-community" content="${esc(JSON.stringify(community))}" />`);
  if (!tenant) {
    tags.push(`<meta property="og:site_name" content="${SITE_NAME}" />`, `<title>${SITE_NAME}</title>`, `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`);
    return tags.join("\n    ");
  }
  const c = tenant.config;
  const title = c.brandConfig.title || c.title;
  const description = c.head?.description ?? c.description;
  const icon = c.head?.iconUrl ?? c.brandConfig.logoUrl ?? c.logoUrl;
  const image = c.head?.ogImageUrl ?? c.imgUrl ?? icon;
  tags.push(`<title>${esc(title)}</title>`);
  if (description) tags.push(`<meta name="description" content="${esc(description)}" />`);
  tags.push(`<meta name="theme-color" content="${esc(c.brandConfig.primaryColor)}" />`);
  if (icon) tags.push(`<link rel="icon" href="${esc(icon)}" />`, `<link rel="apple-touch-icon" href="${esc(icon)}" />`);
  else tags.push(`<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`);
  tags.push(
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${esc(title)}" />`,
    `<meta property="og:title" content="${esc(title)}" />`,
    `<meta property="og:url" content="${esc(tenant.url)}" />`,
  );
  if (description) tags.push(`<meta property="og:description" content="${esc(description)}" />`);
  if (image) tags.push(`<meta property="og:image" content="${esc(absolute(image, tenant.url))}" />`);
  tags.push(`<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}" />`);
  return tags.join("\n    ");
}

/** Replaces the built index.html's `<title>` and icon link with the head of the host. */
export function injectHead(html: string, head: string): string {
  const stripped = html.replace(/\s*<link rel="icon"[^>]*>/, "");
  return /<title>[^<]*<\/title>/.test(stripped) ? stripped.replace(/<title>[^<]*<\/title>/, head) : stripped.replace("</head>", `  ${head}\n  </head>`);
}

/** The origins of the configured integrations, which the member app's CSP must let it reach. */
export function integrationOrigins(b: BrowserIntegrations): string[] {
  const urls = [b.errorDsn, b.analyticsUrl, b.geoLookupUrl, ...b.publicIpUrls].filter((u): u is string => !!u);
  return [...new Set(urls.flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : [])))];
}

/** The default CSP with the integrations' origins added to connect-src; undefined when none is configured. */
export function cspWithIntegrations(b: BrowserIntegrations): string | undefined {
  const origins = integrationOrigins(b);
  if (!origins.length) return undefined;
  return DEFAULT_CSP.replace("connect-src 'self'", `connect-src 'self' ${origins.join(" ")}`);
}
