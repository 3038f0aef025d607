import { lazyRouteComponent as tanstackLazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { type Group, textsReady } from "../i18n/index.ts";
import { loadQueries } from "./queries.ts";

/** Spec 9: a page's code that has not arrived after this long gives the retry page. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChunkLoadError";
  }
}

/** A page's code did not load: timed out here, or the browser's own dynamic-import failure. */
export function isChunkLoadError(err: unknown): boolean {
  if (err instanceof ChunkLoadError) return true;
  const message = err instanceof Error ? err.message : "";
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** The importer, rejected with a ChunkLoadError when it has not settled within CHUNK_LOAD_TIMEOUT_MS. */
export function withChunkTimeout<T>(importer: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`A page's code did not load within ${ms} ms`)), ms);
      importer().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
}

/**
 * TanStack's lazyRouteComponent with the chunk-load timeout; the page comes under the query
 * client's provider, which loads with it (app/queries.ts), and waits for i18next (its components
 * use react-i18next; only the entry's render before it, i18n/first-paint.ts) and for the text
 * groups it renders with (`texts`). With its texts in, the page never suspends on them: a
 * suspended page shows its route's spinner, and React then holds the page back for up to 300 ms
 * after its texts arrive (its Suspense reveal throttle).
 */
export function lazyRouteComponent<T extends Record<string, unknown>, K extends keyof T>(
  importer: () => Promise<T>,
  exportName: K,
  texts: readonly Group[] = [],
): ReturnType<typeof tanstackLazyRouteComponent<T, K>> {
  return tanstackLazyRouteComponent(
    withChunkTimeout(() =>
      Promise.all([importer(), loadQueries(), textsReady(texts)]).then(([mod, layer]) => {
        const name = (exportName ?? "default") as keyof typeof mod;
        return { ...mod, [name]: layer.withQueries(mod[name] as ComponentType<object>) } as typeof mod;
      }),
    ),
    exportName,
  );
}

/**
 * A route's component that renders a lazy page: the route takes the page's preload, so the router
 * loads the page (its code and texts) with the route, and the first render (main.tsx awaits
 * router.load) or a navigation never shows the route's spinner while it arrives.
 */
export function preloading<P extends object>(page: { preload?: (() => Promise<void> | undefined) | undefined }, component: (props: P) => ReactNode) {
  return Object.assign(component, { preload: () => page.preload?.() });
}
