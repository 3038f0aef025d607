import { queryOptions } from "@tanstack/react-query";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";

/**
 * The Recommended tab's two questions, which its largest paint waits on: main.tsx asks them at a
 * signed-in start on /my_communities, with the current user's, before TanStack Query or the page's
 * code has loaded (so they are in the entry bundle; the rest of matchingQueries is in model.ts).
 */

export const PAGE_SIZE = 20;

export const noRetryOn4xx = (count: number, err: unknown) => count < 1 && !(isApiFailure(err) && err.status < 500);

/** Every key starts with "matching" and carries the token, so a new session never sees old data. */
export const key = (...parts: unknown[]) => ["matching", storage.token(), ...parts];

/** The page mounting within this long of the start-up question takes its answer instead of asking again. */
const STARTUP_FRESH_MS = 5_000;

export const startupQueries = {
  /** The Recommended tab: open results (NEW, SEEN) and connected ones; page 0 tops up on-demand ones. */
  recommended: () =>
    queryOptions({
      queryKey: key("instant"),
      queryFn: () => call(api.GET("/api/matching/instant", { params: { query: { page: 0, size: PAGE_SIZE } } })),
      retry: noRetryOn4xx,
      staleTime: STARTUP_FRESH_MS,
    }),
  status: () =>
    queryOptions({
      queryKey: key("status"),
      queryFn: () => call(api.GET("/api/matching/status")),
      retry: noRetryOn4xx,
      staleTime: STARTUP_FRESH_MS,
    }),
};
