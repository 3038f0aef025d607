import type { components } from "@tuesday/api-client";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, call, isApiFailure, NOT_A_PARTICIPANT_CODE } from "../../api/client.ts";
import type { Community } from "../../api/community.ts";
import { storage } from "../../lib/storage.ts";
import { readAgain } from "../../lib/refresh.ts";

export type Profile = components["schemas"]["ParticipantProfile"];
export type PublicProfile = components["schemas"]["ParticipantPublic"];
export type Completion = components["schemas"]["ProfileCompletion"];
export type ContactType = components["schemas"]["ContactTypeInfo"]["type"];
export type ContactTypeInfo = components["schemas"]["ContactTypeInfo"];
export type Contacts = components["schemas"]["Contacts"];
export type LookingFor = Profile["lookingFor"][number];
export type Privacy = Profile["privacy"];
export type Step = Completion["steps"][number]["step"];
export type UpdateProfileInput = components["schemas"]["UpdateProfile"];

/** The spec's lookingFor choices (section 3), in its order. */
export const LOOKING_FOR: readonly LookingFor[] = ["LOOKING_FOR", "CAN_HELP_WITH", "NEED_HELP_WITH", "MEET_NEW_PEOPLE", "OPEN_TO_ANY", "OTHER"];
/** Onboarding steps in the order the flow shows them (spec 2.3). */
export const STEPS: readonly Step[] = ["profile", "lookingFor", "contacts", "networks", "avatar", "about"];
export const PRIVACY: readonly Privacy[] = ["NONE", "PRIVATE", "CUSTOM"];

/** Text bounds mirrored from the server's form limits; the server still decides. */
export const LIMITS = { name: 60, company: 100, position: 100, city: 100, about: 2000, freeText: 1000, tag: 50, tags: 30 } as const;

export function isStep(value: unknown): value is Step {
  return typeof value === "string" && (STEPS as readonly string[]).includes(value);
}

/** Steps the community shows (stepsConfig), in flow order. */
export function visibleSteps(community: Community): Step[] {
  return STEPS.filter((s) => community.stepsConfig[s]);
}

export const profileQueries = {
  /** The signed-in member's participant here; null when they have not joined yet (403, code 1021). */
  own: () =>
    queryOptions({
      queryKey: ["profile", "own", storage.token()],
      queryFn: async (): Promise<Profile | null> => {
        try {
          return await call(api.GET("/api/participant/profile"));
        } catch (err) {
          if (isApiFailure(err) && err.code === NOT_A_PARTICIPANT_CODE) return null;
          throw err;
        }
      },
      staleTime: 30_000,
    }),
  completion: (participantId: string) =>
    queryOptions({
      queryKey: ["profile", "completion", participantId],
      queryFn: () => call(api.GET("/api/participant/{id}/profile-completion", { params: { path: { id: participantId } } })),
    }),
  contactTypes: () =>
    queryOptions({
      queryKey: ["constants", "contact-types"],
      queryFn: () => call(api.GET("/api/constants/contacts/types")),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  bySlug: (slug: string) =>
    queryOptions({
      queryKey: ["profile", "slug", slug, storage.token()],
      queryFn: () => call(api.GET("/api/participant/profile/{slug}", { params: { path: { slug } } })),
      retry: false,
    }),
};

/** After a save: the new profile in the cache, and everything derived from it refetched. */
export function profileSaved(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileQueries.own().queryKey, profile);
  void readAgain(queryClient, { queryKey: ["profile", "completion"] });
  void readAgain(queryClient, { queryKey: ["profile", "slug"] });
  void readAgain(queryClient, { queryKey: ["directory"] });
}

export async function updateProfile(body: UpdateProfileInput): Promise<Profile> {
  return call(api.POST("/api/participant/update-profile", { body }));
}

type Avatar = { sizes?: Partial<Record<"108" | "256" | "512", string>> };

/** The spec's avatar size helper (section 9): 108 below 576 px of width, 256 below 768, else 512. */
export function avatarSizeFor(width: number): "108" | "256" | "512" {
  if (width < 576) return "108";
  if (width < 768) return "256";
  return "512";
}

/** The URL of an avatar in a size; the API types the stored avatar loosely, so it is read with care. */
export function avatarUrl(avatar: Record<string, unknown> | null | undefined, size: "108" | "256" | "512"): string | null {
  const sizes = (avatar as Avatar | null | undefined)?.sizes;
  if (!sizes || typeof sizes !== "object") return null;
  const url = sizes[size] ?? sizes["512"] ?? sizes["256"] ?? sizes["108"];
  return typeof url === "string" && url.startsWith("/") ? url : null;
}

export function fullName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

export function initials(p: { firstName: string; lastName: string }): string {
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase() || "?";
}

const DROPPED_TAGS = new Set(["other", "другое"]);

/**
 * The tag rule of spec 3, mirrored so the chips show what will be stored: trimmed, "Other"
 * dropped, over 50 characters cut to 47 + "…", deduplicated case-insensitively. The server decides.
 */
export function normaliseTag(raw: string): string | null {
  let tag = raw.trim().replace(/\s+/g, " ");
  if (!tag || DROPPED_TAGS.has(tag.toLowerCase())) return null;
  const chars = [...tag];
  if (chars.length > LIMITS.tag) tag = `${chars.slice(0, LIMITS.tag - 3).join("")}…`;
  return tag;
}

export function addTags(current: string[], raw: string): string[] {
  const out = [...current];
  const seen = new Set(current.map((t) => t.toLowerCase()));
  for (const part of raw.split(",")) {
    const tag = normaliseTag(part);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

const LINKEDIN_RE = /^(?:https?:\/\/)?(?:(?:www|[a-z]{2})\.)?linkedin\.com\/in\/([A-Za-z0-9_%.-]{2,100})\/?(?:[?#].*)?$/i;

const LINKEDIN_USERNAME_RE = /^@?([A-Za-z0-9_-][A-Za-z0-9_.-]{1,99})$/;

/**
 * The professional-network rule (spec 5): a profile address or just the username; either way the
 * stored value is the standard profile prefix followed by the username. Undefined: neither.
 */
export function normaliseLinkedIn(value: string): string | undefined {
  const v = value.trim();
  const username = LINKEDIN_RE.exec(v)?.[1] ?? LINKEDIN_USERNAME_RE.exec(v)?.[1];
  return username ? `https://www.linkedin.com/in/${username}` : undefined;
}

export function isLinkedInProfile(value: string): boolean {
  return normaliseLinkedIn(value) !== undefined;
}
