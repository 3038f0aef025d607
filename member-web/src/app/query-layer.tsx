import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";

/** The app's one query client (loaded by app/queries.ts). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

const wrapped = new WeakMap<ComponentType<never>, ComponentType<never>>();

/**
 * A lazily loaded component under the query client's provider. Every lazy page and the signed-in
 * bar are wrapped (app/lazy.ts, the root layout); all share the one client, so the cache is one.
 */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const known = wrapped.get(Component as ComponentType<never>);
  if (known) return known as ComponentType<P>;
  function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Component.displayName ?? Component.name})`;
  wrapped.set(Component as ComponentType<never>, WithQueries as ComponentType<never>);
  return WithQueries;
}
