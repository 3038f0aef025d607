import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { AudienceSchema, CommunityParamSchema, MailingSchema, TelegramTextSchema } from "../../mailings/schemas.ts";
import { LangSchema } from "../../tenancy/schema.ts";
import { notifyTelegram, notifyTelegramImage, notifyTelegramRecommendedContacts } from "../mailings.ts";

const NotifyTelegramSchema = z
  .strictObject({
    /** The text per language; the community's default language is required, the others fall back to it. */
    content: z.partialRecord(LangSchema, TelegramTextSchema),
    audience: AudienceSchema.default({}),
  })
  .openapi("NotifyTelegram");

const CaptionSchema = z.strictObject({ text: z.string().trim().min(1).max(1024) });

const NotifyTelegramImageSchema = z
  .strictObject({
    imageUrl: z
      .string()
      .min(1)
      .max(500)
      .openapi({ description: "An image of this community uploaded through /api/images/upload (its url, /media/<community>/<id>/<size>.jpg)" }),
    content: z.partialRecord(LangSchema, CaptionSchema).openapi({ description: "The caption per language (at most 1024 characters, Telegram's limit)" }),
    audience: AudienceSchema.default({}),
  })
  .openapi("NotifyTelegramImage");

const PROGRESS = "Poll GET /community/{id}/mailings/{mailingId} for progress. Reaches members who connected Telegram (and did not turn the channel off); 404 when the server has no bot.";

const text = defineRoute({
  apiKey: "mailings:send",
  access: "admin",
  method: "post",
  path: "/community/{id}/participants/notify/telegram",
  tags: ["Community notify"],
  summary: "Send a Telegram mailing to a filtered audience, each member in their language (audited as mailing.telegram.send)",
  description: PROGRESS,
  request: { params: CommunityParamSchema, body: jsonBody(NotifyTelegramSchema) },
  responses: { 202: jsonResponse(MailingSchema, "The mailing, queued"), ...errors(400, 401, 403, 404) },
});

const image = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/community/{id}/participants/notify/telegram/group/image",
  tags: ["Community notify"],
  summary: "Send a picture with a caption to a group of members through Telegram (audited as mailing.telegram.image)",
  description: `The picture goes as a multipart sendPhoto (its 512 px size). ${PROGRESS}`,
  request: { params: CommunityParamSchema, body: jsonBody(NotifyTelegramImageSchema) },
  responses: { 202: jsonResponse(MailingSchema, "The mailing, queued"), ...errors(400, 401, 403, 404) },
});

const recommended = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/community/{id}/participants/notify/telegram/recommended-contacts",
  tags: ["Community notify"],
  summary: "Tell this week's matched members through Telegram that their contact is ready (audited as mailing.telegram.recommended_contacts)",
  description: `Runs the coming Tuesday's pairing (or reads it, when it ran) without e-mail, then a Telegram mailing to every matched member. ${PROGRESS}`,
  request: { params: CommunityParamSchema },
  responses: { 202: jsonResponse(MailingSchema, "The mailing, queued"), ...errors(400, 401, 403, 404) },
});

export function registerTelegramMailings(app: OpenAPIHono<AppEnv>) {
  app.openapi(text, async (c) => c.json(await notifyTelegram(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 202));
  app.openapi(image, async (c) => c.json(await notifyTelegramImage(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 202));
  app.openapi(recommended, async (c) => c.json(await notifyTelegramRecommendedContacts(c.get("ctx"), c.req.valid("param").id), 202));
}
