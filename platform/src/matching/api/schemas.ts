import { z } from "@hono/zod-openapi";
import { PageQuerySchema, pageOf } from "../../lib/paging.ts";
import { MemberCardSchema } from "../../members/schemas.ts";
import { RequestStatusSchema } from "../../relations/index.ts";
import { EXCLUSION_REASONS } from "../engine/index.ts";

/** On-demand recommendations beyond the weekly one: kept open at this many, at most this many per week. */
export const INSTANT_OPEN_TARGET = 3;
export const INSTANT_WEEKLY_CAP = 3;

/** "Did you meet?" is asked this many days after the match. */
export const FEEDBACK_DELAY_DAYS = 7;

export const RELEVANCE_BATCH_MAX = 50;
export const NOTE_MAX = 1000;

export const ResultIdParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "A matching result (matchingResultId) of the signed-in member" }),
});
export const ResultStatusSchema = z.enum(["NEW", "SEEN", "CONNECTED", "DISMISSED"]).openapi("MatchingResultStatus");
export type ResultStatus = z.infer<typeof ResultStatusSchema>;
export const MatchSourceSchema = z.enum(["WEEKLY", "ODD_OUT", "INSTANT", "ADMIN"]).openapi("MatchSource");

/** The engine's structured reasons (see matching/engine/reasons.ts), for clients that phrase them themselves. */
export const MatchReasonSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("admin_pick") }),
    z.object({ kind: z.literal("shared_tags"), tags: z.array(z.string()) }),
    z.object({ kind: z.literal("can_help_with"), direction: z.enum(["a_to_b", "b_to_a"]), terms: z.array(z.string()) }),
    z.object({
      kind: z.literal("helps_with_need"),
      direction: z.enum(["a_to_b", "b_to_a"]),
      needs: z.array(z.object({ en: z.string(), ru: z.string() })).openapi({ description: "The matched needs, named in both languages" }),
    }),
    z.object({ kind: z.literal("same_city"), city: z.string(), key: z.string() }),
    z.object({ kind: z.literal("shared_answers"), count: z.number().int() }),
  ])
  .openapi("MatchReason", { description: "Structured reason about a pair (a, b); see `viewerIs`, or (participant, subject) on admin pages" });

export const FeedbackSchema = z
  .object({
    score: z.number().int().min(1).max(5).nullable(),
    notes: z.string().nullable(),
    noMeeting: z.boolean(),
    feedbackAt: z.string().nullable().openapi({ format: "date-time" }),
    pending: z.boolean().openapi({ description: "The member is asked for meeting feedback now" }),
    dueAt: z.string().openapi({ format: "date-time", description: `When feedback is asked: ${FEEDBACK_DELAY_DAYS} days after the match` }),
  })
  .openapi("MeetingFeedback");
export type Feedback = z.infer<typeof FeedbackSchema>;

export const RecommendationSchema = z
  .object({
    matchingResultId: z.string().uuid(),
    matchingId: z.string().uuid(),
    source: MatchSourceSchema,
    week: z.string().nullable().openapi({ description: "The Tuesday of a weekly match, YYYY-MM-DD" }),
    score: z.number().openapi({ description: "Relevance in [0, 1]" }),
    reasons: z.array(z.string()).openapi({ description: "Why this contact, in the member's language" }),
    reasonDetails: z.array(MatchReasonSchema),
    viewerIs: z.enum(["a", "b"]).openapi({ description: "Which side of the structured reasons the viewer is" }),
    status: ResultStatusSchema,
    introMessage: z.string().nullable(),
    introSentAt: z.string().nullable().openapi({ format: "date-time" }),
    note: z.string().nullable().openapi({ description: "The member's private note about this contact" }),
    bookmarked: z.boolean(),
    feedback: FeedbackSchema,
    createdAt: z.string().openapi({ format: "date-time" }),
    participant: MemberCardSchema,
  })
  .openapi("Recommendation");
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const RecommendationPageSchema = pageOf(RecommendationSchema, "RecommendationPage");
export type RecommendationPage = z.infer<typeof RecommendationPageSchema>;

export const InstantQuerySchema = PageQuerySchema.extend({
  status: ResultStatusSchema.optional().openapi({ description: "Only results in this status; by default all but DISMISSED" }),
});
export type InstantQuery = z.infer<typeof InstantQuerySchema>;

