/**
 * Event onboarding on the questionnaire core: the event's organizers edit its questions (editor,
 * audited there) and read statistics, the participants report and the CSV export; members answer
 * question by question (service + checker, `partial`), resumably, and complete it once every
 * required question is answered.
 */
import { BOM, csvRecords } from "../lib/csv.ts";
import { recordAudit } from "../audit/index.ts";
import { isOrganizer, requireMember, requireOrganizer } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { AppError, accessDenied, ErrorCode, notFound } from "../lib/errors.ts";
import { loadViewer, visibleAccountEmail } from "../participant/privacy.ts";
import { findParticipant } from "../participant/queries.ts";
import { createQuestion, getQuestionDetail, hideQuestion, listQuestionDetails, updateQuestion } from "../questionnaire/editor.ts";
import { localizeQuestions, offeredLang } from "../questionnaire/localize.ts";
import { eventOwner, type QuestionnaireOwner } from "../questionnaire/owner.ts";
import { listOptions, listQuestions, type OptionRow, type QuestionRow } from "../questionnaire/queries.ts";
import type { Answer, AnswerInput, QuestionCreate, QuestionDetail, QuestionPatch } from "../questionnaire/schemas.ts";
import { readAnswers, requireAllRequired, submitAnswers } from "../questionnaire/service.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { AnswersResult, Completion, Progress, Report, Statistics, Translation, TranslationSave } from "./onboarding-schemas.ts";
import {
  clearCompletion,
  deleteEventAnswers,
  type EventAnswerRow,
  type EventRow,
  findCompletion,
  listEventAnswers,
  listReportRows,
  lockAnswering,
  markCompleted,
} from "./queries.ts";
import { avatarUrl, requireEvent, requireVisible } from "./view.ts";

const NO_ONBOARDING = "This event has no onboarding";

async function organizerOwner(ctx: Ctx, idOrSlug: string): Promise<{ event: EventRow; owner: QuestionnaireOwner }> {
  const event = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, event.id);
  return { event, owner: eventOwner(ctx.tenant.id, event.id) };
}

/** A participant of the community who may see the event. */
async function memberOwner(ctx: Ctx, idOrSlug: string): Promise<{ event: EventRow; owner: QuestionnaireOwner; participantId: string }> {
  const { participant } = await requireMember(ctx);
  const event = await requireEvent(ctx, idOrSlug);
  await requireVisible(ctx, event);
  return { event, owner: eventOwner(ctx.tenant.id, event.id), participantId: participant.id };
}

// ---------------------------------------------------------------------------------------------
// Questions (organizers).

export async function listEventQuestions(ctx: Ctx, idOrSlug: string): Promise<QuestionDetail[]> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  return listQuestionDetails(ctx, owner);
}

export async function getEventQuestion(ctx: Ctx, idOrSlug: string, questionId: string): Promise<QuestionDetail> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  return getQuestionDetail(ctx, owner, questionId);
}

export async function createEventQuestion(ctx: Ctx, idOrSlug: string, input: QuestionCreate): Promise<QuestionDetail> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  return createQuestion(ctx, owner, input);
}

export async function updateEventQuestion(ctx: Ctx, idOrSlug: string, questionId: string, patch: QuestionPatch): Promise<QuestionDetail> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  return updateQuestion(ctx, owner, questionId, patch);
}

/** Hidden with its options retired: members' answers stay on record for the report. */
export async function deleteEventQuestion(ctx: Ctx, idOrSlug: string, questionId: string): Promise<QuestionDetail> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  return hideQuestion(ctx, owner, questionId);
}

// ---------------------------------------------------------------------------------------------
// Languages.

/** The language wanted and the one to fall back to, both among the community's. */
function langs(ctx: Ctx, language: string | undefined, defaultLanguage: string | undefined): { lang: Lang; fallback: Lang } {
  const fallback = offeredLang(ctx.tenant.config, defaultLanguage) ?? ctx.tenant.config.lang;
  return { lang: offeredLang(ctx.tenant.config, language) ?? fallback, fallback };
}

