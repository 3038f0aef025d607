import type { Ctx } from "../../context.ts";
import { cardsOf, iso, requireMember, requireOtherMember } from "./members.ts";
import { deleteBookmark, insertBookmark, listBookmarks } from "./queries.ts";
import type { Bookmark, BookmarkPage, BookmarkState, PageQuery } from "./schemas.ts";

/** GET /bookmarks: members I bookmarked, newest first. */
export async function listMyBookmarks(ctx: Ctx, query: PageQuery): Promise<BookmarkPage> {
  const me = await requireMember(ctx);
  const rows = await listBookmarks(ctx.db, ctx.tenant.id, me.participant.id, { limit: query.size + 1, offset: query.page * query.size });
  const page = rows.slice(0, query.size);
  const cards = await cardsOf(ctx, me.viewer, page.map((r) => r.subjectId));
  const items: Bookmark[] = [];
  for (const r of page) {
    const participant = cards.get(r.subjectId);
    if (participant) items.push({ subjectId: r.subjectId, createdAt: iso(r.createdAt), participant });
  }
  return { items, page: query.page, size: query.size, hasMore: rows.length > query.size };
}

/** POST /bookmarks/{id}: idempotent. */
export async function addBookmark(ctx: Ctx, subjectId: string): Promise<BookmarkState> {
  const me = await requireMember(ctx);
  const subject = await requireOtherMember(ctx, me, subjectId);
  await insertBookmark(ctx.db, ctx.tenant.id, me.participant.id, subject.id);
  return { subjectId: subject.id, bookmarked: true };
}

/** DELETE /bookmarks/{id}: idempotent. */
export async function removeBookmark(ctx: Ctx, subjectId: string): Promise<BookmarkState> {
  const me = await requireMember(ctx);
  const subject = await requireOtherMember(ctx, me, subjectId);
  await deleteBookmark(ctx.db, ctx.tenant.id, me.participant.id, subject.id);
  return { subjectId: subject.id, bookmarked: false };
}
