import { z } from "@hono/zod-openapi";
import { PageQuerySchema, pageOf } from "../lib/paging.ts";
import { MemberCardSchema } from "../members/schemas.ts";

/** Credits (spec 9: INTERESTED_CLICK costs 10); the allowance refills every week. */
export const CREDIT_COSTS = { INTERESTED_CLICK: 10 } as const;
export const WEEKLY_CREDIT_ALLOWANCE = 50;

export const INTRO_MAX = 1000;
export const NOTE_MAX = 1000;

export const RequestIdParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "An intro request of the current community" }),
});

// Relations -------------------------------------------------------------------------------

export const RelationTypeSchema = z.enum(["LIKE", "DISLIKE"]);
export const RelationReasonSchema = z.enum(["NOT_INTERESTED", "ALREADY_KNOW", "OTHER"]).openapi({
  description: "Why not interested: not interested, already know, other",
});

export const RelationBodySchema = z
  .strictObject({
    subjectId: z.string().uuid(),
    relationType: RelationTypeSchema,
    reason: RelationReasonSchema.nullable().optional(),
    note: z.string().trim().max(NOTE_MAX).nullable().optional(),
  })
  .openapi("RelationBody");
export type RelationBody = z.infer<typeof RelationBodySchema>;

export const RelationSchema = z
  .object({
    participantId: z.string().uuid(),
    subjectId: z.string().uuid(),
    relationType: RelationTypeSchema,
    reason: RelationReasonSchema.nullable(),
    note: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
    participant: MemberCardSchema,
  })
  .openapi("Relation");
export type Relation = z.infer<typeof RelationSchema>;
export const RelationPageSchema = pageOf(RelationSchema, "RelationPage");
export type RelationPage = z.infer<typeof RelationPageSchema>;

// Bookmarks -------------------------------------------------------------------------------

export const BookmarkSchema = z
  .object({ subjectId: z.string().uuid(), createdAt: z.string().openapi({ format: "date-time" }), participant: MemberCardSchema })
  .openapi("Bookmark");
export type Bookmark = z.infer<typeof BookmarkSchema>;
export const BookmarkPageSchema = pageOf(BookmarkSchema, "BookmarkPage");
export type BookmarkPage = z.infer<typeof BookmarkPageSchema>;
export const BookmarkStateSchema = z.object({ subjectId: z.string().uuid(), bookmarked: z.boolean() }).openapi("BookmarkState");
export type BookmarkState = z.infer<typeof BookmarkStateSchema>;

// Credits, intros and requests -----------------------------------------------------------

export const CreditsSchema = z
  .object({
    balance: z.number().int(),
    allowance: z.number().int().openapi({ description: "Credits each week" }),
    costs: z.object({ INTERESTED_CLICK: z.number().int() }),
    periodStart: z.string().openapi({ format: "date-time" }),
    refillAt: z.string().openapi({ format: "date-time", description: "The next refill: Tuesday 00:00 in the community's time zone" }),
  })
  .openapi("Credits");
export type Credits = z.infer<typeof CreditsSchema>;

export const SendIntroBodySchema = z
  .strictObject({
    from: z.string().uuid().openapi({ description: "The sender's own participant id" }),
    matchingResultId: z.string().uuid(),
    introMessage: z.string().trim().min(1).max(INTRO_MAX),
  })
  .openapi("SendIntroBody");
export type SendIntroBody = z.infer<typeof SendIntroBodySchema>;

export const RequestStatusSchema = z.enum(["PENDING", "ACCEPTED", "DECLINED"]);

export const IntroRequestSchema = z
  .object({
    id: z.string().uuid(),
    status: RequestStatusSchema,
    message: z.string(),
    answer: z.string().nullable(),
    viaModerator: z.boolean().openapi({ description: "The recipient hides contacts: a moderator forwards the intro (spec 4.6)" }),
    matchingResultId: z.string().uuid().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    answeredAt: z.string().nullable().openapi({ format: "date-time" }),
    from: MemberCardSchema,
    to: MemberCardSchema,
  })
  .openapi("IntroRequest");
export type IntroRequest = z.infer<typeof IntroRequestSchema>;

export const SendIntroResultSchema = z
  .object({ request: IntroRequestSchema, credits: CreditsSchema })
  .openapi("SendIntroResult");
export type SendIntroResult = z.infer<typeof SendIntroResultSchema>;

export const RequestsQuerySchema = PageQuerySchema.extend({
  scope: z.enum(["mine", "moderation"]).default("mine").openapi({
    description: "mine: intros sent to me; moderation (admins and moderators): intros waiting for a moderator",
  }),
});
export type RequestsQuery = z.infer<typeof RequestsQuerySchema>;

export const IntroRequestPageSchema = pageOf(IntroRequestSchema, "IntroRequestPage");
export type IntroRequestPage = z.infer<typeof IntroRequestPageSchema>;

export const AnswerBodySchema = z
  .strictObject({ answer: z.enum(["ACCEPTED", "DECLINED"]), message: z.string().trim().max(INTRO_MAX).nullable().optional() })
  .openapi("AnswerRequestBody");
export type AnswerBody = z.infer<typeof AnswerBodySchema>;

export const AnswerResultSchema = z.object({ request: IntroRequestSchema }).openapi("AnswerRequestResult");
export type AnswerResult = z.infer<typeof AnswerResultSchema>;