/** `lang`'s text, else `fallback`'s, else the default text: the core's localizer over translations resolved first. */
function localized(questions: QuestionRow[], options: OptionRow[], lang: Lang, fallback: Lang) {
  const resolve = <T extends { translations: Partial<Record<Lang, string>> }>(row: T): T => {
    const text = row.translations[lang] ?? row.translations[fallback];
    return { ...row, translations: text === undefined ? {} : { [lang]: text } };
  };
  const original = new Map(questions.map((q) => [q.id, q.translations]));
  return localizeQuestions(questions.map(resolve), options.map(resolve), lang).map((q) => ({ ...q, translations: original.get(q.id) ?? {} }));
}

/** GET questions/translated: the visible questions in `language`, falling back to `defaultLanguage`. */
export async function translatedQuestions(ctx: Ctx, idOrSlug: string, language?: string, defaultLanguage?: string) {
  const { owner } = await memberOwner(ctx, idOrSlug);
  const { lang, fallback } = langs(ctx, language, defaultLanguage);
  const [questions, options] = await Promise.all([listQuestions(ctx.db, owner), listOptions(ctx.db, owner)]);
  return localized(questions, options, lang, fallback);
}

/** GET questions/participant: the same, each with the caller's answer (where a resumed onboarding continues). */
export async function participantQuestions(ctx: Ctx, idOrSlug: string, language?: string, defaultLanguage?: string) {
  const { owner, participantId } = await memberOwner(ctx, idOrSlug);
  const { lang, fallback } = langs(ctx, language, defaultLanguage);
  const [questions, options, answers] = await Promise.all([listQuestions(ctx.db, owner), listOptions(ctx.db, owner), readAnswers(ctx.db, owner, participantId)]);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  return localized(questions, options, lang, fallback).map((q) => ({ ...q, answer: byQuestion.get(q.id) ?? null }));
}

// ---------------------------------------------------------------------------------------------
// Translations, keyed by a question's translationKey.

async function questionByKey(ctx: Ctx, owner: QuestionnaireOwner, translationKey: string): Promise<QuestionRow> {
  const q = (await listQuestions(ctx.db, owner)).find((x) => x.translationKey === translationKey);
  if (!q) throw notFound("Translation key not found");
  return q;
}

function requireCommunityLang(ctx: Ctx, language: Lang): void {
  if (!ctx.tenant.config.langChoices.includes(language)) {
    throw new AppError(ErrorCode.VALIDATION, `The community's languages are ${ctx.tenant.config.langChoices.join(", ")}`, { errors: { language: "Not a language of this community" } });
  }
}

export async function saveTranslation(ctx: Ctx, idOrSlug: string, input: TranslationSave): Promise<Translation> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  requireCommunityLang(ctx, input.language);
  const q = await questionByKey(ctx, owner, input.translationKey);
  await updateQuestion(ctx, owner, q.id, { translations: { ...q.translations, [input.language]: input.translatedText } });
  return { translationKey: q.translationKey, language: input.language, translatedText: input.translatedText, resolvedLanguage: input.language, fallback: false };
}

/** The text in `language`, else in `defaultLanguage` (default: the community's), else the question's own text. */
export async function getTranslation(ctx: Ctx, idOrSlug: string, translationKey: string, language: Lang, defaultLanguage?: string): Promise<Translation> {
  const { owner } = await memberOwner(ctx, idOrSlug);
  const q = await questionByKey(ctx, owner, translationKey);
  const own = q.translations[language];
  if (own !== undefined) return { translationKey, language, translatedText: own, resolvedLanguage: language, fallback: false };
  const fallbackLang = offeredLang(ctx.tenant.config, defaultLanguage) ?? ctx.tenant.config.lang;
  const other = q.translations[fallbackLang];
  if (other !== undefined) return { translationKey, language, translatedText: other, resolvedLanguage: fallbackLang, fallback: true };
  return { translationKey, language, translatedText: q.text, resolvedLanguage: null, fallback: true };
}

export async function translationLanguages(ctx: Ctx, idOrSlug: string, translationKey: string): Promise<{ translationKey: string; languages: Lang[] }> {
  const { owner } = await memberOwner(ctx, idOrSlug);
  const q = await questionByKey(ctx, owner, translationKey);
  return { translationKey, languages: (Object.keys(q.translations) as Lang[]).sort() };
}

