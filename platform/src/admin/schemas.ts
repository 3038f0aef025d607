import { z } from "@hono/zod-openapi";
import { pageParam, sizeParam } from "../lib/fields.ts";
import { StaffMemberSchema } from "../moderation/schemas.ts";
import { MemberCardSchema } from "../members/schemas.ts";

export { CommunityIdParamSchema, ParticipantIdParamSchema } from "../moderation/schemas.ts";

export const ParticipantStatsSchema = z
  .object({
    total: z.number().int(),
    byStatus: z.object({ pending: z.number().int(), confirmed: z.number().int(), rejected: z.number().int() }),
    byRole: z.object({ member: z.number().int(), moderator: z.number().int(), admin: z.number().int() }),
    profileCompleted: z.number().int(),
    profileDisabled: z.number().int(),
    networkingDisabled: z.number().int(),
    joinedLast7Days: z.number().int(),
    joinedLast30Days: z.number().int(),
  })
  .openapi("ParticipantStats");
export type ParticipantStats = z.infer<typeof ParticipantStatsSchema>;

const booleanQuery = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .openapi({ type: "string", enum: ["true", "false"] });

export const AdminParticipantsQuerySchema = z.object({
  page: pageParam(10_000),
  size: sizeParam(100, 20),
  search: z.string().max(200).optional(),
  profiles: booleanQuery.optional().openapi({ description: "Include the profile texts (about, looking for, can help with)" }),
});
export type AdminParticipantsQuery = z.infer<typeof AdminParticipantsQuerySchema>;

export const AdminParticipantSchema = StaffMemberSchema.extend({
  profile: z
    .object({ about: z.string().nullable(), lookingFor: z.array(z.string()), lookingForText: z.string().nullable(), canHelpWithText: z.string().nullable() })
    .optional(),
}).openapi("AdminParticipant");
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>;

export const AdminParticipantsPageSchema = z
  .object({ items: z.array(AdminParticipantSchema), page: z.number().int(), size: z.number().int(), total: z.number().int(), hasMore: z.boolean() })
  .openapi("AdminParticipantsPage");

export const NotifyParticipantSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    message: z.string().trim().min(1).max(5000).openapi({ description: "Plain text; blank lines separate paragraphs" }),
  })
  .openapi("NotifyParticipant");
export type NotifyParticipant = z.infer<typeof NotifyParticipantSchema>;

export const ToggleSchema = z
  .object({
    participantId: z.string().uuid(),
    shouldDisable: z.boolean().openapi({ description: "true turns it off, false back on" }),
  })
  .openapi("ParticipantToggle");
export type Toggle = z.infer<typeof ToggleSchema>;

export const ToggleResultSchema = z
  .object({ participantId: z.string().uuid(), profileEnabled: z.boolean(), networkingEnabled: z.boolean() })
  .openapi("ParticipantToggleResult");

export const ChartsQuerySchema = z.object({
  communityId: z.string().min(1).max(63).openapi({ description: "The community (must be the request's)" }),
  weeks: z
    .string()
    .regex(/^\d+$/, "Must be a decimal integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(104))
    .default(12)
    .openapi({ type: "integer", description: "How many weeks back, 1..104 (default 12)" }),
});
export type ChartsQuery = z.infer<typeof ChartsQuerySchema>;

export const ChartsDataSchema = z
  .object({
    weeks: z.array(z.string()).openapi({ description: "Mondays (ISO dates) of the weeks shown, oldest first" }),
    signups: z.array(z.object({ week: z.string(), count: z.number().int() })),
    matches: z.array(z.object({ week: z.string(), count: z.number().int() })),
    meetings: z.array(z.object({ week: z.string(), held: z.number().int(), averageRating: z.number().nullable() })),
    intros: z.object({ sent: z.number().int(), accepted: z.number().int(), declined: z.number().int(), pending: z.number().int(), acceptanceRate: z.number().nullable() }),
    meetingsTotal: z.object({ held: z.number().int(), averageRating: z.number().nullable() }),
  })
  .openapi("ChartsData");
export type ChartsData = z.infer<typeof ChartsDataSchema>;

export const ChartsDistributionsSchema = z
  .object({
    funnel: z.array(z.object({ step: z.enum(["joined", "answered", "profileCompleted", "confirmed", "matched", "met"]), count: z.number().int() })),
    topTags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
    cities: z.array(z.object({ city: z.string(), count: z.number().int() })),
  })
  .openapi("ChartsDistributions");
export type ChartsDistributions = z.infer<typeof ChartsDistributionsSchema>;

export const InviteSchema = z
  .object({
    emails: z.array(z.string().trim().toLowerCase().email().max(254)).min(1).max(200).openapi({ description: "One address, or up to 200 (bulk)" }),
    message: z.string().trim().max(1000).optional().openapi({ description: "A personal line added to the invitation" }),
  })
  .openapi("Invite");
export type Invite = z.infer<typeof InviteSchema>;

export const InviteResultSchema = z
  .object({
    results: z.array(z.object({ email: z.string(), status: z.enum(["invited", "resent", "member"]) })),
  })
  .openapi("InviteResult");
export type InviteResult = z.infer<typeof InviteResultSchema>;

export const InvitationSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    invitedBy: z.string().uuid().nullable(),
    sends: z.number().int(),
    createdAt: z.string(),
    lastSentAt: z.string(),
    joined: z.boolean(),
    participantId: z.string().uuid().nullable(),
  })
  .openapi("Invitation");
