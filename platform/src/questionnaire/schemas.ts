import { z } from "@hono/zod-openapi";
import { LANGS, LangSchema } from "../tenancy/schema.ts";

export const QUESTION_TYPES = ["TEXT", "RADIO", "CHECKBOX"] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

export const OPTION_TYPES = ["PREDEFINED", "FREE_TEXT"] as const;
export const OptionTypeSchema = z.enum(OPTION_TYPES);
export type OptionType = z.infer<typeof OptionTypeSchema>;

/** Free-text answers must be under this many characters (spec 9). */
export const FREE_TEXT_LIMIT = 256;

export const REQUIRED_ANSWER_MESSAGE = "The section requires an answer";
export const OPTION_TEXT_REQUIRED = "answer option text is required";

export const KeySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "lowercase letters, digits, _ and -, up to 63 characters");

/** A text in any supported language, by language code; a missing language falls back (localize.ts). */
export const TranslationsSchema = z
  .partialRecord(LangSchema, z.string().min(1).max(500))
  .openapi("Translations", { description: `Texts by language (${LANGS.join(", ")})`, example: { ru: "Ваша отрасль" } });
export type Translations = z.infer<typeof TranslationsSchema>;

/** Shape rules every question obeys, however it is written (file, API): issues by field path. */
export function questionShapeIssues(q: {
  type: QuestionType;
  maxChoices: number | null | undefined;
  options: { key: string; active: boolean }[];
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const active = q.options.filter((o) => o.active).length;
  if (q.type === "TEXT" && active) issues.push({ path: ["options"], message: "a TEXT question has no options" });
  if (q.type !== "TEXT" && !active) issues.push({ path: ["options"], message: `a ${q.type} question needs options` });
  if (q.maxChoices != null && q.type !== "CHECKBOX") issues.push({ path: ["maxChoices"], message: "only CHECKBOX questions have maxChoices" });
  if (q.maxChoices != null && q.type === "CHECKBOX" && q.maxChoices > active) {
    issues.push({ path: ["maxChoices"], message: "cannot exceed the number of options" });
  }
  const seen = new Set<string>();
  q.options.forEach((o, i) => {
    if (seen.has(o.key)) issues.push({ path: ["options", i, "key"], message: `"${o.key}" is used twice` });
    seen.add(o.key);
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// tenants/<id>/questions.json: the community's onboarding questions as code. Order is array order.

export const QuestionOptionFileSchema = z.strictObject({
  key: KeySchema,
  text: z.string().min(1, OPTION_TEXT_REQUIRED).max(200),
  translations: TranslationsSchema.default({}),
  visible: z.boolean().default(true),
  active: z.boolean().default(true),
  group: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  type: OptionTypeSchema.default("PREDEFINED"),
});

export const QuestionFileSchema = z
  .strictObject({
    key: KeySchema,
    text: z.string().min(1).max(500),
    type: QuestionTypeSchema,
    translations: TranslationsSchema.default({}),
    visible: z.boolean().default(true),
    required: z.boolean().default(false),
    /** CHECKBOX only: at most this many options may be chosen (default: all). */
    maxChoices: z.number().int().min(1).optional(),
    options: z.array(QuestionOptionFileSchema).default([]),
  })
  .superRefine((q, ctx) => {
    // A file lists options it retires (active: false) too, so the counts here are of all options.
    const all = q.options.map((o) => ({ key: o.key, active: true }));
    for (const issue of questionShapeIssues({ type: q.type, maxChoices: q.maxChoices, options: all })) {
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
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
// Answering: a question rendered in one language, and the answers.

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
    translations: TranslationsSchema,
    maxChoices: z.number().int().nullable().openapi({ description: "CHECKBOX: most options one may choose; null: all" }),
    options: z.array(QuestionOptionSchema),
  })
  .openapi("Question");
export type Question = z.infer<typeof QuestionSchema>;

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

// ---------------------------------------------------------------------------------------------
// Editing: every question with every option and translation, and the edits.

export const QuestionOptionDetailSchema = z
  .object({
    id: z.string().uuid(),
    key: z.string(),
    text: z.string(),
    order: z.number().int(),
    visible: z.boolean(),
    active: z.boolean().openapi({ description: "Inactive options are refused in new answers; answers that chose them are kept" }),
    group: z.string().nullable(),
    category: z.string().nullable(),
    type: OptionTypeSchema,
    translations: TranslationsSchema,
  })
  .openapi("QuestionOptionDetail");
export type QuestionOptionDetail = z.infer<typeof QuestionOptionDetailSchema>;

export const QuestionDetailSchema = z
  .object({
    id: z.string().uuid(),
    key: z.string().openapi({ description: "Stable across `tenant apply`; generated for questions made here" }),
    text: z.string(),
    order: z.number().int(),
    type: QuestionTypeSchema,
    visible: z.boolean(),
    required: z.boolean(),
    translationKey: z.string(),
    translations: TranslationsSchema,
    maxChoices: z.number().int().nullable(),
    options: z.array(QuestionOptionDetailSchema),
  })
  .openapi("QuestionDetail");
export type QuestionDetail = z.infer<typeof QuestionDetailSchema>;

const OptionText = z.string().trim().min(1, OPTION_TEXT_REQUIRED).max(200);
const Label = z.string().trim().max(100).nullable();

export const QuestionOptionCreateSchema = z.strictObject({
  key: KeySchema.optional().openapi({ description: "Generated when left out" }),
  text: OptionText,
  translations: TranslationsSchema.default({}),
  visible: z.boolean().default(true),
  active: z.boolean().default(true),
  group: Label.optional(),
  category: Label.optional(),
  type: OptionTypeSchema.default("PREDEFINED"),
});
export type QuestionOptionCreate = z.infer<typeof QuestionOptionCreateSchema>;

export const QuestionCreateSchema = z
  .strictObject({
    key: KeySchema.optional().openapi({ description: "Generated when left out" }),
    text: z.string().trim().min(1).max(500),
    type: QuestionTypeSchema,
    required: z.boolean().default(false),
    visible: z.boolean().default(true),
    maxChoices: z.number().int().min(1).nullable().default(null),
    translations: TranslationsSchema.default({}),
    order: z.number().int().min(0).optional().openapi({ description: "Position among the questions (0 first); default last" }),
    options: z.array(QuestionOptionCreateSchema).max(100).default([]),
  })
  .openapi("QuestionCreate");
export type QuestionCreate = z.infer<typeof QuestionCreateSchema>;

export const QuestionOptionPatchSchema = z
  .strictObject({
    id: z.string().uuid().optional().openapi({ description: "The option to edit; without it a new option is added (text required)" }),
    key: KeySchema.optional(),
    text: OptionText.optional(),
    translations: TranslationsSchema.optional().openapi({ description: "Replaces the option's translations" }),
    visible: z.boolean().optional(),
    active: z.boolean().optional(),
    group: Label.optional(),
    category: Label.optional(),
    type: OptionTypeSchema.optional(),
    order: z.number().int().min(0).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.id === undefined && o.text === undefined) ctx.addIssue({ code: "custom", path: ["text"], message: OPTION_TEXT_REQUIRED });
    if (o.id !== undefined && o.key !== undefined) ctx.addIssue({ code: "custom", path: ["key"], message: "an option's key cannot change" });
  });
export type QuestionOptionPatch = z.infer<typeof QuestionOptionPatchSchema>;

export const QuestionPatchSchema = z
  .strictObject({
    text: z.string().trim().min(1).max(500).optional(),
    type: QuestionTypeSchema.optional().openapi({ description: "Cannot change once the question has answers" }),
    required: z.boolean().optional(),
    visible: z.boolean().optional(),
    order: z.number().int().min(0).optional().openapi({ description: "Moves the question to this position (0 first)" }),
    maxChoices: z.number().int().min(1).nullable().optional(),
    translations: TranslationsSchema.optional().openapi({ description: "Replaces the question's translations" }),
    options: z
      .array(QuestionOptionPatchSchema)
      .max(100)
      .optional()
      .openapi({ description: "Options to edit (with id) or add (without); options not listed stay as they are" }),
  })
  .openapi("QuestionPatch");
export type QuestionPatch = z.infer<typeof QuestionPatchSchema>;

export const QuestionReorderSchema = z
  .strictObject({
    questionIds: z
      .array(z.string().uuid())
      .min(1)
      .max(500)
      .openapi({ description: "Questions in their new order; questions not listed follow, in their current order" }),
  })
  .openapi("QuestionReorder");
export type QuestionReorder = z.infer<typeof QuestionReorderSchema>;

export const CommunityParamSchema = z.object({
  communityId: z.string().min(1).max(100).openapi({ param: { name: "communityId", in: "path" }, description: "The current community's id" }),
});

export const QuestionParamSchema = CommunityParamSchema.extend({
  questionId: z.string().uuid().openapi({ param: { name: "questionId", in: "path" } }),
});
