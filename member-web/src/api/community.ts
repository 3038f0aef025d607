import type { components } from "@tuesday/api-client";
import { queryOptions } from "@tanstack/react-query";
import { storage } from "../lib/storage.ts";
import { ApiFailure, api, call } from "./client.ts";

export type Community = components["schemas"]["Community"];
export type Navigation = components["schemas"]["Navigation"];
export type AuthType = Community["authConfig"][number]["authType"];
export type Landing = Record<string, unknown>;

/** What the app shows when no community answers (spec 4.1: "a failed lookup falls back to defaults"). */
export const DEFAULT_COMMUNITY: Community = {
  id: "",
  domain: "",
  parentCommunityDomain: null,
  communityUrl: "/",
  lang: "en",
  langChoices: ["en", "ru"],
  title: "Tuesday",
  description: "",
  landingTitle: "Start networking with members of the community",
  landingCopy: "",
  imgUrl: null,
  logoUrl: null,
  transparent: false,
  shortLanding: false,
  isTimCommunity: false,
  moderationRequired: false,
  authConfig: [{ authType: "EMAIL", externalContent: null, buttonLabel: null }],
  contactsConfig: [],
  requiredContacts: ["FACEBOOK", "LINKEDIN"],
  requiredContactsMin: 1,
  shownContacts: ["TELEGRAM", "INSTAGRAM", "LINKEDIN", "FACEBOOK"],
  stepsConfig: { profile: true, lookingFor: true, contacts: true, networks: true, avatar: true, about: true },
  senderEmail: "",
  brandConfig: { title: "Tuesday", logoUrl: null, siteUrl: null, primaryColor: "#3b5bdb", accentColor: "#f08c00" },
  policyLinks: { terms: null, privacy: null, asPlainText: true },
  navigationConfig: null,
  welcomeLayout: "standard",
  customLanding: false,
  donationUrl: null,
  currency: null,
  applyUrl: null,
  connectUrl: null,
  legalDocuments: null,
  partner: null,
};

/** `<meta name="tuesday-community">`: what GET /api/community/get-by-domain answers for this host. */
function communityInPage(): Community | null {
  const content = document.querySelector<HTMLMetaElement>('meta[name="tuesday-community"]')?.content;
  if (!content) return null;
  try {
    const parsed = JSON.parse(content) as Community | null;
    return parsed && typeof parsed === "object" && typeof parsed.id === "string" ? parsed : null;
  } catch {
    // A broken tag: the lookup answers instead.
    return null;
  }
}

/**
 * Start-up step 1 (spec 4.1), in main.tsx before anything renders: the community of this host; otherwise the communityId query
 * parameter or the stored reference id; otherwise the defaults.
 */
export async function loadCommunity(): Promise<Community> {
  // A community's own domain: the server put its configuration in the page (web/head.ts).
  const inline = communityInPage();
  if (inline) return inline;
  try {
    return await call(api.GET("/api/community/get-by-domain", { params: { query: { domain: window.location.hostname } } }));
  } catch (err) {
    const fallbackId = new URLSearchParams(window.location.search).get("communityId") ?? storage.referenceCommunityId();
    if (fallbackId) {
      try {
        return await call(api.GET("/api/community/get-by-id", { params: { query: { communityId: fallbackId } } }));
      } catch {
        // fall through to the defaults
      }
    }
    if (err instanceof ApiFailure && err.status >= 500) throw err;
    return DEFAULT_COMMUNITY;
  }
}

export const communityQueries = {
  /** Step 2: custom navigation; the default domain has none and a failure means the default bar. */
  navigation: (communityId: string) =>
    queryOptions({
      queryKey: ["community", communityId, "navigation"],
      queryFn: async (): Promise<Navigation | null> => {
        if (!communityId) return null;
        try {
          return await call(api.GET("/community/{id}/navigation.json", { params: { path: { id: communityId } } }));
        } catch {
          return null;
        }
      },
      staleTime: 5 * 60_000,
    }),
  /** The landing document in the language: landing-ru.json for RU when it exists, else landing.json. */
  landing: (communityId: string, lang: string) =>
    queryOptions({
      queryKey: ["community", communityId, "landing", lang],
      queryFn: async (): Promise<Landing | null> => {
        if (!communityId) return null;
        const files = lang === "en" ? ["landing.json"] : [`landing-${lang}.json`, "landing.json"];
        for (const file of files) {
          try {
            return await call(api.GET("/community/{id}/{file}", { params: { path: { id: communityId, file } } }));
          } catch (err) {
            if (!(err instanceof ApiFailure && err.status === 404)) throw err;
          }
        }
        return null;
      },
      staleTime: 5 * 60_000,
    }),
};

export function allowedMethods(community: Community): Set<AuthType> {
  return new Set(community.authConfig.map((a) => a.authType));
}

export function allowsCode(community: Community): boolean {
  const m = allowedMethods(community);
  return m.has("NONE") || m.has("OTP");
}

/** The code method the community lists (NONE is code-based login too). */
export function codeAuthType(community: Community): "NONE" | "OTP" {
  return allowedMethods(community).has("NONE") ? "NONE" : "OTP";
}
