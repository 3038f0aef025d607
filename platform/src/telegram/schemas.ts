import { z } from "@hono/zod-openapi";

export const TelegramStatusSchema = z
  .object({
    enabled: z.boolean().openapi({ description: "False: this server has no Telegram bot configured" }),
    connected: z.boolean(),
    username: z.string().nullable().openapi({ description: "The connected Telegram @username, when it has one" }),
    connectedAt: z.string().nullable(),
    blocked: z.boolean().openapi({ description: "The member blocked the bot: nothing is sent until they connect again" }),
  })
  .openapi("TelegramStatus");
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

export const TelegramConnectLinkSchema = z
  .object({
    url: z.string().openapi({ description: "t.me/<bot>?start=<code>: opens the bot, whose Start connects this member", example: "https://t.me/tuesday_bot?start=abc" }),
    code: z.string(),
    expiresAt: z.string(),
  })
  .openapi("TelegramConnectLink");
export type TelegramConnectLink = z.infer<typeof TelegramConnectLinkSchema>;

/** A Telegram chat id: an integer (negative for groups), as a number or a string. */
const ChatIdSchema = z
  .union([z.number().int().safe(), z.string().regex(/^-?\d{1,20}$/, "Not a Telegram chat id")])
  .transform((v) => String(v))
  .openapi({ type: "string", description: "The Telegram chat id (a number or its digits)" });

export const TelegramConnectBodySchema = z
  .object({
    userId: z.string().uuid().openapi({ description: "The account whose participant in this community is connected" }),
    chatId: ChatIdSchema,
    username: z
      .string()
      .trim()
      .regex(/^@?[A-Za-z0-9_]{1,64}$/, "Not a Telegram username")
      .transform((u) => u.replace(/^@/, ""))
      .nullish()
      .openapi({ type: "string", description: "The Telegram @username (optional: not every account has one)" }),
  })
  .openapi("TelegramConnect");
export type TelegramConnectBody = z.infer<typeof TelegramConnectBodySchema>;

export const TelegramConnectedSchema = z
  .object({ connected: z.literal(true), participantId: z.string().uuid(), username: z.string().nullable() })
  .openapi("TelegramConnected");
export type TelegramConnected = z.infer<typeof TelegramConnectedSchema>;

/** The parts of a Telegram Update the webhook reads; everything else is ignored. */
export const TelegramUpdateSchema = z
  .object({
    update_id: z.number().int(),
    message: z
      .object({
        text: z.string().max(4096).optional(),
        chat: z.object({ id: z.number().int().safe(), type: z.string().optional() }),
        from: z.object({ id: z.number().int().safe(), username: z.string().max(64).optional() }).optional(),
      })
      .optional(),
  })
  .passthrough()
  .openapi("TelegramUpdate");
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>;

export const SseQuerySchema = z.object({
  userId: z.string().uuid().openapi({ description: "The caller's own user id (another one is a 403)" }),
});

/** What crosses the bus when a member connected Telegram (any process may hold their event stream). */
export const TELEGRAM_CONNECTED_CHANNEL = "telegram.connected";
export type TelegramConnectedEvent = { c: string; u: string; p: string; n: string | null };