// Relevance -------------------------------------------------------------------------------

export const RelevanceQuerySchema = z.object({
  participantId: z.string().uuid().openapi({ description: "A member of the current community" }),
});

export const RelevanceRateSchema = z
  .object({
    participantId: z.string().uuid(),
    score: z.number().openapi({ description: "Relevance in [0, 1]; 0 for a member outside matching" }),
    reasons: z.array(z.string()),
    reasonDetails: z.array(MatchReasonSchema),
    excluded: z.enum(EXCLUSION_REASONS).nullable().openapi({ description: "Why the pair is never matched, if so" }),
  })
  .openapi("RelevanceRate");
export type RelevanceRate = z.infer<typeof RelevanceRateSchema>;

export const CalcRelevanceBodySchema = z
  .strictObject({ participantIds: z.array(z.string().uuid()).min(1).max(RELEVANCE_BATCH_MAX) })
  .openapi("CalcRelevanceBody");

export const CalcRelevanceResultSchema = z
  .object({ items: z.array(z.object({ participantId: z.string().uuid(), score: z.number() })) })
  .openapi("CalcRelevanceResult");
export type CalcRelevanceResult = z.infer<typeof CalcRelevanceResultSchema>;

export const PendingScoreSchema = z
  .object({ matchingResultId: z.string().uuid(), pending: z.boolean(), dueAt: z.string().openapi({ format: "date-time" }), feedback: FeedbackSchema })
  .openapi("PendingScore");
export type PendingScore = z.infer<typeof PendingScoreSchema>;

// Feedback and notes ----------------------------------------------------------------------

export const UpdateScoreBodySchema = z
  .strictObject({
    matchingId: z.string().uuid().openapi({ description: "The matchingResultId" }),
    score: z.number().int().min(1).max(5).nullable().openapi({ description: "Meeting rating 1..5; null with noMeeting" }),
    notes: z.string().trim().max(NOTE_MAX).nullable().optional(),
    noMeeting: z.boolean().optional().openapi({ description: "We did not meet" }),
  })
  .refine((b) => (b.noMeeting ? b.score === null : b.score !== null), {
    message: "Give a score 1..5, or noMeeting: true with a null score",
    path: ["score"],
  })
  .openapi("UpdateScoreBody");
export type UpdateScoreBody = z.infer<typeof UpdateScoreBodySchema>;

export const UpdateNoteBodySchema = z
  .strictObject({ matchingId: z.string().uuid().openapi({ description: "The matchingResultId" }), note: z.string().trim().max(NOTE_MAX).nullable() })
  .openapi("UpdateNoteBody");
export type UpdateNoteBody = z.infer<typeof UpdateNoteBodySchema>;

export const UpdateNoteResultSchema = z
  .object({ matchingResultId: z.string().uuid(), note: z.string().nullable() })
  .openapi("UpdateNoteResult");
export type UpdateNoteResult = z.infer<typeof UpdateNoteResultSchema>;

// Requests ------------------------------------------------------------------------

export const MatchingRequestSchema = RecommendationSchema.extend({
  request: z.object({
    id: z.string().uuid(),
    status: RequestStatusSchema,
    message: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
  }),
}).openapi("MatchingRequest");
export const MatchingRequestPageSchema = pageOf(MatchingRequestSchema, "MatchingRequestPage");
export type MatchingRequestPage = z.infer<typeof MatchingRequestPageSchema>;

// Admin -----------------------------------------------------------------------------------

export const ScoreTermSchema = z
  .object({
    name: z.enum(["topics", "tags", "complementarity", "answers", "city", "semantic", "about"]),
    weight: z.number().openapi({ description: "Normalised component weight" }),
    similarity: z.number(),
    contribution: z.number().openapi({ description: "weight x similarity; the terms sum to `base`" }),
  })
  .openapi("ScoreTerm");

