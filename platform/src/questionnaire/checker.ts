import { type FieldErrors, notFound, validation } from "../lib/errors.ts";
import type { OptionRow, QuestionRow } from "./queries.ts";
import { type AnswerInput, FREE_TEXT_LIMIT, REQUIRED_ANSWER_MESSAGE } from "./schemas.ts";

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

/** An answer to set, or null to clear the question's answer. */
export type AnswerChange = { optionIds: string[]; text: string | null } | null;

export type Questionnaire = { questions: QuestionRow[]; options: OptionRow[] };

/**
 * The one answer checker (spec 5). Takes a submission against the questionnaire and the questions
 * already answered, and returns the changes to make, or throws: 404 for a question that is not
 * the questionnaire's or is hidden; 400 with errors keyed by question id for everything else.
 * RADIO takes exactly one option, CHECKBOX one up to maxChoices; options must belong to the
 * question and be visible and active; text is under 256 characters and needs a FREE_TEXT option on
 * choice questions; an answer with neither options nor text clears it; no visible required
 * question may be left unanswered.
 */
export function checkAnswers(questionnaire: Questionnaire, answered: Iterable<string>, input: AnswerInput[]): Map<string, AnswerChange> {
  const questions = new Map(questionnaire.questions.map((q) => [q.id, q]));
  const options = new Map(questionnaire.options.map((o) => [o.id, o]));
  const next = new Set(answered);
  const changes = new Map<string, AnswerChange>();
  const errors: FieldErrors = {};

  for (const a of input) {
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
    next.add(q.id);
  }

  for (const q of questions.values()) {
    if (q.visible && q.required && !next.has(q.id) && !errors[q.id]) errors[q.id] = ANSWER_MESSAGES.required;
  }
  const messages = Object.values(errors);
  if (messages.length) {
    throw validation(messages.includes(ANSWER_MESSAGES.required) ? REQUIRED_ANSWER_MESSAGE : (messages[0] ?? "Invalid answers"), errors);
  }
  return changes;
}

/** The problem with one non-empty answer to `q`, if any. */
export function checkAnswer(
  q: Pick<QuestionRow, "id" | "type" | "maxChoices">,
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
