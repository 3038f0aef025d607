import { z } from "@hono/zod-openapi";
import { AnswerInputSchema } from "../questionnaire/schemas.ts";
import { LangSchema } from "../tenancy/schema.ts";

// Questions, answers and questions files belong to the questionnaire core: onboarding is the
// community's own questionnaire, answered by its members.
export {
  type Answer,
  type AnswerInput,
  AnswerSchema,
  type Question,
  type QuestionFile,
  QuestionSchema,
  QuestionsFileSchema,
} from "../questionnaire/schemas.ts";


export const QuestionsQuerySchema = z.object({
  communityId: z.string().max(63).optional().openapi({ description: "Must be the community of the request when given" }),
  lang: LangSchema.optional().openapi({
    description: "Language of the texts when the community offers it; else the participant's, then Accept-Language, then the community's",
  }),
});

export const UpdateAnswersSchema = z
  .strictObject({
    answers: z.array(AnswerInputSchema).max(200).openapi({
      description: "Answers to set. An answer with no options and no text clears that question's answer.",
    }),
  })
  .openapi("UpdateAnswers");
export type UpdateAnswers = z.infer<typeof UpdateAnswersSchema>;
