/**
 * The questionnaire core: reading, rendering and answering one owner's questions, and applying a
 * questions file. Callers (community onboarding now, events next) check who may do it first.
 */
import type { Db } from "../db/client.ts";
import type { Lang } from "../tenancy/schema.ts";
import { checkAnswers, type Questionnaire } from "./checker.ts";
import { localizeQuestions } from "./localize.ts";
import type { QuestionnaireOwner } from "./owner.ts";
import {
  type AnswerRow,
  deleteAnswer,
  listAnswers,
  listOptions,
  listQuestionDocs,
  listQuestions,
  lockQuestionnaire,
  upsertAnswer,
  upsertQuestionFiles,
} from "./queries.ts";
import type { Answer, AnswerInput, Question, QuestionFile } from "./schemas.ts";

export async function loadQuestionnaire(db: Db, owner: QuestionnaireOwner): Promise<Questionnaire> {
  const [questions, options] = await Promise.all([listQuestions(db, owner), listOptions(db, owner)]);
  return { questions, options };
}

/** What members see: visible questions and options in `lang` (chosen with `chooseLang`). */
export async function renderQuestions(db: Db, owner: QuestionnaireOwner, lang: Lang): Promise<Question[]> {
  const { questions, options } = await loadQuestionnaire(db, owner);
  return localizeQuestions(questions, options, lang);
}

function toAnswer(a: AnswerRow): Answer {
  return { questionId: a.questionId, optionIds: a.optionIds, text: a.text, answeredAt: a.answeredAt.toISOString() };
}

/** A participant's answers in question order, including answers that chose options since deactivated. */
export async function readAnswers(db: Db, owner: QuestionnaireOwner, participantId: string): Promise<Answer[]> {
  return (await listAnswers(db, owner, participantId)).map(toAnswer);
}

/**
 * Checks and stores a participant's answers, all or nothing; returns how many questions changed.
 * `partial`: the submission is one step of a resumable questionnaire (see below).
 * `db` must be a transaction in which the caller holds the participant's row lock, so two
 * submissions of the same participant cannot both pass the required-question check.
 */
export async function submitAnswers(
  db: Db,
  owner: QuestionnaireOwner,
  participantId: string,
  input: AnswerInput[],
  opts: { partial?: boolean } = {},
): Promise<number> {
  const [loaded, current] = await Promise.all([loadQuestionnaire(db, owner), listAnswers(db, owner, participantId)]);
  // A partial submission (one step of a resumable questionnaire) enforces "required" only on the
  // questions it answers: the others are checked when the member completes it (`requireAllRequired`).
  const submitted = new Set(input.map((a) => a.questionId));
  const questionnaire = opts.partial
    ? { ...loaded, questions: loaded.questions.map((q) => (submitted.has(q.id) ? q : { ...q, required: false })) }
    : loaded;
  const changes = checkAnswers(
    questionnaire,
    current.map((a) => a.questionId),
    input,
  );
  for (const [questionId, change] of changes) {
    if (change === null) await deleteAnswer(db, owner.communityId, participantId, questionId);
    else await upsertAnswer(db, { communityId: owner.communityId, participantId, questionId, ...change });
  }
  return changes.size;
}

/** Throws the checker's 400 (errors keyed by question id) when a visible required question is unanswered. */
export async function requireAllRequired(db: Db, owner: QuestionnaireOwner, participantId: string): Promise<void> {
  const [questionnaire, current] = await Promise.all([loadQuestionnaire(db, owner), listAnswers(db, owner, participantId)]);
  checkAnswers(
    questionnaire,
    current.map((a) => a.questionId),
    [],
  );
}

/**
 * Makes the owner's questions match a questions file by key (tenant apply). Returns the documents
 * before and after, so the caller can tell whether anything changed and audit it. `db` must be a
 * transaction.
 */
export async function applyQuestionFiles(db: Db, owner: QuestionnaireOwner, files: QuestionFile[]): Promise<{ before: unknown[]; after: unknown[] }> {
  await lockQuestionnaire(db, owner);
  const before = await listQuestionDocs(db, owner);
  await upsertQuestionFiles(db, owner, files);
  return { before, after: await listQuestionDocs(db, owner) };
}

type QuestionDoc = Omit<QuestionFile, "maxChoices" | "options"> & {
  position: number;
  maxChoices: number | null;
  options: (Omit<QuestionFile["options"][number], "group" | "category"> & { position: number; group: string | null; category: string | null })[];
};

/**
 * The owner's questions as a questions file (`version: 1`), in order, hidden ones included with
 * `visible: false`: what `questions seed` reads back unchanged.
 */
export async function exportQuestionFile(db: Db, owner: QuestionnaireOwner): Promise<{ version: 1; questions: QuestionFile[] }> {
  const docs = (await listQuestionDocs(db, owner)) as QuestionDoc[];
  return {
    version: 1,
    questions: docs.map(({ position: _p, maxChoices, options, ...q }) => ({
      ...q,
      ...(maxChoices !== null ? { maxChoices } : {}),
      options: options.map(({ position: _o, group, category, ...o }) => ({ ...o, ...(group !== null ? { group } : {}), ...(category !== null ? { category } : {}) })),
    })),
  };
}
