import { z } from "@hono/zod-openapi";
import { ContactTypeSchema, LangSchema } from "../tenancy/schema.ts";

export const PARTICIPANT_ROLES = ["member", "moderator", "admin"] as const;
export const ParticipantRoleSchema = z.enum(PARTICIPANT_ROLES);
export type ParticipantRole = z.infer<typeof ParticipantRoleSchema>;

export const ModerationStatusSchema = z.enum(["pending", "confirmed", "rejected"]);

export const PERMISSIONS = ["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

export const ConnectedParticipantSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    role: ParticipantRoleSchema,
    moderationStatus: ModerationStatusSchema,
  })
  .openapi("ConnectedParticipant");

/**
 * The spec names userId, role, enabled, preferredLang, communityUrl, connectedCommunities and
 * connectedParticipants; the lists' element shapes are ours (ids and small participant records,
 * the current community first, so a client's "first connected community" is the one it is on).
 */
export const CurrentUserSchema = z
  .object({
    userId: z.string().uuid(),
    email: z.string().nullable(),
    role: z.enum(["ROLE_ADMIN", "ROLE_USER"]).openapi({
      description: "ROLE_ADMIN when the user administers the current community or is a platform operator",
    }),
    enabled: z.boolean(),
    preferredLang: LangSchema,
    communityUrl: z.string().openapi({ description: "Public URL of the user's home community" }),
    connectedCommunities: z.array(z.string()).openapi({ description: "Ids of communities where the user has a participant, current first" }),
    connectedParticipants: z.array(ConnectedParticipantSchema).openapi({ description: "The user's participants, current community first" }),
    emailVerified: z.boolean(),
    policyAgreed: z.boolean(),
  })
  .openapi("CurrentUser");
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const CurrentParticipantSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    userId: z.string().uuid(),
    role: ParticipantRoleSchema,
    moderationStatus: ModerationStatusSchema,
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("CurrentParticipant");
export type CurrentParticipant = z.infer<typeof CurrentParticipantSchema>;

/** The spec's text body: "en" or "ru" (locales such as "ru-RU" are accepted too). */
export const LangBodySchema = z.string().max(16).openapi({ example: "ru" });

export const LangResultSchema = z.object({ ok: z.literal(true), preferredLang: LangSchema }).openapi("LangResult");

export const PermissionsSchema = z.array(PermissionSchema).openapi("Permissions");

export const ContactTypeInfoSchema = z
  .object({
    type: ContactTypeSchema,
    label: z.string(),
    placeholder: z.string(),
    prefix: z.string().optional().openapi({ description: "What a bare handle is appended to, to make a link" }),
    inputType: z.enum(["email", "tel", "url", "text"]),
  })
  .openapi("ContactTypeInfo");
export type ContactTypeInfo = z.infer<typeof ContactTypeInfoSchema>;
