import { requireMember } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { type PageQuery, pageRows, pageWindow } from "../lib/paging.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { dismissResultsAbout } from "../matching/results.ts";
import { cardsOf, iso, loadMe, requireOtherMember, toCard } from "../members/index.ts";
import { listRelations, upsertRelation } from "./queries.ts";
import type { Relation, RelationBody, RelationPage } from "./schemas.ts";

/** GET /relations: my likes and "not interested" marks, newest first, with the members' cards. */
export async function listMyRelations(ctx: Ctx, query: PageQuery): Promise<RelationPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const { rows, hasMore } = pageRows(await listRelations(ctx.db, ctx.tenant.id, me.participant.id, pageWindow(query)), query);
  const cards = await cardsOf(ctx, me.viewer, rows.map((r) => r.subjectId));
  const items: Relation[] = [];
  for (const r of rows) {
    const participant = cards.get(r.subjectId);
    if (!participant) continue;
    items.push({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt), participant });
  }
  return { items, page: query.page, size: query.size, hasMore };
}

/**
 * POST /relations: like, or "not interested" with a reason. A DISLIKE hides the contact at once
 * (my results about them are dismissed) and, because the matching input reads relations, the
 * pair is never matched again; the cached community model is dropped so that holds right away.
 */
export async function setRelation(ctx: Ctx, body: RelationBody): Promise<Relation> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const subject = await requireOtherMember(ctx, me, body.subjectId);
  const row = await withTx(ctx.db, async (tx) => {
    const saved = await upsertRelation(tx, {
      communityId: ctx.tenant.id,
      participantId: me.participant.id,
      subjectId: subject.id,
      relationType: body.relationType,
      reason: body.reason ?? null,
      note: body.note || null,
    });
    if (body.relationType === "DISLIKE") await dismissResultsAbout(tx, ctx.tenant.id, me.participant.id, subject.id);
    await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return saved;
  });
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), participant: toCard(ctx, me.viewer, subject) };
}
