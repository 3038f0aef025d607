import { z } from "@hono/zod-openapi";
import { AnswerInputSchema, AnswerSchema, QuestionSchema } from "../questionnaire/schemas.ts";
import { LangSchema } from "../tenancy/schema.ts";
import { EventIdParamSchema, ParticipationStatusSchema, PaymentStatusSchema, PendingReasonSchema } from "./schemas.ts";

export const QuestionIdParamSchema = EventIdParamSchema.extend({
  qid: z.string().uuid().openapi({ param: { name: "qid", in: "path" }, description: "A question id" }),
});

export const ParticipantIdParamSchema = EventIdParamSchema.extend({
  participantId: z.string().uuid().openapi({ param: { name: "participantId", in: "path" } }),
});

export const LanguageQuerySchema = z.object({
  language: z.string().max(20).optional().openapi({ description: "The language wanted (en, ru, en-US...)" }),
  defaultLanguage: z.string().max(20).optional().openapi({ description: "The language used where `language` has no translation (default: the community's)" }),
});

export const ParticipantQuestionSchema = QuestionSchema.extend({
  // A union, not .nullable(): the generator renders a nullable registered schema as an allOf that
  // null itself breaks.
  answer: z.union([AnswerSchema, z.null()]).openapi({ description: "The caller's answer, if any" }),
}).openapi("EventParticipantQuestion");

export const AnswersBodySchema = z.strictObject({ answers: z.array(AnswerInputSchema).min(1).max(200) }).openapi("EventAnswersSubmit");

export const ProgressSchema = z
  .object({
    total: z.number().int().openapi({ description: "Visible questions" }),
    answered: z.number().int(),
    required: z.number().int(),
    requiredAnswered: z.number().int(),
    percent: z.number().int().openapi({ description: "answered / total, 0..100" }),
    nextQuestionId: z.string().nullable().openapi({ description: "The first unanswered question, where a resumed onboarding continues" }),
    completed: z.boolean(),
    canComplete: z.boolean().openapi({ description: "Every required question is answered" }),
  })
  .openapi("EventOnboardingProgress");
export type Progress = z.infer<typeof ProgressSchema>;

export const AnswersResultSchema = z.object({ answers: z.array(AnswerSchema), progress: ProgressSchema }).openapi("EventAnswers");
export type AnswersResult = z.infer<typeof AnswersResultSchema>;

export const CompletionSchema = z
  .object({ completed: z.boolean(), completedAt: z.string().nullable() })
  .openapi("EventOnboardingCompletion");
export type Completion = z.infer<typeof CompletionSchema>;

export const DeleteAnswersQuerySchema = z.object({
  questionId: z.string().uuid().optional().openapi({ description: "Only this question's answer; default all" }),
});

export const OptionStatSchema = z.object({ optionId: z.string(), key: z.string(), text: z.string(), count: z.number().int(), percent: z.number() });
export const QuestionStatSchema = z
  .object({
    questionId: z.string(),
    text: z.string(),
    type: z.string(),
    answered: z.number().int(),
    percent: z.number().openapi({ description: "Share of respondents who answered it, 0..100" }),
    options: z.array(OptionStatSchema).openapi({ description: "Each option's count and its share of the question's answers" }),
  })
  .openapi("EventQuestionStatistics");
export const StatisticsSchema = z
  .object({ respondents: z.number().int(), completed: z.number().int(), questions: z.array(QuestionStatSchema) })
  .openapi("EventOnboardingStatistics");
export type Statistics = z.infer<typeof StatisticsSchema>;

export const ReportItemSchema = z
  .object({
    participantId: z.string(),
    userId: z.string().openapi({ description: "The participant's user (what POST /event/{id}/responsibles takes)" }),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    status: z.union([ParticipationStatusSchema, z.literal("NOT_PARTICIPATING")]),
    pendingReason: PendingReasonSchema.nullable(),
    paymentStatus: PaymentStatusSchema,
    onboardingCompleted: z.boolean(),
    completedAt: z.string().nullable(),
    answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
  })
  .openapi("EventReportItem");
export const ReportSchema = z.object({ items: z.array(ReportItemSchema) }).openapi("EventOnboardingReport");
export type Report = z.infer<typeof ReportSchema>;

export const ExportQuerySchema = z.object({ format: z.enum(["csv"]).default("csv").openapi({ description: "csv (the default)" }) });

export const TranslationSchema = z
  .object({
    translationKey: z.string(),
    language: LangSchema,
    translatedText: z.string(),
    resolvedLanguage: LangSchema.nullable().openapi({ description: "The language the text is in; null: the question's default text" }),
    fallback: z.boolean().openapi({ description: "True when `language` had no translation and a fallback was used" }),
  })
  .openapi("OnboardingTranslation");
export type Translation = z.infer<typeof TranslationSchema>;

export const TranslationSaveSchema = z
  .strictObject({
    translationKey: z.string().min(1).max(100),
    language: LangSchema,
    translatedText: z.string().trim().min(1).max(500),
  })
  .openapi("OnboardingTranslationSave");
export type TranslationSave = z.infer<typeof TranslationSaveSchema>;

export const TranslationParamSchema = EventIdParamSchema.extend({
  translationKey: z.string().min(1).max(100).openapi({ param: { name: "translationKey", in: "path" } }),
  language: LangSchema.openapi({ param: { name: "language", in: "path" } }),
});
export const TranslationKeyParamSchema = EventIdParamSchema.extend({
  translationKey: z.string().min(1).max(100).openapi({ param: { name: "translationKey", in: "path" } }),
});
export const TranslationFallbackQuerySchema = z.object({ defaultLanguage: z.string().max(20).optional() });
export const TranslationLanguagesSchema = z
  .object({ translationKey: z.string(), languages: z.array(LangSchema) })
  .openapi("OnboardingTranslationLanguages");
