import type { QueryClient, QueryFunction, QueryFunctionContext, QueryKey, SkipToken } from "@tanstack/react-query";
import { afterPaint } from "../lib/paint.ts";

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

/**
 * Asks a query's question now, before TanStack Query has loaded (a signed-in start, main.tsx), and
 * hands the answer (or its failure) to the query client when it has: the page's own query then
 * finds it in the cache or in flight. Only for query functions that read nothing of their context.
 * The promise resolves when the answer is in the cache (never rejects).
 */
export function askEarly<T, K extends QueryKey>(options: { queryKey: K; queryFn?: QueryFunction<T, K> | SkipToken | undefined }): Promise<void> {
  const { queryFn } = options;
  if (typeof queryFn !== "function") return Promise.resolve();
  const answer = Promise.resolve(queryFn({ queryKey: options.queryKey, signal: new AbortController().signal, meta: undefined } as QueryFunctionContext<K>));
  answer.catch(() => undefined);
  // Resolves once the answer (or its failure) is in the query client's cache.
  return loadQueries().then(({ queryClient }) => queryClient.prefetchQuery({ queryKey: options.queryKey, queryFn: () => answer }));
}

/**
 * Resolves once no query is fetching (the first page has its data and has painted it), or after
 * `maxMs`: for background work (the other text groups) that should not compete with the page a
 * member opened on a slow phone.
 */
export async function afterQueriesSettle(maxMs = 3_000): Promise<void> {
  const { queryClient } = await loadQueries();
  await new Promise<void>((resolve) => {
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const check = () => {
      if (queryClient.isFetching() === 0) done();
    };
    unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
  // The answer's render and paint come first.
  await new Promise<void>((resolve) => afterPaint(resolve));
}
