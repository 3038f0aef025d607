import { z } from "@hono/zod-openapi";
import { pageParam, sizeParam } from "./fields.ts";

/** Paging of the member-facing lists (matching, relations, audit): 0-based pages, as the directory's. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
const MAX_PAGE = 500;

export const PageQuerySchema = z.object({
  page: pageParam(MAX_PAGE),
  size: sizeParam(PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() }).openapi(name);

/** LIMIT / OFFSET of a page query: one row more than the page, to learn whether more follow. */
export type Page = { limit: number; offset: number };

export function pageWindow(query: PageQuery): Page {
  return { limit: query.size + 1, offset: query.page * query.size };
}

/** The rows of the page itself (read with pageWindow) and whether more follow. */
export function pageRows<R>(rows: readonly R[], query: PageQuery): { rows: R[]; hasMore: boolean } {
  return { rows: rows.slice(0, query.size), hasMore: rows.length > query.size };
}
