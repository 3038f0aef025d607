import { requireThisCommunity } from "../authz/index.ts";
import { parseLang } from "../account/service.ts";
import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { type FieldErrors, notFound, validation } from "../lib/errors.ts";
import { findParticipant } from "../participant/queries.ts";
import { requireOwnParticipant } from "../participant/service.ts";
import type { Lang } from "../tenancy/schema.ts";
import { type AnswerRow, deleteAnswer, listAnswers, listOptions, listQuestions, type OptionRow, upsertAnswer } from "./queries.ts";
import { type Answer, type AnswerInput, FREE_TEXT_LIMIT, type Question, REQUIRED_ANSWER_MESSAGE } from "./schemas.ts";

export const ANSWER_MESSAGES = {
  required: REQUIRED_ANSWER_MESSAGE,
  tooLong: `The answer must be under ${FREE_TEXT_LIMIT} characters`,
  twice: "The question is answered twice",
  noOptions: "This question takes a text answer, not options",
  badOption: "Unknown or inactive option",
  one: "Choose one option",
  atLeastOne: "Choose at least one option",
  upTo: (n: number) => `Choose up to ${n} options`,
  freeTextNotAllowed: "A free-text answer needs a free-text option",
  freeTextMissing: "Please describe your answer",
} as const;

/** The first of en/ru in an Accept-Language header, by the order given. */
function fromAcceptLanguage(header: string | undefined): Lang | undefined {
  for (const part of (header ?? "").split(",")) {
    const lang = parseLang(part.split(";")[0] ?? "");
    if (lang) return lang;
  }
  return undefined;
}

function localized(text: string, translations: { en?: string; ru?: string }, lang: Lang): string {
  return translations[lang] ?? text;
}

/**
 * The community's visible onboarding questions with their visible, active options, in order,
 * in the asked language (query), else the member's, else the browser's, else the default text.
 * Public: the questions page comes before joining.
 */
export async function getQuestionsByCommunity(
  ctx: Ctx,
  input: { communityId?: string | undefined; lang?: Lang | undefined; acceptLanguage?: string | undefined },
): Promise<Question[]> {
  if (input.communityId !== undefined) requireThisCommunity(ctx, input.communityId);
  let lang = input.lang;
  if (!lang && ctx.actor.kind === "user") lang = (await findParticipant(ctx.db, ctx.tenant.id, { userId: ctx.actor.userId }))?.language ?? undefined;
  lang ??= fromAcceptLanguage(input.acceptLanguage) ?? ctx.tenant.config.lang;
  const chosen: Lang = lang;

  const [questions, options] = await Promise.all([listQuestions(ctx.db, ctx.tenant.id), listOptions(ctx.db, ctx.tenant.id)]);
  const byQuestion = new Map<string, OptionRow[]>();
  for (const o of options) {
    if (!o.visible || !o.active) continue;
    const list = byQuestion.get(o.questionId) ?? [];
    list.push(o);
    byQuestion.set(o.questionId, list);
  }
  return questions
    .filter((q) => q.visible)
    .map((q) => ({
      id: q.id,
      key: q.key,
      text: localized(q.text, q.translations, chosen),
      order: q.position,
      type: q.type,
      visible: q.visible,
      required: q.required,
      translationKey: q.translationKey,
      translations: q.translations,
      maxChoices: q.maxChoices,
      options: (byQuestion.get(q.id) ?? []).map((o) => ({
        id: o.id,
        key: o.key,
        text: localized(o.text, o.translations, chosen),
        order: o.position,
        group: o.group,
        category: o.category,
        type: o.type,
      })),
    }));
}

function toAnswer(a: AnswerRow): Answer {
  return { questionId: a.questionId, optionIds: a.optionIds, text: a.text, answeredAt: a.answeredAt.toISOString() };
}

export async function getMyAnswers(ctx: Ctx): Promise<Answer[]> {
  const p = await requireOwnParticipant(ctx);
  return (await listAnswers(ctx.db, ctx.tenant.id, p.id)).map(toAnswer);
}

