import { z } from "@hono/zod-openapi";

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");

export const PauseMatchingSchema = z
  .strictObject({ weeks: z.number().int().min(1).max(12).openapi({ description: "How many weekly contacts to skip, starting with the coming Tuesday" }) })
  .openapi("PauseMatching");
export type PauseMatching = z.infer<typeof PauseMatchingSchema>;

export const SkipMatchingWeekSchema = z
  .strictObject({ week: IsoDate.optional().openapi({ description: "The Tuesday to skip; default the coming one" }) })
  .openapi("SkipMatchingWeek");
export type SkipMatchingWeek = z.infer<typeof SkipMatchingWeekSchema>;

export const MatchingStatusSchema = z
  .object({
    participantId: z.string().uuid(),
    timeZone: z.string().openapi({ description: "The community's time zone; dates are local Tuesdays" }),
    comingWeek: IsoDate.openapi({ description: "The next Tuesday" }),
    pausedUntil: IsoDate.nullable().openapi({ description: "No weekly contact up to this Tuesday (inclusive)" }),
    skippedWeek: IsoDate.nullable(),
    isPausedThisWeek: z.boolean().openapi({ description: "No contact on the coming Tuesday" }),
    nextMatchDate: IsoDate.openapi({ description: "The Tuesday the next weekly contact arrives" }),
  })
  .openapi("MatchingStatus");
export type MatchingStatus = z.infer<typeof MatchingStatusSchema>;

const ReasonSchema = z.looseObject({ kind: z.string() });

export const WeeklyRunReportSchema = z
  .object({
    communityId: z.string(),
    week: IsoDate,
    seed: z.string(),
    dryRun: z.boolean(),
    alreadyRun: z.boolean().openapi({ description: "The week is already stored: these are its stored stats" }),
    stored: z.object({ matches: z.number().int(), results: z.number().int(), mailsQueued: z.number().int() }),
    stats: z.object({
      members: z.number().int(),
      eligible: z.number().int(),
      ineligible: z.record(z.string(), z.number().int()),
      edges: z.number().int(),
      pairs: z.number().int(),
      matchedMembers: z.number().int(),
      coverage: z.number(),
      totalScore: z.number(),
      scores: z.object({ min: z.number(), p25: z.number(), median: z.number(), p75: z.number(), max: z.number() }).nullable(),
      withoutMatch: z.array(
        z.object({
          participantId: z.string(),
          name: z.string(),
          reason: z.enum(["odd_count", "no_free_candidate", "no_candidates"]),
          recommendation: z.object({ participantId: z.string(), name: z.string(), score: z.number() }).nullable(),
        }),
      ),
      oddOut: z.array(
        z.object({
          participantId: z.string(),
          candidateId: z.string(),
          score: z.number(),
          why: z.enum(["odd_count", "no_free_candidate"]),
          reasons: z.array(ReasonSchema),
        }),
      ),
      repeats: z.number().int().openapi({ description: "Pairs matched before: always 0" }),
    }),
  })
  .openapi("WeeklyMatchingReport");
