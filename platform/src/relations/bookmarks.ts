import { requireMember } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { type PageQuery, pageRows, pageWindow } from "../lib/paging.ts";
import { cardsOf, iso, loadMe, requireOtherMember } from "../members/index.ts";
import { deleteBookmark, insertBookmark, listBookmarks } from "./queries.ts";
import type { Bookmark, BookmarkPage, BookmarkState } from "./schemas.ts";

/** GET /bookmarks: members I bookmarked, newest first. */
export async function listMyBookmarks(ctx: Ctx, query: PageQuery): Promise<BookmarkPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const { rows, hasMore } = pageRows(await listBookmarks(ctx.db, ctx.tenant.id, me.participant.id, pageWindow(query)), query);
  const cards = await cardsOf(ctx, me.viewer, rows.map((r) => r.subjectId));
  const items: Bookmark[] = [];
  for (const r of rows) {
    const participant = cards.get(r.subjectId);
    if (participant) items.push({ subjectId: r.subjectId, createdAt: iso(r.createdAt), participant });
  }
  return { items, page: query.page, size: query.size, hasMore };
}

/** POST /bookmarks/{id}: idempotent. */
export async function addBookmark(ctx: Ctx, subjectId: string): Promise<BookmarkState> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const subject = await requireOtherMember(ctx, me, subjectId);
  await insertBookmark(ctx.db, ctx.tenant.id, me.participant.id, subject.id);
  return { subjectId: subject.id, bookmarked: true };
}

/** DELETE /bookmarks/{id}: idempotent. */
export async function removeBookmark(ctx: Ctx, subjectId: string): Promise<BookmarkState> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const subject = await requireOtherMember(ctx, me, subjectId);
  await deleteBookmark(ctx.db, ctx.tenant.id, me.participant.id, subject.id);
  return { subjectId: subject.id, bookmarked: false };
}
