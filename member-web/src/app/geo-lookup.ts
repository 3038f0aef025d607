import { clientConfig } from "./client-config.ts";

const TIMEOUT_MS = 5000;

/** What the lookup at GEO_LOOKUP_URL tells about the visitor's connection. */
export type GeoLocation = { country: string | null; city: string | null; latitude: number | null; longitude: number | null };

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
const coordinate = (v: unknown, limit: number): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/**
 * The lookup's answer: a bare two-letter country code, or JSON in the shape of the common IP
 * geolocation services (`country_code` / `countryCode` / `country`, `city`, `latitude` / `lat`,
 * `longitude` / `lon` / `lng`). Anything else gives nothing.
 */
export function parseGeoAnswer(body: string): GeoLocation | null {
  const t = body.trim();
  if (/^[A-Za-z]{2}$/.test(t)) return { country: t.toUpperCase(), city: null, latitude: null, longitude: null };
  let json: Record<string, unknown>;
  try {
    const parsed = JSON.parse(t) as unknown;
    if (!parsed || typeof parsed !== "object") return null;
    json = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const c = json.country_code ?? json.countryCode ?? json.country;
  const country = typeof c === "string" && /^[A-Za-z]{2}$/.test(c) ? c.toUpperCase() : null;
  const city = text(json.city);
  const latitude = coordinate(json.latitude ?? json.lat, 90);
  const longitude = coordinate(json.longitude ?? json.lon ?? json.lng, 180);
  const both = latitude !== null && longitude !== null;
  if (!country && !city) return null;
  return { country, city: city ? city.slice(0, 100) : null, latitude: both ? latitude : null, longitude: both ? longitude : null };
}

/** Whether the server configured a lookup (GEO_LOOKUP_URL); without one nothing is detected. */
export function geoLookupAvailable(): boolean {
  return !!clientConfig().geoLookupUrl;
}

/** Asks GEO_LOOKUP_URL where the visitor connects from; null without a lookup, on failure or on an answer it cannot read. */
export async function lookUpLocation(): Promise<GeoLocation | null> {
  const url = clientConfig().geoLookupUrl;
  if (!url) return null;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), credentials: "omit", referrerPolicy: "no-referrer" });
    return res.ok ? parseGeoAnswer(await res.text()) : null;
  } catch {
    return null;
  }
}
