import { z } from "@hono/zod-openapi";
import { LangSchema } from "../tenancy/schema.ts";

export const QUESTION_TYPES = ["TEXT", "RADIO", "CHECKBOX"] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

export const OPTION_TYPES = ["PREDEFINED", "FREE_TEXT"] as const;
export const OptionTypeSchema = z.enum(OPTION_TYPES);
export type OptionType = z.infer<typeof OptionTypeSchema>;

/** Free-text answers must be under this many characters (spec 9). */
export const FREE_TEXT_LIMIT = 256;

export const REQUIRED_ANSWER_MESSAGE = "The section requires an answer";

const Key = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "lowercase letters, digits, _ and -, up to 63 characters");
const Translations = z.strictObject({ en: z.string().min(1).optional(), ru: z.string().min(1).optional() });

// ---------------------------------------------------------------------------------------------
// tenants/<id>/questions.json: the community's onboarding questions as code. Order is array order.

export const QuestionOptionFileSchema = z.strictObject({
  key: Key,
  text: z.string().min(1, "answer option text is required").max(200),
  translations: Translations.default({}),
  visible: z.boolean().default(true),
  active: z.boolean().default(true),
  group: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  type: OptionTypeSchema.default("PREDEFINED"),
});

export const QuestionFileSchema = z
  .strictObject({
    key: Key,
    text: z.string().min(1).max(500),
    type: QuestionTypeSchema,
    translations: Translations.default({}),
    visible: z.boolean().default(true),
    required: z.boolean().default(false),
    /** CHECKBOX only: at most this many options may be chosen (default: all). */
    maxChoices: z.number().int().min(1).optional(),
    options: z.array(QuestionOptionFileSchema).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.type === "TEXT" && q.options.length) ctx.addIssue({ code: "custom", path: ["options"], message: "a TEXT question has no options" });
    if (q.type !== "TEXT" && !q.options.length) ctx.addIssue({ code: "custom", path: ["options"], message: `a ${q.type} question needs options` });
    if (q.maxChoices !== undefined && q.type !== "CHECKBOX") {
      ctx.addIssue({ code: "custom", path: ["maxChoices"], message: "only CHECKBOX questions have maxChoices" });
    }
    if (q.maxChoices !== undefined && q.maxChoices > q.options.length) {
      ctx.addIssue({ code: "custom", path: ["maxChoices"], message: "cannot exceed the number of options" });
    }
    const seen = new Set<string>();
    q.options.forEach((o, i) => {
      if (seen.has(o.key)) ctx.addIssue({ code: "custom", path: ["options", i, "key"], message: `"${o.key}" is used twice` });
      seen.add(o.key);
    });
  });

export const QuestionsFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    version: z.literal(1),
    questions: z.array(QuestionFileSchema),
  })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.questions.forEach((q, i) => {
      if (seen.has(q.key)) ctx.addIssue({ code: "custom", path: ["questions", i, "key"], message: `"${q.key}" is used twice` });
      seen.add(q.key);
    });
  });
export type QuestionsFile = z.infer<typeof QuestionsFileSchema>;
export type QuestionFile = z.infer<typeof QuestionFileSchema>;

// ---------------------------------------------------------------------------------------------
// API

export const QuestionOptionSchema = z
  .object({
    id: z.string().uuid(),
    key: z.string(),
    text: z.string().openapi({ description: "In the requested language, else the default text" }),
    order: z.number().int(),
    group: z.string().nullable(),
    category: z.string().nullable(),
    type: OptionTypeSchema.openapi({ description: "FREE_TEXT: choosing it asks for a free-text answer" }),
  })
  .openapi("QuestionOption");

export const QuestionSchema = z
  .object({
    id: z.string().uuid(),
    key: z.string(),
    text: z.string(),
    order: z.number().int(),
    type: QuestionTypeSchema,
    visible: z.boolean(),
    required: z.boolean(),
    translationKey: z.string(),
    translations: z.object({ en: z.string().optional(), ru: z.string().optional() }),
    maxChoices: z.number().int().nullable().openapi({ description: "CHECKBOX: most options one may choose; null: all" }),
    options: z.array(QuestionOptionSchema),
  })
  .openapi("Question");
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionsQuerySchema = z.object({
  communityId: z.string().max(63).optional().openapi({ description: "Must be the community of the request when given" }),
  lang: LangSchema.optional().openapi({ description: "Language of the texts; default: the participant's, else Accept-Language" }),
});

export const AnswerSchema = z
  .object({
    questionId: z.string().uuid(),
    optionIds: z.array(z.string().uuid()),
    text: z.string().nullable(),
    answeredAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Answer");
export type Answer = z.infer<typeof AnswerSchema>;

export const AnswerInputSchema = z.strictObject({
  questionId: z.string().uuid(),
  optionIds: z.array(z.string().uuid()).max(100).optional(),
  text: z.string().max(10_000).nullable().optional(),
});
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

export const UpdateAnswersSchema = z
  .strictObject({
    answers: z.array(AnswerInputSchema).max(200).openapi({
      description: "Answers to set. An answer with no options and no text clears that question's answer.",
    }),
  })
  .openapi("UpdateAnswers");
export type UpdateAnswers = z.infer<typeof UpdateAnswersSchema>;
