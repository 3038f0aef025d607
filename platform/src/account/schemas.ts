import { z } from "@hono/zod-openapi";
import { PARTICIPANT_ROLES, PERMISSIONS } from "../authz/roles.ts";
import { ContactTypeSchema, LangSchema } from "../tenancy/schema.ts";

export { PARTICIPANT_ROLES, PERMISSIONS };
export const ParticipantRoleSchema = z.enum(PARTICIPANT_ROLES);
export type ParticipantRole = z.infer<typeof ParticipantRoleSchema>;

export const ModerationStatusSchema = z.enum(["pending", "confirmed", "rejected"]);

export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

export const ConnectedParticipantSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    role: ParticipantRoleSchema,
    moderationStatus: ModerationStatusSchema,
    profileCompleted: z.boolean().openapi({ description: "The participant has completed a profile; an admin here without one is in the member app's restricted mode" }),
    networkingEnabled: z.boolean().openapi({
      description: "Networking is on for this participant (an admin's networking toggle or the member's own switch); off, the member app shows only the profile (spec 2.4)",
    }),
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

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64Url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Not base64url");

/** A browser's PushSubscription.toJSON() (W3C Push API). */
export const WebPushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .max(2000)
      .url("Not a URL")
      .refine((s) => s.startsWith("https://"), "The push service endpoint must be https")
      .openapi({ example: "https://fcm.googleapis.com/fcm/send/abc" }),
    expirationTime: z.number().int().nonnegative().max(253402300799999, "Past the year 9999").nullable().optional().openapi({ description: "Milliseconds since the epoch, or null" }),
    keys: z
      .object({
        // An uncompressed P-256 point is 65 bytes (87 base64url characters); the auth secret 16 bytes (22).
        p256dh: base64Url(80, 100),
        auth: base64Url(16, 32),
      })
      .strict(),
  })
  .openapi("WebPushSubscription");
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

export const WebPushResultSchema = z
  .object({
    ok: z.literal(true),
    enabled: z.literal(false).openapi({ description: "Web push is disabled in this build: the subscription is stored, nothing is sent" }),
  })
  .openapi("WebPushResult");
export type WebPushResult = z.infer<typeof WebPushResultSchema>;

export const AccountEnabledSchema = z.strictObject({ enabled: z.boolean().openapi({ description: "false disables the account (sign-in refused, sessions ended at once); true enables it again" }) }).openapi("AccountEnabled");
export const AccountStateSchema = z
  .object({ userId: z.string().uuid(), email: z.string().nullable(), enabled: z.boolean(), changed: z.boolean().openapi({ description: "false: it already was so" }) })
  .openapi("AccountState");
export const AccountParticipantParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "A participant of this community" }),
});
