import { z } from "@hono/zod-openapi";
import { ModerationStatusSchema, ParticipantRoleSchema } from "../account/schemas.ts";
import { pageParam, sizeParam } from "../lib/fields.ts";

/** Spec 9: the moderation page size default is 20. */
export const MODERATION_PAGE_SIZE = 20;
export const REASON_MAX = 500;

export const CommunityIdParamSchema = z.object({
  communityId: z.string().min(1).max(63).openapi({ param: { name: "communityId", in: "path" }, description: "The community's id (spec: {id})" }),
});
export const ParticipantIdParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "A participant id of this community" }),
});

export const ModerationQuerySchema = z.object({
  page: pageParam(10_000),
  size: sizeParam(100, MODERATION_PAGE_SIZE),
  search: z.string().max(200).optional().openapi({ description: "Name, e-mail or company contains" }),
  status: ModerationStatusSchema.optional(),
});
export type ModerationQuery = z.infer<typeof ModerationQuerySchema>;

export const StaffMemberSchema = z
  .object({
    id: z.string().uuid(),
    userId: z.string().uuid(),
    email: z.string().nullable(),
    slug: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    city: z.string().nullable(),
    tags: z.array(z.string()),
    role: ParticipantRoleSchema,
    moderationStatus: ModerationStatusSchema,
    moderationReason: z.string().nullable().openapi({ description: "Why the profile was rejected (the member's rejection banner shows it)" }),
    moderatedAt: z.string().nullable(),
    profileEnabled: z.boolean(),
    networkingEnabled: z.boolean(),
    accountEnabled: z.boolean().openapi({ description: "false: the account is disabled (no sign-in anywhere)" }),
    profileCompleted: z.boolean(),
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("StaffMember");
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const ModerationPageSchema = z
  .object({ items: z.array(StaffMemberSchema), page: z.number().int(), size: z.number().int(), total: z.number().int(), hasMore: z.boolean() })
  .openapi("ModerationPage");
export type ModerationPage = z.infer<typeof ModerationPageSchema>;

export const ModeratorSchema = z
  .object({ id: z.string().uuid(), userId: z.string().uuid(), firstName: z.string(), lastName: z.string(), email: z.string().nullable(), role: ParticipantRoleSchema })
  .openapi("Moderator");

export const ModerationDecisionSchema = z
  .object({
    moderationStatus: z
      .string()
      .transform((s) => s.toLowerCase())
      .pipe(ModerationStatusSchema)
      .openapi({ type: "string", enum: ["pending", "confirmed", "rejected"], description: "Case-insensitive" }),
    reason: z.string().trim().max(REASON_MAX).optional().openapi({ description: "Shown in the member's rejection banner and e-mail; only with rejected" }),
  })
  .openapi("ModerationDecision");
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;
