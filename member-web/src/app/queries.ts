import type { QueryClient } from "@tanstack/react-query";

type QueryLayer = typeof import("./query-layer.tsx");

let loading: Promise<QueryLayer> | undefined;
let loaded: QueryLayer | undefined;

/**
 * TanStack Query is not in the sign-in page's bundle (issue 17): the login page renders and signs
 * in through the generated client alone. The query client and its provider load with the first
 * lazy page, the signed-in bar or the member guard, whichever comes first; there is one client.
 */
export function loadQueries(): Promise<QueryLayer> {
  loading ??= import("./query-layer.tsx").then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/** The query client once it has loaded, else null (nothing is cached before that). */
export function loadedQueryClient(): QueryClient | null {
  return loaded?.queryClient ?? null;
}
