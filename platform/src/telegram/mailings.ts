/**
 * Telegram mailings (spec 7, Community notify: /notify/telegram, /notify/telegram/recommended-contacts,
 * /notify/telegram/group/image). They share the e-mail mailings' tables and progress
 * (GET /community/{id}/mailings/{mailingId}): the audience is fixed as recipient rows when the
 * mailing starts (members with a connected, unblocked Telegram and the channel on), in one
 * transaction with its job; the job then sends chunk by chunk through the Bot API, each recipient
 * marked sent or failed in the transaction that locked it, so a rerun never sends to anyone twice
 * (a crash between Telegram's answer and the commit is the one case sent again: at least once).
 */
import { requireCommunityAdmin } from "../authz/index.ts";
import { type AuditAction, recordAudit } from "../audit/index.ts";
import { type Ctx, withDb } from "../context.ts";
import type { Db } from "../db/client.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { notFound, validation } from "../lib/errors.ts";
import { MEDIA_KEY, mediaStorage } from "../images/storage.ts";
import type { Audience, Mailing } from "../mailings/schemas.ts";
import { toMailing } from "../mailings/service.ts";
import { findMailing } from "../mailings/queries.ts";
import { jobCtx } from "../jobs/context.ts";
import { runWeeklyPairing } from "../matching/weekly/service.ts";
import { comingTuesday } from "../matching/weekly/week.ts";
import type { Lang, Tenant } from "../tenancy/schema.ts";
import { botApi, TelegramApiError } from "./bot-api.ts";
import { telegramMailingQueue } from "./jobs/mailing-queue.ts";
import { markBlocked } from "./queries.ts";
import { telegramConfig } from "./service.ts";

/** Recipients one job run sends to; the job re-enqueues itself for the next chunk. */
export const TELEGRAM_CHUNK = 50;

export type TelegramContent = Partial<Record<Lang, { text: string }>>;

function checkContent(tenant: Tenant, content: TelegramContent): void {
  const { lang, langChoices } = tenant.config;
  if (!content[lang]) throw validation(`Invalid input: content.${lang}: the text in the community's language is required`, { [`content.${lang}`]: "Required" });
  for (const l of Object.keys(content) as Lang[]) {
    if (l !== lang && !langChoices.includes(l)) throw validation(`Invalid input: content.${l}: the community does not offer this language`, { [`content.${l}`]: "Not a language of the community" });
  }
}