export const ScoreAssistanceSchema = z
  .object({
    participant: MemberCardSchema,
    subject: MemberCardSchema,
    score: z.number(),
    base: z.number(),
    terms: z.array(ScoreTermSchema),
    sharedTags: z.array(z.string()),
    complementarity: z.object({
      participantHelpsSubject: z.number(),
      subjectHelpsParticipant: z.number(),
      participantCanHelpWith: z.array(z.string()),
      subjectCanHelpWith: z.array(z.string()),
    }),
    topics: z
      .object({
        participantHelpsSubject: z.number(),
        subjectHelpsParticipant: z.number(),
        participantHelpsWith: z.array(z.object({ en: z.string(), ru: z.string() })),
        subjectHelpsWith: z.array(z.object({ en: z.string(), ru: z.string() })),
      })
      .openapi({ description: "Need <-> offer over the lexicon's concepts and the community's topics: how much one's offer meets the other's need (cosine), and the needs named" }),
    semantic: z
      .object({ participantHelpsSubject: z.number(), subjectHelpsParticipant: z.number() })
      .openapi({ description: "Need <-> offer by the meaning of the texts (sentence-encoder vectors), each direction in [0, 1]; zeros while the texts have no vectors" }),
    city: z.object({ same: z.boolean(), name: z.string().nullable() }),
    answers: z.object({ shared: z.number().int(), similarity: z.number() }),
    admin: z
      .object({ internalAdminScore: z.number(), mode: z.enum(["prior", "override"]), value: z.number() })
      .nullable()
      .openapi({ description: "The admin pair score and the value it gives before feedback" }),
    feedback: z.object({ pairMultiplier: z.number(), participantMultiplier: z.number(), subjectMultiplier: z.number() }),
    excluded: z.enum(EXCLUSION_REASONS).nullable(),
    reasons: z.array(z.string()),
    reasonDetails: z.array(MatchReasonSchema),
  })
  .openapi("ScoreAssistance");
export type ScoreAssistance = z.infer<typeof ScoreAssistanceSchema>;

export const ScoreAssistanceQuerySchema = z.object({
  with: z.string().uuid().openapi({ description: "The other member of the pair" }),
});

export const AdminScoreBodySchema = z
  .strictObject({ subjectId: z.string().uuid(), internalAdminScore: z.number().min(0).max(10) })
  .openapi("AdminPairScoreBody");
export type AdminScoreBody = z.infer<typeof AdminScoreBodySchema>;

export const AdminScoreSchema = z
  .object({
    participantId: z.string().uuid(),
    subjectId: z.string().uuid(),
    internalAdminScore: z.number(),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AdminPairScore");
export type AdminScore = z.infer<typeof AdminScoreSchema>;

export const NextPairSchema = z
  .object({
    pair: z
      .object({
        participant: MemberCardSchema,
        subject: MemberCardSchema,
        score: z.number(),
        reasons: z.array(z.string()),
        reasonDetails: z.array(MatchReasonSchema),
      })
      .nullable()
      .openapi({ description: "null when every candidate pair has an admin score" }),
    unscored: z.number().int().openapi({ description: "Candidate pairs still without an admin score" }),
  })
  .openapi("NextPairToScore");
export type NextPair = z.infer<typeof NextPairSchema>;

export const AdminHistoryItemSchema = z
  .object({
    matchingResultId: z.string().uuid(),
    matchingId: z.string().uuid(),
    source: MatchSourceSchema,
    week: z.string().nullable(),
    score: z.number(),
    status: ResultStatusSchema,
    introSentAt: z.string().nullable().openapi({ format: "date-time" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    internalAdminScore: z.number().nullable(),
    feedback: z.object({ score: z.number().int().nullable(), notes: z.string().nullable(), noMeeting: z.boolean(), feedbackAt: z.string().nullable() }),
    partnerFeedback: z
      .object({ score: z.number().int().nullable(), noMeeting: z.boolean(), feedbackAt: z.string().nullable() })
      .nullable()
      .openapi({ description: "What the contact said, when they have a result for this match" }),
    subject: MemberCardSchema,
  })
  .openapi("AdminMatchHistoryItem");
export type AdminHistoryItem = z.infer<typeof AdminHistoryItemSchema>;
export const AdminHistoryPageSchema = pageOf(AdminHistoryItemSchema, "AdminMatchHistoryPage");
export type AdminHistoryPage = z.infer<typeof AdminHistoryPageSchema>;

/** Accept-Language of the calls whose reasons staff read (decision 0233; `readerLang`). */
export const ReaderLangHeadersSchema = z.object({
  "accept-language": z
    .string()
    .max(200)
    .optional()
    .openapi({ example: "ru", description: "The reader's language for the reasons (en or ru; ru-RU and q-values read as written); the member's own language when it names neither" }),
});
