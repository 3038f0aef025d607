/**
 * Telegram for members (spec 7, Participant: /api/telegram/connect and the event stream
 * /api/sse/telegram-connect). How a member connects:
 * 1. The app asks POST /api/telegram/connect-link for a one-time code (15 minutes) and opens the
 *    bot's deep link t.me/<bot>?start=<code>, then waits on GET /api/sse/telegram-connect.
 * 2. The member presses Start; Telegram sends the bot "/start <code>". Either Telegram calls our
 *    webhook (POST /api/telegram/webhook, Telegram's secret-token header), which consumes the code,
 *    or a separate bot backend calls POST /api/telegram/connect {userId, chatId, username} with the
 *    shared secret header X-Telegram-Bot-Secret (it is trusted to have checked the member).
 * 3. The link is stored and announced on the bus, so the event stream of whichever process holds
 *    it answers "connected".
 * Notifications then also go to the chat (telegram.notifications job) unless the member turned the
 * TELEGRAM channel off.
 */
import { timingSafeEqual } from "node:crypto";
import { requireMember, requireUser } from "../authz/index.ts";
import type { TelegramConfig } from "../config.ts";
import type { Ctx, Deps } from "../context.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { hashHex, randomToken } from "../lib/crypto.ts";
import { accessDenied, notFound, unauthenticated } from "../lib/errors.ts";
import { iso, loadMe } from "../members/index.ts";
import { botApi, deepLink } from "./bot-api.ts";
import { deleteLink, findLink, participantOfUser, putConnectCode, takeConnectCode, upsertLink } from "./queries.ts";
import {
  TELEGRAM_CONNECTED_CHANNEL,
  type TelegramConnectBody,
  type TelegramConnected,
  type TelegramConnectedEvent,
  type TelegramConnectLink,
  type TelegramStatus,
  type TelegramUpdate,
} from "./schemas.ts";

export const CONNECT_CODE_TTL_MS = 15 * 60 * 1000;
export const BOT_SECRET_HEADER = "x-telegram-bot-secret";
export const WEBHOOK_SECRET_HEADER = "x-telegram-bot-api-secret-token";

export function telegramConfig(ctx: Pick<Ctx, "deps">): TelegramConfig {
  const config = ctx.deps.config.telegram;
  // 404, not 501: to the caller the bot does not exist here (and no 5xx answers a well-formed call).
  if (!config) throw notFound("Telegram is not configured on this server");
  return config;
}

function secretMatches(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(hashHex(expected));
  const b = Buffer.from(hashHex(given));
  return timingSafeEqual(a, b);
}

/** GET /api/telegram/status. */
export async function telegramStatus(ctx: Ctx): Promise<TelegramStatus> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const link = await findLink(ctx.db, ctx.tenant.id, me.participant.id);
  return {
    enabled: ctx.deps.config.telegram !== undefined,
    connected: link !== undefined && link.blockedAt === null,
    username: link?.username ?? null,
    connectedAt: link ? iso(link.connectedAt) : null,
    blocked: link?.blockedAt != null,
  };
}

/** POST /api/telegram/connect-link: a fresh one-time code and the bot's deep link (an older code stops working). */
export async function createConnectLink(ctx: Ctx): Promise<TelegramConnectLink> {
  const config = telegramConfig(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const code = randomToken(20);
  const expiresAt = new Date(Date.now() + CONNECT_CODE_TTL_MS);
  await putConnectCode(ctx.db, { communityId: ctx.tenant.id, participantId: me.participant.id, userId: requireUser(ctx).userId, hash: hashHex(code), expiresAt });
  return { url: deepLink(config, code), code, expiresAt: expiresAt.toISOString() };
}

async function link(deps: Deps, communityId: string, participantId: string, userId: string, chatId: string, username: string | null): Promise<TelegramConnected> {
  await withTx(deps.db, async (tx) => {
    await upsertLink(tx, { communityId, participantId, userId, chatId, username });
    const event: TelegramConnectedEvent = { c: communityId, u: userId, p: participantId, n: username };
    await deps.bus.publish(TELEGRAM_CONNECTED_CHANNEL, event, tx);
  });
  return { connected: true, participantId, username };
}

/** POST /api/telegram/connect: the bot backend (shared secret) connects a member of this community. */
export async function connectTelegram(ctx: Ctx, body: TelegramConnectBody, secret: string | undefined): Promise<TelegramConnected> {
  const config = telegramConfig(ctx);
  if (!secretMatches(config.secret, secret)) throw unauthenticated("A valid X-Telegram-Bot-Secret header is required");
  const participantId = await participantOfUser(ctx.db, ctx.tenant.id, body.userId);
  if (!participantId) throw notFound("Participant not found");
  const result = await link(ctx.deps, ctx.tenant.id, participantId, body.userId, body.chatId, body.username ?? null);
  ctx.log.info({ participantId }, "telegram connected by the bot backend");
  return result;
}

const START = /^\/start(?:@\w+)?\s+([a-z2-7]{16,64})\s*$/;

/**
 * POST /api/telegram/webhook: Telegram's updates for the bot (setWebhook with secret_token). A
 * "/start <code>" connects the code's member in the code's community (one bot serves every
 * community: the code, not the Host, names it); everything else is acknowledged and ignored.
 */
export async function handleWebhook(ctx: Ctx, update: TelegramUpdate, secret: string | undefined): Promise<{ ok: true }> {
  const config = telegramConfig(ctx);
  if (!secretMatches(config.secret, secret)) throw unauthenticated("A valid X-Telegram-Bot-Api-Secret-Token header is required");
  const message = update.message;
  const m = message?.text ? START.exec(message.text) : null;
  if (!message || !m?.[1]) return { ok: true };
  const chatId = String(message.chat.id);
  const api = botApi(config);
  const code = await takeConnectCode(ctx.db, hashHex(m[1]));
  const tenant = code ? await ctx.deps.tenants.get(code.communityId) : undefined;
  if (!code || !tenant) {
    await api.sendMessage(chatId, `${textsFor("en")("telegram.expired")}\n\n${textsFor("ru")("telegram.expired")}`).catch((err) => ctx.log.warn({ err }, "telegram reply failed"));
    return { ok: true };
  }
  await link(ctx.deps, code.communityId, code.participantId, code.userId, chatId, message.from?.username ?? null);
  const title = tenant.config.brandConfig.title;
  await api
    .sendMessage(chatId, textsFor(tenant.config.lang)("telegram.connected", { title }))
    .catch((err) => ctx.log.warn({ err }, "telegram reply failed"));
  ctx.log.info({ communityId: code.communityId, participantId: code.participantId }, "telegram connected through the bot");
  return { ok: true };
}

/** DELETE /api/telegram/connection: nothing more is sent to the member's Telegram. */
export async function disconnectTelegram(ctx: Ctx): Promise<void> {
  const me = await loadMe(ctx, await requireMember(ctx));
  await deleteLink(ctx.db, ctx.tenant.id, me.participant.id);
}

/** The event stream's first answer: the caller's own user only. */
export async function requireOwnStream(ctx: Ctx, userId: string): Promise<{ participantId: string; status: TelegramStatus }> {
  const user = requireUser(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  if (user.userId !== userId) throw accessDenied("Only your own connection");
  return { participantId: me.participant.id, status: await telegramStatus(ctx) };
}
