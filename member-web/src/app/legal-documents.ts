import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Community } from "../api/community.ts";
import { clientConfig } from "./client-config.ts";
import { lookUpLocation } from "./geo-lookup.ts";

/** Spec 7: visitors from these countries get the Russian document set. */
const RUSSIAN_SET_COUNTRIES = new Set(["RU", "BY"]);
const COUNTRY_KEY = "visitorCountry";

/** The visitor's country from GEO_LOOKUP_URL (cached for the browser session); null without one or on failure. */
export async function lookUpCountry(): Promise<string | null> {
  const url = clientConfig().geoLookupUrl;
  if (!url) return null;
  try {
    const stored = sessionStorage.getItem(COUNTRY_KEY);
    if (stored) return stored;
  } catch {
    // look it up for this page view
  }
  const country = (await lookUpLocation())?.country ?? null;
  try {
    if (country) sessionStorage.setItem(COUNTRY_KEY, country);
  } catch {
    // not kept: looked up again next time
  }
  return country;
}

export type LegalDocuments = { terms: string | null; privacy: string | null; set: "ru" | "international" | "community" | "platform" };

/**
 * The platform's own agreement (spec 1: /docs/agreement_ru.html, and agreement_nw.html for every
 * other language), for a community that lists no documents of its own.
 */
export function platformAgreement(lang: string): string {
  return lang === "ru" ? "/docs/agreement_ru.html" : "/docs/agreement_nw.html";
}

/** Which set a country gives: RU or BY the Russian one, any other (or none) the international one. */
export function documentSetFor(country: string | null): "ru" | "international" {
  return country && RUSSIAN_SET_COUNTRIES.has(country) ? "ru" : "international";
}

const countryQuery = queryOptions({ queryKey: ["visitor-country"], queryFn: lookUpCountry, staleTime: Number.POSITIVE_INFINITY, retry: false });

/**
 * The terms and privacy documents to show: a community with `legalDocuments` gets the set of the
 * visitor's country when it asks for geolocation and GEO_LOOKUP_URL is set (else the international
 * set); any other community its own policy links, or the platform's agreement when it has none.
 */
export function useLegalDocuments(community: Community, lang: string): LegalDocuments {
  const docs = community.legalDocuments;
  const geo = !!docs?.byGeolocation && !!clientConfig().geoLookupUrl;
  const country = useQuery({ ...countryQuery, enabled: geo });
  if (!docs) {
    const { terms, privacy } = community.policyLinks;
    if (!terms && !privacy) return { terms: platformAgreement(lang), privacy: platformAgreement(lang), set: "platform" };
    return { terms, privacy, set: "community" };
  }
  const set = geo ? documentSetFor(country.data ?? null) : "international";
  return { ...docs[set], set };
}
