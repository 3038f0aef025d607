import { loadOwnParticipant } from "../participant/own.ts";
import { requireMember, requireThisCommunity } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { findParticipant } from "../participant/queries.ts";
import { acceptLanguages, chooseLang } from "../questionnaire/localize.ts";
import { communityOwner } from "../questionnaire/owner.ts";
import { readAnswers, renderQuestions, submitAnswers } from "../questionnaire/service.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { Answer, AnswerInput, Question } from "./schemas.ts";

/**
 * The community's visible onboarding questions with their visible, active options, in order, in
 * the first language the community offers of: the asked one (query), the member's, the browser's;
 * else the community's. Public: the questions page comes before joining.
 */
export async function getQuestionsByCommunity(
  ctx: Ctx,
  input: { communityId?: string | undefined; lang?: Lang | undefined; acceptLanguage?: string | undefined },
): Promise<Question[]> {
  if (input.communityId !== undefined) requireThisCommunity(ctx, input.communityId);
  const memberLang = ctx.actor.kind === "user" ? (await findParticipant(ctx.db, ctx.tenant.id, { userId: ctx.actor.userId }))?.language : undefined;
  const lang = chooseLang(ctx.tenant.config, [input.lang, memberLang, ...acceptLanguages(input.acceptLanguage)]);
  return renderQuestions(ctx.db, communityOwner(ctx.tenant.id), lang);
}

export async function getMyAnswers(ctx: Ctx): Promise<Answer[]> {
  const p = await loadOwnParticipant(ctx, await requireMember(ctx));
  return readAnswers(ctx.db, communityOwner(ctx.tenant.id), p.id);
}

/** Sets the member's answers, all or nothing (questionnaire/checker.ts); errors are keyed by question id. */
export async function updateAnswers(ctx: Ctx, input: { answers: AnswerInput[] }): Promise<Answer[]> {
  const member = await requireMember(ctx);
  return withTx(ctx.db, async (tx) => {
    // The row lock serialises two submissions of the same member, so the required check holds.
    const p = await loadOwnParticipant({ ...ctx, db: tx }, member, { forUpdate: true });
    const owner = communityOwner(ctx.tenant.id);
    if (await submitAnswers(tx, owner, p.id, input.answers)) await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return readAnswers(tx, owner, p.id);
  });
}