export async function deleteTranslation(ctx: Ctx, idOrSlug: string, translationKey: string, language: Lang): Promise<{ ok: true }> {
  const { owner } = await organizerOwner(ctx, idOrSlug);
  const q = await questionByKey(ctx, owner, translationKey);
  if (q.translations[language] === undefined) throw notFound("No translation in this language");
  const { [language]: _gone, ...rest } = q.translations;
  await updateQuestion(ctx, owner, q.id, { translations: rest });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Answering (members).

async function progressOf(ctx: Ctx, owner: QuestionnaireOwner & { kind: "event" }, participantId: string): Promise<Progress> {
  const [questions, answers, completedAt] = await Promise.all([
    listQuestions(ctx.db, owner),
    readAnswers(ctx.db, owner, participantId),
    findCompletion(ctx.db, owner.communityId, owner.eventId, participantId),
  ]);
  const visible = questions.filter((q) => q.visible);
  const answered = new Set(answers.map((a) => a.questionId));
  const required = visible.filter((q) => q.required);
  const requiredAnswered = required.filter((q) => answered.has(q.id)).length;
  const answeredVisible = visible.filter((q) => answered.has(q.id)).length;
  return {
    total: visible.length,
    answered: answeredVisible,
    required: required.length,
    requiredAnswered,
    percent: visible.length ? Math.round((answeredVisible / visible.length) * 100) : 100,
    nextQuestionId: visible.find((q) => !answered.has(q.id))?.id ?? null,
    completed: completedAt !== null,
    canComplete: requiredAnswered === required.length,
  };
}

function eventOwnerOf(event: EventRow, ctx: Ctx) {
  return { kind: "event" as const, communityId: ctx.tenant.id, eventId: event.id };
}

/**
 * Stores answers (one question or several: a step of the resumable onboarding). Required is
 * enforced on the questions answered; the rest when completing. Clearing a required answer of a
 * completed onboarding is refused by the same check.
 */
async function submit(ctx: Ctx, idOrSlug: string, input: AnswerInput[]): Promise<AnswersResult> {
  const { event, participantId } = await memberOwner(ctx, idOrSlug);
  if (!event.onboardingEnabled) throw new AppError(ErrorCode.ILLEGAL_TRANSITION, NO_ONBOARDING);
  const owner = eventOwnerOf(event, ctx);
  await withTx(ctx.db, async (tx) => {
    await lockAnswering(tx, ctx.tenant.id, event.id, participantId);
    await submitAnswers(tx, owner, participantId, input, { partial: true });
  });
  const [answers, progress] = await Promise.all([readAnswers(ctx.db, owner, participantId), progressOf(ctx, owner, participantId)]);
  return { answers, progress };
}

/** POST onboarding/answers: several answers at once. */
export function submitEventAnswers(ctx: Ctx, idOrSlug: string, answers: AnswerInput[]): Promise<AnswersResult> {
  return submit(ctx, idOrSlug, answers);
}

/** POST onboarding/user-answers: one answer, question by question. */
export function submitUserAnswer(ctx: Ctx, idOrSlug: string, answer: AnswerInput): Promise<AnswersResult> {
  return submit(ctx, idOrSlug, [answer]);
}

export async function myEventAnswers(ctx: Ctx, idOrSlug: string): Promise<Answer[]> {
  const { owner, participantId } = await memberOwner(ctx, idOrSlug);
  return readAnswers(ctx.db, owner, participantId);
}

/** Deletes my answers (one question's, or all) and with them the completion. */
export async function deleteMyEventAnswers(ctx: Ctx, idOrSlug: string, questionId?: string): Promise<AnswersResult> {
  const { event, participantId } = await memberOwner(ctx, idOrSlug);
  const owner = eventOwnerOf(event, ctx);
  await withTx(ctx.db, async (tx) => {
    await lockAnswering(tx, ctx.tenant.id, event.id, participantId);
    await deleteEventAnswers(tx, ctx.tenant.id, event.id, participantId, questionId);
    await clearCompletion(tx, ctx.tenant.id, event.id, participantId);
  });
  return { answers: await readAnswers(ctx.db, owner, participantId), progress: await progressOf(ctx, owner, participantId) };
}

/** The participant's own answers, or anyone's for the event's organizers. */
async function answersTarget(ctx: Ctx, idOrSlug: string, participantId: string) {
  const { event, owner, participantId: me } = await memberOwner(ctx, idOrSlug);
  const organizer = participantId !== me;
  if (organizer) {
    if (!(await isOrganizer(ctx, event.id))) throw accessDenied("You can only see your own answers");
    if (!(await findParticipant(ctx.db, ctx.tenant.id, { id: participantId }))) throw notFound("Participant not found");
  }
  return { event, owner, organizer };
}

export async function userAnswers(ctx: Ctx, idOrSlug: string, participantId: string): Promise<Answer[]> {
  const { owner } = await answersTarget(ctx, idOrSlug, participantId);
  return readAnswers(ctx.db, owner, participantId);
}

/** DELETE onboarding/user-answers/{participantId}: the member's own, or an organizer's (audited). */
export async function deleteUserAnswers(ctx: Ctx, idOrSlug: string, participantId: string): Promise<{ ok: true; deleted: number }> {
  const { event, owner, organizer } = await answersTarget(ctx, idOrSlug, participantId);
  const deleted = await withTx(ctx.db, async (tx) => {
    await lockAnswering(tx, ctx.tenant.id, event.id, participantId);
    const before = organizer ? await readAnswers(tx, owner, participantId) : [];
    const n = await deleteEventAnswers(tx, ctx.tenant.id, event.id, participantId);
    await clearCompletion(tx, ctx.tenant.id, event.id, participantId);
    if (organizer) {
      await recordAudit(withDb(ctx, tx), { action: "event_answers.delete", target: { type: "event_participation", id: `${event.id}:${participantId}` }, before, after: null });
    }
    return n;
  });
  return { ok: true, deleted };
}

export async function eventProgress(ctx: Ctx, idOrSlug: string): Promise<Progress> {
  const { event, participantId } = await memberOwner(ctx, idOrSlug);
  return progressOf(ctx, eventOwnerOf(event, ctx), participantId);
}

export async function eventCompletion(ctx: Ctx, idOrSlug: string): Promise<Completion> {
  const { event, participantId } = await memberOwner(ctx, idOrSlug);
  const at = await findCompletion(ctx.db, ctx.tenant.id, event.id, participantId);
  return { completed: at !== null, completedAt: at?.toISOString() ?? null };
}

/** POST onboarding/complete: 400 (errors by question id) while a required question is unanswered. */
export async function completeEventOnboarding(ctx: Ctx, idOrSlug: string): Promise<Completion> {
  const { event, participantId } = await memberOwner(ctx, idOrSlug);
  if (!event.onboardingEnabled) throw new AppError(ErrorCode.ILLEGAL_TRANSITION, NO_ONBOARDING);
  const owner = eventOwnerOf(event, ctx);
  const at = await withTx(ctx.db, async (tx) => {
    await lockAnswering(tx, ctx.tenant.id, event.id, participantId);
    await requireAllRequired(tx, owner, participantId);
    return markCompleted(tx, ctx.tenant.id, event.id, participantId);
  });
  return { completed: true, completedAt: at.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Organizers' views: statistics, report, CSV.

const percent = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);

export async function eventStatistics(ctx: Ctx, idOrSlug: string): Promise<Statistics> {
  const { event, owner } = await organizerOwner(ctx, idOrSlug);
  const [questions, options, answers, report] = await Promise.all([
    listQuestions(ctx.db, owner),
    listOptions(ctx.db, owner),
    listEventAnswers(ctx.db, ctx.tenant.id, event.id),
    listReportRows(ctx.db, ctx.tenant.id, event.id),
  ]);
  const respondents = new Set(answers.map((a) => a.participantId)).size;
  return {
    respondents,
    completed: report.filter((r) => r.completedAt !== null).length,
    questions: questions
      .filter((q) => q.visible || answers.some((a) => a.questionId === q.id))
      .map((q) => {
        const mine = answers.filter((a) => a.questionId === q.id);
        return {
          questionId: q.id,
          text: q.text,
          type: q.type,
          answered: mine.length,
          percent: percent(mine.length, respondents),
          options: options
            .filter((o) => o.questionId === q.id)
            .map((o) => {
              const count = mine.filter((a) => a.optionIds.includes(o.id)).length;
              return { optionId: o.id, key: o.key, text: o.text, count, percent: percent(count, mine.length) };
            }),
        };
      }),
  };
}

/** An answer as one line of text: the chosen options, then the free text. */
function answerText(a: EventAnswerRow, options: Map<string, OptionRow>): string {
  const chosen = a.optionIds.map((id) => options.get(id)?.text ?? "").filter(Boolean);
  return [...chosen, ...(a.text ? [a.text] : [])].join("; ");
}

async function reportData(ctx: Ctx, idOrSlug: string) {
  const { event, owner } = await organizerOwner(ctx, idOrSlug);
  const [questions, options, answers, people, viewer] = await Promise.all([
    listQuestions(ctx.db, owner),
    listOptions(ctx.db, owner),
    listEventAnswers(ctx.db, ctx.tenant.id, event.id),
    listReportRows(ctx.db, ctx.tenant.id, event.id),
    loadViewer(ctx),
  ]);
  // Organizers may be plain members: each attendee's account e-mail as the attendee's privacy
  // lets this organizer see it (staff see every one).
  const rows = people.map((r) => ({ ...r, email: visibleAccountEmail(viewer, { id: r.participantId, communityId: ctx.tenant.id, privacy: r.privacy, hiddenContacts: r.hiddenContacts }, r.email, ctx.tenant) }));
  const shown = questions.filter((q) => q.visible || answers.some((a) => a.questionId === q.id));
  const optionMap = new Map(options.map((o) => [o.id, o]));
  const byParticipant = new Map<string, Map<string, string>>();
  for (const a of answers) {
    const m = byParticipant.get(a.participantId) ?? new Map<string, string>();
    m.set(a.questionId, answerText(a, optionMap));
    byParticipant.set(a.participantId, m);
  }
  return { event, shown, rows, byParticipant };
}

/** GET onboarding/report: everyone who joined or answered, with status, payment, completion and answers. */
export async function eventReport(ctx: Ctx, idOrSlug: string): Promise<Report> {
  const { shown, rows, byParticipant } = await reportData(ctx, idOrSlug);
  return {
    items: rows.map((r) => {
      const mine = byParticipant.get(r.participantId);
      return {
        participantId: r.participantId,
        userId: r.userId,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        avatarUrl: avatarUrl(r.avatar),
        status: r.status as Report["items"][number]["status"],
        pendingReason: r.pendingReason,
        paymentStatus: r.paymentStatus,
        onboardingCompleted: r.completedAt !== null,
        completedAt: r.completedAt?.toISOString() ?? null,
        answers: shown.filter((q) => mine?.has(q.id)).map((q) => ({ questionId: q.id, question: q.text, answer: mine?.get(q.id) ?? "" })),
      };
    }),
  };
}

/** GET onboarding/answers/export: the report as CSV, UTF-8 with a BOM (so spreadsheets read Cyrillic right). */
export async function exportEventAnswers(ctx: Ctx, idOrSlug: string): Promise<{ filename: string; body: string }> {
  const { event, shown, rows, byParticipant } = await reportData(ctx, idOrSlug);
  const header = ["Participant ID", "First name", "Last name", "E-mail", "Status", "Payment", "Onboarding completed", ...shown.map((q) => q.text)];
  const lines = rows.map((r) => {
    const mine = byParticipant.get(r.participantId);
    return [
      r.participantId,
      r.firstName,
      r.lastName,
      r.email ?? "",
      r.status,
      r.paymentStatus,
      r.completedAt ? r.completedAt.toISOString() : "",
      ...shown.map((q) => mine?.get(q.id) ?? ""),
    ];
  });
  const body = BOM + csvRecords([header, ...lines]);
  return { filename: `${event.slug}-answers.csv`, body };
}
