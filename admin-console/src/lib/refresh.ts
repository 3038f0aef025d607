import { type QueryClient, type QueryFilters, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Reads again what a write changed. Invalidating alone is not enough: a query whose first fetch (a
 * new filter's, say) is still in flight keeps that fetch, begun before the write, as its answer, and
 * the screen would show the row as it was. Fetches in flight are cancelled first, so each active
 * query reads after the write.
 */
export function readAgain(queryClient: QueryClient, filters?: QueryFilters): Promise<void> {
  return queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
}

/** react-admin's `useRefresh` for after a write: every active query reads again (see `readAgain`). */
export function useRefresh() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void readAgain(queryClient);
  }, [queryClient]);
}
