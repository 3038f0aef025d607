/** Community admins edit the community's onboarding questions (GET/POST/PATCH/DELETE /admin/{communityId}/questions). */
import { requireRole, requireThisCommunity } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { createQuestion, hideQuestion, listQuestionDetails, reorderQuestions, updateQuestion } from "./editor.ts";
import { communityOwner, type QuestionnaireOwner } from "./owner.ts";
import type { QuestionCreate, QuestionDetail, QuestionPatch, QuestionReorder } from "./schemas.ts";

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
