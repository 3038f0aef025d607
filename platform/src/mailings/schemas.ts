import { z } from "@hono/zod-openapi";
import { ModerationStatusSchema, ParticipantRoleSchema } from "../account/schemas.ts";
import { LangSchema } from "../tenancy/schema.ts";

export const CommunityParamSchema = z.object({ id: z.string().min(1).max(100) });
export const MailingParamSchema = z.object({ id: z.string().min(1).max(100), mailingId: z.string().uuid() });

export const MailingTextSchema = z
  .strictObject({ subject: z.string().trim().min(1).max(200), body: z.string().trim().min(1).max(20_000) })
  .openapi("MailingText");

/** Who gets the mailing. Unset fields do not filter; statuses default to confirmed members only. */
export const AudienceSchema = z
  .strictObject({
    statuses: z.array(ModerationStatusSchema).min(1).max(3).optional(),
    roles: z.array(ParticipantRoleSchema).min(1).max(3).optional(),
    /** The recipient's language (their choice in the community, else their account's). */
    langs: z.array(LangSchema).min(1).max(2).optional(),
    participantIds: z.array(z.string().uuid()).min(1).max(10_000).optional(),
  })
  .openapi("MailingAudience");
export type Audience = z.infer<typeof AudienceSchema>;

export const NotifySchema = z
  .strictObject({
    /** The text per language; the community's default language is required, the others fall back to it. */
    content: z.partialRecord(LangSchema, MailingTextSchema),
    audience: AudienceSchema.default({}),
  })
  .openapi("NotifyParticipants");
export type NotifyInput = z.infer<typeof NotifySchema>;

/** A Telegram mailing's text per language (an image mailing's caption). */
export const TelegramTextSchema = z.strictObject({ text: z.string().trim().min(1).max(4000) }).openapi("TelegramMailingText");

export const MailingSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    /** email: through the mail outbox; telegram / telegram_image: through the Telegram bot to members who connected it. */
    kind: z.enum(["email", "telegram", "telegram_image"]),
    content: z.partialRecord(LangSchema, z.union([MailingTextSchema, TelegramTextSchema])),
    audience: AudienceSchema,
    /** queued: nothing delivered yet; sending; done: every recipient sent, failed or skipped. */
    status: z.enum(["queued", "sending", "done"]),
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    /** Unsubscribed between the mailing's start and their turn. */
    skipped: z.number().int(),
    /** 0..100: (sent + failed + skipped) / total. */
    percent: z.number().int(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("Mailing");
export type Mailing = z.infer<typeof MailingSchema>;

export const MailingListSchema = z.array(MailingSchema).openapi("MailingList");

export const MailingPreviewSchema = z
  .object({
    total: z.number().int(),
    byLang: z.partialRecord(LangSchema, z.number().int()),
    rendered: z.partialRecord(LangSchema, z.object({ subject: z.string(), html: z.string(), text: z.string() })),
  })
  .openapi("MailingPreview");
export type MailingPreview = z.infer<typeof MailingPreviewSchema>;

export const RecommendedContactsResultSchema = z
  .object({ week: z.string(), mailsQueued: z.number().int() })
  .openapi("RecommendedContactsResult");

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(10).max(200) });
export const UnsubscribeResultSchema = z.object({ ok: z.literal(true), communityId: z.string() }).openapi("UnsubscribeResult");