export type Invitation = z.infer<typeof InvitationSchema>;

const MatchSideSchema = z
  .object({
    status: z.enum(["NEW", "SEEN", "CONNECTED", "DISMISSED"]),
    meetingScore: z.number().int().nullable(),
    noMeeting: z.boolean(),
  })
  .nullable()
  .openapi({ description: "What this member did with the match; null when they got no result (the odd member out's partner)" });

/** One pair of a week in the console's Matches list. */
export const ConsoleMatchSchema = z
  .object({
    id: z.string().uuid().openapi({ description: "The match (matchingId)" }),
    week: z.string().openapi({ example: "2026-11-24", description: "The week's Tuesday" }),
    source: z.enum(["WEEKLY", "ODD_OUT"]),
    score: z.number(),
    reasons: z.array(z.string()).openapi({ description: "Why the pair was made, in the admin's language" }),
    participant: MemberCardSchema,
    subject: MemberCardSchema,
    internalAdminScore: z.number().nullable().openapi({ description: "The admins' pair score (0..10), if set" }),
    participantSide: MatchSideSchema,
    subjectSide: MatchSideSchema,
    createdAt: z.string(),
  })
  .openapi("ConsoleMatch");
export type ConsoleMatch = z.infer<typeof ConsoleMatchSchema>;

/** At most this many members in one bulk action (a console page can select up to 500 rows). */
export const BULK_MAX = 500;

const BulkIds = z.array(z.string().uuid()).min(1).max(BULK_MAX).openapi({ description: `The members (participant ids), at most ${BULK_MAX}` });
export const BulkActionSchema = z
  .discriminatedUnion("action", [
    z.strictObject({
      action: z.literal("moderate"),
      ids: BulkIds,
      moderationStatus: z.enum(["pending", "confirmed", "rejected"]),
      reason: z.string().trim().max(500).optional().openapi({ description: "Only with rejected: the reason every rejected member sees and is mailed" }),
    }),
    z.strictObject({
      action: z.enum(["profile", "networking"]),
      ids: BulkIds,
      shouldDisable: z.boolean().openapi({ description: "true turns it off, false back on (admins only)" }),
    }),
  ])
  .openapi("ConsoleBulkAction");
export type BulkAction = z.infer<typeof BulkActionSchema>;

export const BulkResultSchema = z
  .object({
    done: z.number().int().openapi({ description: "Members changed" }),
    unchanged: z.number().int().openapi({ description: "Members already so" }),
    failed: z
      .array(z.object({ id: z.string(), code: z.number().int(), msg: z.string() }))
      .openapi({ description: "Members the action was refused for (unknown, another community's, your own profile, staff a moderator cannot moderate)" }),
  })
  .openapi("ConsoleBulkResult");
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const ConsolePreviewPairSchema = z
  .object({
    id: z.string().openapi({ description: "The pair: both participant ids, lower first, joined by a colon" }),
    week: z.string().openapi({ example: "2026-12-01", description: "The previewed week's Tuesday" }),
    source: z.enum(["WEEKLY", "ODD_OUT"]).openapi({ description: "ODD_OUT: the recommendation for the member left without a pair" }),
    score: z.number(),
    reasons: z.array(z.string()).openapi({ description: "Why the pair would be made, in the admin's language" }),
    participant: MemberCardSchema,
    subject: MemberCardSchema,
  })
  .openapi("ConsolePreviewPair");
export type ConsolePreviewPair = z.infer<typeof ConsolePreviewPairSchema>;
