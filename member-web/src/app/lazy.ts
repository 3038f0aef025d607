import { lazyRouteComponent as tanstackLazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { i18nReady } from "../i18n/index.ts";
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
 * TanStack's lazyRouteComponent with the chunk-load timeout (same signature); the page comes under
 * the query client's provider, which loads with it (app/queries.ts), and waits for i18next (its
 * components use react-i18next; only the entry's render before it, i18n/first-paint.ts).
 */
export const lazyRouteComponent: typeof tanstackLazyRouteComponent = (importer, exportName) =>
  tanstackLazyRouteComponent(
    withChunkTimeout(() =>
      Promise.all([importer(), loadQueries(), i18nReady()]).then(([mod, layer]) => {
        const name = (exportName ?? "default") as keyof typeof mod;
        return { ...mod, [name]: layer.withQueries(mod[name] as ComponentType<object>) } as typeof mod;
      }),
    ),
    exportName,
  );
