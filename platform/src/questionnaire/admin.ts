/** Community admins edit the community's onboarding questions (GET/POST/PATCH/DELETE /admin/{communityId}/questions). */
import { requireCommunityAdmin } from "../authz/index.ts";
import { recordAudit, sameJson } from "../audit/record.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { createQuestion, hideQuestion, listQuestionDetails, reorderQuestions, updateQuestion } from "./editor.ts";
import { communityOwner, ownerTarget } from "./owner.ts";
import type { QuestionCreate, QuestionDetail, QuestionFile, QuestionPatch, QuestionReorder } from "./schemas.ts";
import { applyQuestionFiles, exportQuestionFile } from "./service.ts";

export async function listCommunityQuestions(ctx: Ctx, communityId: string): Promise<QuestionDetail[]> {
  await requireCommunityAdmin(ctx, communityId);
  return listQuestionDetails(ctx, communityOwner(ctx.tenant.id));
}

export async function createCommunityQuestion(ctx: Ctx, communityId: string, input: QuestionCreate): Promise<QuestionDetail> {
  await requireCommunityAdmin(ctx, communityId);
  return createQuestion(ctx, communityOwner(ctx.tenant.id), input);
}

export async function updateCommunityQuestion(ctx: Ctx, communityId: string, questionId: string, patch: QuestionPatch): Promise<QuestionDetail> {
  await requireCommunityAdmin(ctx, communityId);
  return updateQuestion(ctx, communityOwner(ctx.tenant.id), questionId, patch);
}

export async function deleteCommunityQuestion(ctx: Ctx, communityId: string, questionId: string): Promise<QuestionDetail> {
  await requireCommunityAdmin(ctx, communityId);
  return hideQuestion(ctx, communityOwner(ctx.tenant.id), questionId);
}

export async function reorderCommunityQuestions(ctx: Ctx, communityId: string, input: QuestionReorder): Promise<QuestionDetail[]> {
  await requireCommunityAdmin(ctx, communityId);
  return reorderQuestions(ctx, communityOwner(ctx.tenant.id), input);
}

/**
 * Makes the community's onboarding questions match a questions file, by key, as `tenant apply`
 * does with questions.json (the operator's `questions seed`): idempotent, audited when it changed.
 */
export async function seedCommunityQuestions(ctx: Ctx, communityId: string, questions: QuestionFile[]): Promise<{ changed: boolean; questions: number }> {
  await requireCommunityAdmin(ctx, communityId);
  const owner = communityOwner(ctx.tenant.id);
  return withTx(ctx.db, async (tx) => {
    const r = await applyQuestionFiles(tx, owner, questions);
    const changed = !sameJson(r.before, r.after);
    if (changed) await recordAudit(withDb(ctx, tx), { action: "questions.seed", target: ownerTarget(owner), before: r.before, after: r.after });
    return { changed, questions: questions.length };
  });
}

/** The community's onboarding questions as a questions file (`questions export`). */
export async function exportCommunityQuestions(ctx: Ctx, communityId: string) {
  await requireCommunityAdmin(ctx, communityId);
  return exportQuestionFile(ctx.db, communityOwner(ctx.tenant.id));
}
