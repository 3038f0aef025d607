import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, call, isApiFailure } from "../../api/client.ts";
import { isLang, LOCALES } from "../../i18n/index.ts";
import { key, noRetryOn4xx, PAGE_SIZE, startupQueries } from "./startup-queries.ts";
import { readAgain } from "../../lib/refresh.ts";

export type Recommendation = components["schemas"]["Recommendation"];
export type RecommendationPage = components["schemas"]["RecommendationPage"];
export type MemberCard = components["schemas"]["MatchingMemberCard"];
export type Credits = components["schemas"]["Credits"];
export type MatchingStatus = components["schemas"]["MatchingStatus"];
export type IntroRequest = components["schemas"]["IntroRequest"];
export type IntroRequestPage = components["schemas"]["IntroRequestPage"];
export type Bookmark = components["schemas"]["Bookmark"];
export type BookmarkPage = components["schemas"]["BookmarkPage"];
export type RelationReason = NonNullable<components["schemas"]["RelationBody"]["reason"]>;

/** Limits of the matching API (platform/src/matching/api/schemas.ts). */
export const INTRO_MAX = 1000;
export const NOTE_MAX = 1000;
/** Error code of exhausted credits (spec 8 "Credits ran out; try again in a given time"). */
export const CREDITS_EXHAUSTED = 1018;

export { PAGE_SIZE };

export const matchingQueries = {
  ...startupQueries,
  /** Results I sent an intro for (My request tab). */
  connected: () =>
    infiniteQueryOptions({
      queryKey: key("connected"),
      queryFn: ({ pageParam }) => call(api.GET("/api/matching/instant", { params: { query: { page: pageParam, size: PAGE_SIZE, status: "CONNECTED" } } })),
      initialPageParam: 0,
      getNextPageParam: (last: RecommendationPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
  /** Every contact I was matched with (Contacts, Interested tab). */
  history: () =>
    infiniteQueryOptions({
      queryKey: key("history"),
      queryFn: ({ pageParam }) => call(api.GET("/api/matching/matches-history", { params: { query: { page: pageParam, size: PAGE_SIZE } } })),
      initialPageParam: 0,
      getNextPageParam: (last: RecommendationPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
  bookmarks: () =>
    infiniteQueryOptions({
      queryKey: key("bookmarks"),
      queryFn: ({ pageParam }) => call(api.GET("/api/bookmarks", { params: { query: { page: pageParam, size: PAGE_SIZE } } })),
      initialPageParam: 0,
      getNextPageParam: (last: BookmarkPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
  /** Intros sent to me (Requests tab). */
  requests: () =>
    infiniteQueryOptions({
      queryKey: key("requests"),
      queryFn: ({ pageParam }) => call(api.GET("/api/requests", { params: { query: { page: pageParam, size: PAGE_SIZE, scope: "mine" } } })),
      initialPageParam: 0,
      getNextPageParam: (last: IntroRequestPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
  credits: () =>
    queryOptions({
      queryKey: key("credits"),
      queryFn: () => call(api.GET("/api/matching/credits")),
      staleTime: 30_000,
      retry: noRetryOn4xx,
    }),
  pendingScore: (matchingResultId: string) =>
    queryOptions({
      queryKey: key("pending-score", matchingResultId),
      queryFn: () => call(api.GET("/api/matching/{id}/pending-score", { params: { path: { id: matchingResultId } } })),
      retry: noRetryOn4xx,
    }),
  /** The community's support address, for "Report". */
  contact: () =>
    queryOptions({
      queryKey: ["contact-info"],
      queryFn: () => call(api.GET("/api/contact")),
      staleTime: 10 * 60_000,
    }),
};

/** After any matching action the lists may all change: refetch what is on screen. */
export function matchingChanged(queryClient: QueryClient): Promise<void> {
  return readAgain(queryClient, { queryKey: ["matching"] });
}

export async function sendIntro(from: string, matchingResultId: string, introMessage: string) {
  return call(api.POST("/api/matching/send-intro", { body: { from, matchingResultId, introMessage } }));
}

export async function setBookmark(subjectId: string, on: boolean) {
  const params = { params: { path: { id: subjectId } } };
  return call(on ? api.POST("/api/bookmarks/{id}", params) : api.DELETE("/api/bookmarks/{id}", params));
}

export async function notInterested(subjectId: string, reason: RelationReason, note: string) {
  return call(api.POST("/api/relations", { body: { subjectId, relationType: "DISLIKE", reason, note: note.trim() || null } }));
}

export type ReportReason = components["schemas"]["ReportReason"];
export const REPORT_NOTE_MAX = 1000;

/** POST /reports: a second report of the same member answers the open one (no error). */
export async function reportMember(reportedId: string, reason: ReportReason, note: string) {
  return call(api.POST("/api/reports", { body: { reportedId, reason, note: note.trim() || null } }));
}

export async function answerRequest(id: string, answer: "ACCEPTED" | "DECLINED") {
  return call(api.POST("/api/requests/{id}/answer", { params: { path: { id } }, body: { answer } }));
}

export async function updateScore(matchingId: string, input: { score: number | null; notes: string; noMeeting: boolean }) {
  return call(
    api.POST("/api/matching/update-score", {
      body: { matchingId, score: input.noMeeting ? null : input.score, notes: input.notes.trim() || null, noMeeting: input.noMeeting },
    }),
  );
}

export async function updateNote(matchingId: string, note: string) {
  return call(api.POST("/api/matching/update-note", { body: { matchingId, note: note.trim() || null } }));
}

export async function pauseMatching(weeks: number) {
  return call(api.POST("/api/matching/pause", { body: { weeks } }));
}

/**
 * Stores a status the server just answered. A status fetch still in flight (started before the
 * change, e.g. on page load) is cancelled first, so its older answer cannot overwrite this one.
 */
export async function setMatchingStatus(queryClient: QueryClient, status: MatchingStatus): Promise<void> {
  const { queryKey } = matchingQueries.status();
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, status);
}

export async function skipMatching(week?: string) {
  return call(api.POST("/api/matching/skip", { body: week ? { week } : {} }));
}

export async function resumeMatching() {
  return call(api.POST("/api/matching/resume"));
}

function locale(lang: string): string | undefined {
  return isLang(lang) ? LOCALES[lang] : undefined;
}

/** A local Tuesday (YYYY-MM-DD) as "Tuesday, 24 November": the date itself, never shifted by the time zone. */
export function formatDay(isoDay: string, lang: string): string {
  const d = new Date(`${isoDay}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDay;
  return d.toLocaleDateString(locale(lang), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}

export function formatDate(isoTime: string, lang: string): string {
  const d = new Date(isoTime);
  if (Number.isNaN(d.getTime())) return isoTime;
  return d.toLocaleDateString(locale(lang), { day: "numeric", month: "long", year: "numeric" });
}

/** When exhausted credits refill, from the 1018 error (`errors.refillAt`), as a local date and time. */
export function refillTime(err: unknown, lang: string): string | null {
  if (!isApiFailure(err) || err.code !== CREDITS_EXHAUSTED) return null;
  const at = err.fields.refillAt;
  const d = at ? new Date(at) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  return d.toLocaleString(locale(lang), { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
}

/** The public profile link of a member: what "Share" copies. */
export function profileLink(slug: string): string {
  return `${window.location.origin}/u/${encodeURIComponent(slug)}`;
}
