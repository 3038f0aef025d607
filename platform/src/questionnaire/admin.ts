/** Community admins edit the community's onboarding questions (GET/POST/PATCH/DELETE /admin/{communityId}/questions). */
import { requireRole, requireThisCommunity } from "../authz/index.ts";
import { recordAudit, sameJson } from "../audit/record.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { createQuestion, hideQuestion, listQuestionDetails, reorderQuestions, updateQuestion } from "./editor.ts";
import { communityOwner, ownerTarget, type QuestionnaireOwner } from "./owner.ts";
import type { QuestionCreate, QuestionDetail, QuestionFile, QuestionPatch, QuestionReorder } from "./schemas.ts";
import { applyQuestionFiles, exportQuestionFile } from "./service.ts";

async function requireCommunityAdmin(ctx: Ctx, communityId: string): Promise<QuestionnaireOwner> {
  requireThisCommunity(ctx, communityId);
  await requireRole(ctx, "admin");
  return communityOwner(ctx.tenant.id);
}

export async function listCommunityQuestions(ctx: Ctx, communityId: string): Promise<QuestionDetail[]> {
  return listQuestionDetails(ctx, await requireCommunityAdmin(ctx, communityId));
}

export async function createCommunityQuestion(ctx: Ctx, communityId: string, input: QuestionCreate): Promise<QuestionDetail> {
  return createQuestion(ctx, await requireCommunityAdmin(ctx, communityId), input);
}

export async function updateCommunityQuestion(ctx: Ctx, communityId: string, questionId: string, patch: QuestionPatch): Promise<QuestionDetail> {
  return updateQuestion(ctx, await requireCommunityAdmin(ctx, communityId), questionId, patch);
}

export async function deleteCommunityQuestion(ctx: Ctx, communityId: string, questionId: string): Promise<QuestionDetail> {
  return hideQuestion(ctx, await requireCommunityAdmin(ctx, communityId), questionId);
}

export async function reorderCommunityQuestions(ctx: Ctx, communityId: string, input: QuestionReorder): Promise<QuestionDetail[]> {
  return reorderQuestions(ctx, await requireCommunityAdmin(ctx, communityId), input);
}

/**
 * Makes the community's onboarding questions match a questions file, by key, as `tenant apply`
 * does with questions.json (the operator's `questions seed`): idempotent, audited when it changed.
 */
export async function seedCommunityQuestions(ctx: Ctx, communityId: string, questions: QuestionFile[]): Promise<{ changed: boolean; questions: number }> {
  const owner = await requireCommunityAdmin(ctx, communityId);
  return withTx(ctx.db, async (tx) => {
    const r = await applyQuestionFiles(tx, owner, questions);
    const changed = !sameJson(r.before, r.after);
    if (changed) await recordAudit(withDb(ctx, tx), { action: "questions.seed", target: ownerTarget(owner), before: r.before, after: r.after });
    return { changed, questions: questions.length };
  });
}

/** The community's onboarding questions as a questions file (`questions export`). */
export async function exportCommunityQuestions(ctx: Ctx, communityId: string) {
  return exportQuestionFile(ctx.db, await requireCommunityAdmin(ctx, communityId));
}
