import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/**
 * Reads again what a write changed (decision 0220, as the console does). Invalidating alone is not
 * enough: a query whose first fetch (a new search's, say) is still in flight keeps that fetch, begun
 * before the write, as its answer, and the screen would show what was there before. Fetches in
 * flight are cancelled first, so each active query reads after the write. Resolves once the active
 * queries have read again.
 */
export function readAgain(queryClient: QueryClient, filters?: QueryFilters): Promise<void> {
  return queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
}