/**
 * Sets the member's answers, all or nothing. Rules (spec 5): RADIO takes exactly one option,
 * CHECKBOX one up to maxChoices, options must belong to the question and be active, free text is
 * under 256 characters, and no visible required question may be left unanswered. An answer with
 * neither options nor text clears it. Errors are keyed by question id.
 */
export async function updateAnswers(ctx: Ctx, input: { answers: AnswerInput[] }): Promise<Answer[]> {
  return withTx(ctx.db, async (tx) => {
    const tctx = { ...ctx, db: tx };
    // The row lock serialises two submissions of the same member, so the required check holds.
    const p = await requireOwnParticipant(tctx, { forUpdate: true });
    const questions = new Map((await listQuestions(tx, ctx.tenant.id)).map((q) => [q.id, q]));
    const options = new Map((await listOptions(tx, ctx.tenant.id)).map((o) => [o.id, o]));
    const next = new Map((await listAnswers(tx, ctx.tenant.id, p.id)).map((a) => [a.questionId, a]));
    const changes = new Map<string, { optionIds: string[]; text: string | null } | null>();
    const errors: FieldErrors = {};

    for (const a of input.answers) {
      const q = questions.get(a.questionId);
      if (!q?.visible) throw notFound("Question not found");
      if (changes.has(q.id)) {
        errors[q.id] = ANSWER_MESSAGES.twice;
        continue;
      }
      const optionIds = [...new Set(a.optionIds ?? [])];
      const text = a.text?.trim() || null;
      if (!optionIds.length && !text) {
        changes.set(q.id, null);
        next.delete(q.id);
        continue;
      }
      const problem = checkAnswer(q, optionIds, text, options);
      if (problem) errors[q.id] = problem;
      changes.set(q.id, { optionIds, text });
      next.set(q.id, { questionId: q.id, optionIds, text, answeredAt: new Date() });
    }

    for (const q of questions.values()) {
      if (q.visible && q.required && !next.has(q.id) && !errors[q.id]) errors[q.id] = ANSWER_MESSAGES.required;
    }
    if (Object.keys(errors).length) {
      const required = Object.values(errors).includes(ANSWER_MESSAGES.required);
      throw validation(required ? REQUIRED_ANSWER_MESSAGE : (Object.values(errors)[0] ?? "Invalid answers"), errors);
    }

    for (const [questionId, change] of changes) {
      if (change === null) await deleteAnswer(tx, ctx.tenant.id, p.id, questionId);
      else await upsertAnswer(tx, { communityId: ctx.tenant.id, participantId: p.id, questionId, ...change });
    }
    if (changes.size) await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return (await listAnswers(tx, ctx.tenant.id, p.id)).map(toAnswer);
  });
}

function checkAnswer(
  q: { id: string; type: string; maxChoices: number | null },
  optionIds: string[],
  text: string | null,
  options: Map<string, OptionRow>,
): string | undefined {
  if (text !== null && [...text].length >= FREE_TEXT_LIMIT) return ANSWER_MESSAGES.tooLong;
  if (q.type === "TEXT") return optionIds.length ? ANSWER_MESSAGES.noOptions : undefined;
  const chosen = optionIds.map((id) => options.get(id));
  if (chosen.some((o) => !o || o.questionId !== q.id || !o.active || !o.visible)) return ANSWER_MESSAGES.badOption;
  if (q.type === "RADIO" && chosen.length !== 1) return ANSWER_MESSAGES.one;
  if (q.type === "CHECKBOX") {
    if (chosen.length < 1) return ANSWER_MESSAGES.atLeastOne;
    if (q.maxChoices !== null && chosen.length > q.maxChoices) return ANSWER_MESSAGES.upTo(q.maxChoices);
  }
  const freeText = chosen.some((o) => o?.type === "FREE_TEXT");
  if (text !== null && !freeText) return ANSWER_MESSAGES.freeTextNotAllowed;
  if (freeText && text === null) return ANSWER_MESSAGES.freeTextMissing;
  return undefined;
}