/** The mailing and its recipients: members of the audience with a live Telegram link and the channel on. */
async function insertTelegramMailing(
  db: Db,
  m: { communityId: string; kind: "telegram" | "telegram_image"; content: TelegramContent; audience: Audience; imageKey: string | null; createdBy: string | null; defaultLang: Lang },
): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into mailings (community_id, kind, content, audience, image_key, created_by)
    values (${m.communityId}, ${m.kind}, ${db.json(m.content as never)}, ${db.json(m.audience as never)}, ${m.imageKey}, ${m.createdBy}) returning id`;
  if (!row) throw new Error("mailing insert failed");
  const a = m.audience;
  const inserted = await db`
    insert into mailing_recipients (community_id, mailing_id, participant_id, user_id, email, lang, telegram_chat_id)
    select p.community_id, ${row.id}, p.id, u.id, null, coalesce(p.language, u.preferred_lang, ${m.defaultLang}), l.chat_id
    from participants p join users u on u.id = p.user_id
      join telegram_links l on l.community_id = p.community_id and l.participant_id = p.id and l.blocked_at is null
    where p.community_id = ${m.communityId} and u.deleted_at is null and u.enabled
      and p.moderation_status = any(${a.statuses ?? ["confirmed"]}::text[])
      and (${a.roles ?? null}::text[] is null or p.role = any(${a.roles ?? null}::text[]))
      and (${a.langs ?? null}::text[] is null or coalesce(p.language, u.preferred_lang, ${m.defaultLang}) = any(${a.langs ?? null}::text[]))
      and (${a.participantIds ?? null}::uuid[] is null or p.id = any(${a.participantIds ?? null}::uuid[]))
      and not exists (select 1 from notification_preferences x
        where x.community_id = p.community_id and x.participant_id = p.id and x.contact_type = 'TELEGRAM' and x.disable)`;
  await db`update mailings set total = ${inserted.count} where id = ${row.id}`;
  return row.id;
}

async function start(
  ctx: Ctx,
  kind: "telegram" | "telegram_image",
  content: TelegramContent,
  audience: Audience,
  imageKey: string | null,
  action: AuditAction,
): Promise<Mailing> {
  return withTx(ctx.db, async (tx) => {
    const id = await insertTelegramMailing(tx, {
      communityId: ctx.tenant.id,
      kind,
      content,
      audience,
      imageKey,
      createdBy: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      defaultLang: ctx.tenant.config.lang,
    });
    await ctx.deps.jobs.send(telegramMailingQueue, { communityId: ctx.tenant.id, mailingId: id }, { db: tx });
    const row = await findMailing(tx, ctx.tenant.id, id);
    if (!row) throw new Error("mailing vanished");
    await recordAudit(withDb(ctx, tx), { action, target: { type: "mailing", id }, before: null, after: { kind, content, audience, imageKey, total: row.total } });
    return toMailing(row);
  });
}

/** POST /community/{id}/participants/notify/telegram. */
export async function notifyTelegram(ctx: Ctx, communityId: string, input: { content: TelegramContent; audience: Audience }): Promise<Mailing> {
  await requireCommunityAdmin(ctx, communityId);
  telegramConfig(ctx);
  checkContent(ctx.tenant, input.content);
  return start(ctx, "telegram", input.content, input.audience, null, "mailing.telegram.send");
}

/** The media key of an uploaded image of this community ("/media/<community>/<id>/<size>.jpg", or a full URL ending so). */
function mediaKeyOf(ctx: Ctx, imageUrl: string): string {
  const path = imageUrl.replace(/^https?:\/\/[^/]+/, "").replace(/^\/media\//, "");
  const m = MEDIA_KEY.exec(path);
  // Another community's picture is unknown here.
  if (!m || m[1] !== ctx.tenant.id) throw notFound("Image not found");
  return `${m[1]}/${m[2]}/512.jpg`;
}

/** POST /community/{id}/participants/notify/telegram/group/image: a picture (uploaded through /api/images first) with a caption. */
export async function notifyTelegramImage(ctx: Ctx, communityId: string, input: { imageUrl: string; content: TelegramContent; audience: Audience }): Promise<Mailing> {
  await requireCommunityAdmin(ctx, communityId);
  telegramConfig(ctx);
  checkContent(ctx.tenant, input.content);
  const key = mediaKeyOf(ctx, input.imageUrl);
  if (!(await mediaStorage(ctx.deps.config).get(key))) throw notFound("Image not found");
  return start(ctx, "telegram_image", input.content, input.audience, key, "mailing.telegram.image");
}

/**
 * POST /community/{id}/participants/notify/telegram/recommended-contacts: this week's pairing is
 * run (or read, when it ran) and every matched member with Telegram is told through the bot.
 */
export async function notifyTelegramRecommendedContacts(ctx: Ctx, communityId: string): Promise<Mailing> {
  await requireCommunityAdmin(ctx, communityId);
  telegramConfig(ctx);
  const week = comingTuesday(new Date(), ctx.tenant.config.timeZone);
  await runWeeklyPairing(jobCtx(ctx.deps, ctx.tenant, "notify.telegram.recommended-contacts"), { communityId: ctx.tenant.id, week, mail: false });
  const matched = await ctx.db<{ id: string }[]>`
    select distinct r.participant_id as id from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${ctx.tenant.id} and m.week = ${week}`;
  const link = `${ctx.tenant.url}/my_communities`;
  const title = ctx.tenant.config.brandConfig.title;
  const content: TelegramContent = {};
  for (const l of [ctx.tenant.config.lang, ...ctx.tenant.config.langChoices]) content[l] = { text: textsFor(l)("telegram.recommended", { title, link }) };
  // Nobody matched: an empty audience (a participant id that is no one's).
  const audience: Audience = { participantIds: matched.length > 0 ? matched.map((r) => r.id) : ["00000000-0000-0000-0000-000000000000"] };
  return start(ctx, "telegram", content, audience, null, "mailing.telegram.recommended_contacts");
}

type PendingTelegramRecipient = { participantId: string; chatId: string; lang: Lang };

/** One chunk of a Telegram mailing (the job's work); returns how many recipients it handled. */
export async function sendTelegramMailingChunk(ctx: Ctx, mailingId: string): Promise<{ handled: number; more: boolean }> {
  const config = ctx.deps.config.telegram;
  if (!config) return { handled: 0, more: false };
  const api = botApi(config);
  return withTx(ctx.db, async (tx) => {
    const mailing = await findMailing(tx, ctx.tenant.id, mailingId);
    if (!mailing || mailing.kind === "email") return { handled: 0, more: false };
    const [imageRow] = await tx<{ imageKey: string | null }[]>`select image_key as "imageKey" from mailings where id = ${mailingId}`;
    const image = imageRow?.imageKey ? await mediaStorage(ctx.deps.config).get(imageRow.imageKey) : undefined;
    const batch = await tx<PendingTelegramRecipient[]>`
      select participant_id as "participantId", telegram_chat_id as "chatId", lang from mailing_recipients
      where community_id = ${ctx.tenant.id} and mailing_id = ${mailingId} and status = 'pending' order by participant_id limit ${TELEGRAM_CHUNK} for update skip locked`;
    const content = mailing.content as unknown as TelegramContent;
    let handled = 0;
    let stalled = false;
    for (const r of batch) {
      const text = (content[r.lang] ?? content[ctx.tenant.config.lang])?.text ?? "";
      let status: "sent" | "failed" = "sent";
      let error: string | null = null;
      try {
        if (mailing.kind === "telegram_image") {
          if (!image) throw new TelegramApiError(400, "The image is gone", undefined);
          await api.sendPhoto(r.chatId, { data: image.data, filename: "image.jpg", contentType: image.contentType }, text.slice(0, 1024));
        } else {
          await api.sendMessage(r.chatId, text);
        }
      } catch (err) {
        if (!(err instanceof TelegramApiError) || !err.isPermanent) {
          // Telegram unavailable or rate limiting: the rest stays pending for the retry.
          ctx.log.warn({ err, mailingId }, "telegram mailing paused");
          stalled = true;
          break;
        }
        if (err.status === 403) await markBlocked(tx, ctx.tenant.id, r.chatId);
        status = "failed";
        error = err.description.slice(0, 500);
      }
      await tx`update mailing_recipients set status = ${status}, error = ${error} where community_id = ${ctx.tenant.id} and mailing_id = ${mailingId} and participant_id = ${r.participantId}`;
      handled++;
    }
    const [left] = await tx<{ n: number }[]>`select count(*)::int as n from mailing_recipients where community_id = ${ctx.tenant.id} and mailing_id = ${mailingId} and status = 'pending'`;
    const more = (left?.n ?? 0) > 0;
    if (more) {
      await tx`update mailings set status = 'sending' where id = ${mailingId} and status = 'queued'`;
      await ctx.deps.jobs.send(telegramMailingQueue, { communityId: ctx.tenant.id, mailingId }, { db: tx, ...(stalled ? { startAfterSeconds: 30 } : {}) });
    } else {
      await tx`update mailings set status = 'done', finished_at = coalesce(finished_at, now()) where id = ${mailingId}`;
    }
    return { handled, more };
  });
}


