import { requireMember } from "../../authz/index.ts";
import { type Ctx, withDb } from "../../context.ts";
import { withTx } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { publishModelChange } from "../model-change.ts";
import { loadMe } from "../../members/index.ts";
import { emitWebhook } from "../../webhooks/index.ts";
import { findMyResult } from "../results.ts";
import { saveFeedback, saveNote } from "./queries.ts";
import { feedbackOf } from "./recommendations.ts";
import type { PendingScore, UpdateNoteBody, UpdateNoteResult, UpdateScoreBody } from "./schemas.ts";

/**
 * POST /matching/update-score: "did you meet?" — a rating 1..5 with optional notes, or "we did not
 * meet". It may be changed later. Feedback feeds relevance (poorly rated pairs and members with
 * repeated no-shows weigh less), so the cached model is dropped.
 */
export async function updateScore(ctx: Ctx, body: UpdateScoreBody): Promise<PendingScore> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const row = await withTx(ctx.db, async (tx) => {
    const found = await findMyResult(tx, ctx.tenant.id, me.participant.id, body.matchingId, { forUpdate: true });
    if (!found) throw notFound("Match not found");
    const noMeeting = body.noMeeting ?? false;
    await saveFeedback(tx, ctx.tenant.id, found.id, { score: noMeeting ? null : body.score, notes: body.notes || null, noMeeting });
    await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    // Given again (it may be changed), it is sent again; the match's events keep their order.
    await emitWebhook(withDb(ctx, tx), "meeting.feedback", {
      matchId: found.matchId,
      matchingResultId: found.id,
      participantId: found.participantId,
      subjectId: found.subjectId,
      score: noMeeting ? null : body.score,
      noMeeting,
    }, `match:${found.matchId}`);
    return findMyResult(tx, ctx.tenant.id, me.participant.id, found.id);
  });
  if (!row) throw notFound("Match not found");
  const feedback = feedbackOf(row);
  return { matchingResultId: row.id, pending: feedback.pending, dueAt: feedback.dueAt, feedback };
}

/** POST /matching/update-note: my private note about the contact of result {matchingId}; null clears it. */
export async function updateNote(ctx: Ctx, body: UpdateNoteBody): Promise<UpdateNoteResult> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const row = await findMyResult(ctx.db, ctx.tenant.id, me.participant.id, body.matchingId);
  if (!row) throw notFound("Match not found");
  const note = body.note || null;
  await saveNote(ctx.db, ctx.tenant.id, row.id, note);
  return { matchingResultId: row.id, note };
}
