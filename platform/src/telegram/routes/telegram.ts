import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import {
  SseQuerySchema,
  TELEGRAM_CONNECTED_CHANNEL,
  TelegramConnectBodySchema,
  TelegramConnectedSchema,
  type TelegramConnectedEvent,
  TelegramConnectLinkSchema,
  TelegramStatusSchema,
  TelegramUpdateSchema,
} from "../schemas.ts";
import {
  BOT_SECRET_HEADER,
  connectTelegram,
  createConnectLink,
  disconnectTelegram,
  handleWebhook,
  requireOwnStream,
  telegramStatus,
  WEBHOOK_SECRET_HEADER,
} from "../service.ts";

/** How long one event stream stays open waiting for the connection; the app opens another after. */
export const SSE_MAX_MS = 10 * 60 * 1000;
const SSE_PING_MS = 15_000;

const status = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/telegram/status",
  tags: ["Participant telegram"],
  summary: "Whether my Telegram is connected",
  responses: { 200: jsonResponse(TelegramStatusSchema, "The connection") },
});

const connectLink = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/telegram/connect-link",
  tags: ["Participant telegram"],
  summary: "A one-time deep link to the bot",
  description:
    "A fresh code (valid 15 minutes; an older one stops working) and the bot's deep link t.me/<bot>?start=<code>. Pressing Start in Telegram connects the caller; GET /api/sse/telegram-connect tells the app when. 404 when the server has no bot.",
  responses: { 200: jsonResponse(TelegramConnectLinkSchema, "The link"), ...errors(404) },
});

const disconnect = defineRoute({
  apiKey: false,
  access: "participant",
  method: "delete",
  path: "/telegram/connection",
  tags: ["Participant telegram"],
  summary: "Disconnect my Telegram",
  responses: { 204: { description: "Nothing more is sent there" } },
});

const connect = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/telegram/connect",
  tags: ["Participant telegram"],
  summary: "The bot backend connects a member's Telegram chat",
  description: `For a bot backend that handles "/start" itself: connects the participant of \`userId\` in this community to \`chatId\`. Requires the server's shared secret in the ${BOT_SECRET_HEADER} header (401 without). 404 when the user is no participant here; 404 when the server has no bot.`,
  request: { body: jsonBody(TelegramConnectBodySchema) },
  responses: { 200: jsonResponse(TelegramConnectedSchema, "Connected"), ...errors(400, 401, 404) },
});

const webhook = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/telegram/webhook",
  tags: ["Participant telegram"],
  summary: "Telegram's webhook for the bot",
  description: `Set with setWebhook(url, secret_token = the server's secret); Telegram sends it in ${WEBHOOK_SECRET_HEADER} (401 without). "/start <code>" connects the member the code was made for; other updates are acknowledged and ignored.`,
  request: { body: jsonBody(TelegramUpdateSchema) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), "Handled"), ...errors(400, 401, 404) },
});

const sse = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/sse/telegram-connect",
  tags: ["Participant telegram"],
  summary: "Server-sent events: my Telegram connection",
  description: `An event stream: first \`status\` (TelegramStatus JSON), then \`connected\` ({username}) once the bot connected the caller (from any server process), after which the stream ends; \`ping\` every 15 s meanwhile. Closes after ${SSE_MAX_MS / 60000} minutes. userId must be the caller's (403 otherwise).`,
  request: { query: SseQuerySchema },
  responses: {
    200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
    ...errors(400, 401, 403),
  },
});

export function registerTelegram(app: OpenAPIHono<AppEnv>) {
  app.openapi(status, async (c) => c.json(await telegramStatus(c.get("ctx")), 200));
  app.openapi(connectLink, async (c) => c.json(await createConnectLink(c.get("ctx")), 200));
  app.openapi(disconnect, async (c) => {
    await disconnectTelegram(c.get("ctx"));
    return c.body(null, 204);
  });
  app.openapi(connect, async (c) => c.json(await connectTelegram(c.get("ctx"), c.req.valid("json"), c.req.header(BOT_SECRET_HEADER)), 200));
  app.openapi(webhook, async (c) => c.json(await handleWebhook(c.get("ctx"), c.req.valid("json"), c.req.header(WEBHOOK_SECRET_HEADER)), 200));
  app.openapi(sse, async (c) => {
    const ctx = c.get("ctx");
    const userId = c.req.valid("query").userId;
    // Listening before the status is read: a connection in between is not missed.
    let connected: ((username: string | null) => void) | undefined;
    const pending: (string | null)[] = [];
    const unsubscribe = await ctx.deps.bus.subscribe<TelegramConnectedEvent>(TELEGRAM_CONNECTED_CHANNEL, ({ payload }) => {
      if (payload?.c !== ctx.tenant.id || payload.u !== userId) return;
      if (connected) connected(payload.n);
      else pending.push(payload.n);
    });
    let first: Awaited<ReturnType<typeof requireOwnStream>>;
    try {
      first = await requireOwnStream(ctx, userId);
    } catch (err) {
      await unsubscribe();
      throw err;
    }
    return streamSSE(c, async (stream) => {
      const done = new Promise<string | null | undefined>((resolve) => {
        connected = resolve;
        stream.onAbort(() => resolve(undefined));
        const limit = setTimeout(() => resolve(undefined), SSE_MAX_MS);
        limit.unref();
        if (pending.length > 0) resolve(pending[0]);
      });
      const ping = setInterval(() => void stream.writeSSE({ event: "ping", data: "" }).catch(() => {}), SSE_PING_MS);
      ping.unref();
      try {
        await stream.writeSSE({ event: "status", data: JSON.stringify(first.status) });
        const username = await done;
        if (username !== undefined) await stream.writeSSE({ event: "connected", data: JSON.stringify({ connected: true, username }) });
      } finally {
        clearInterval(ping);
        await unsubscribe();
      }
    }) as never;
  });
}
