/**
 * Notifications through Telegram: a notification stored while the member has a connected chat
 * (and the TELEGRAM channel on) is 'pending'; this pass sends each once, in the member's language,
 * with a link to the app, and marks it sent or failed in the same transaction that locked it (a
 * second runner skips locked rows). A crash between the Bot API's answer and the commit sends that
 * one again on the next pass (Telegram has no idempotency key): at least once, never lost.
 */
import type { Deps } from "../context.ts";
import { withTx } from "../db/client.ts";
import { type TextKey, textsFor } from "../i18n/texts.ts";
import type { Lang } from "../tenancy/schema.ts";
import { botApi, TelegramApiError } from "./bot-api.ts";
import { lockPendingNotifications, markBlocked, markNotificationTelegram } from "./queries.ts";

const BATCH = 100;

/** The notification type's text, or the type itself for one the catalogue does not know. */
function typeText(lang: Lang, type: string): string {
  const key = `telegram.notifications.${type}` as TextKey;
  const text = textsFor(lang)(key);
  return text === key ? type : text;
}

/** A meeting's reminder and booking say which meeting and when, in the member's language and zone. */
function meetingText(lang: Lang, type: string, data: Record<string, unknown>): string | null {
  const atEvent = type === "EVENT_MEETING_REMINDER" || type === "EVENT_MEETING_BOOKED";
  if ((type !== "MEETING_REMINDER" && type !== "MEETING_CONFIRMED" && !atEvent) || typeof data.startsAt !== "string") return null;
  const t = textsFor(lang);
  const event = typeof data.eventTitle === "string" ? data.eventTitle : "";
  const head =
    type === "EVENT_MEETING_REMINDER"
      ? t("telegram.meeting.eventSoon", { event })
      : type === "EVENT_MEETING_BOOKED"
        ? t("telegram.meeting.eventBooked", { event })
        : type === "MEETING_CONFIRMED"
          ? t("telegram.meeting.booked")
          : data.reminder === "day"
            ? t("telegram.meeting.day")
            : t("telegram.meeting.soon");
  const timeZone = typeof data.timeZone === "string" ? data.timeZone : "UTC";
  let when: string;
  try {
    when = new Intl.DateTimeFormat(lang, { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(data.startsAt));
  } catch {
    return null;
  }
  const lines = [head, t("telegram.meeting.at", { when, zone: timeZone })];
  if (typeof data.otherName === "string" && data.otherName) lines.push(t("telegram.meeting.with", { name: data.otherName }));
  if (atEvent && typeof data.table === "string" && data.table) lines.push(t("telegram.meeting.table", { table: data.table }));
  return lines.join("\n");
}

function linkFor(base: string, type: string, data: Record<string, unknown>): string {
  if (type === "CHAT_MESSAGE" && typeof data.chatId === "string") return `${base}/chats/${data.chatId}`;
  if (type.startsWith("EVENT_MEETING_") && typeof data.eventId === "string") return `${base}/event/${data.eventId}`;
  if (type.startsWith("MEETING_")) return typeof data.meetingId === "string" ? `${base}/meetings?meeting=${data.meetingId}` : `${base}/meetings`;
  return `${base}/notifications`;
}

/** One pass: sends up to BATCH pending notifications; returns how many were sent and failed. */
export async function sendTelegramNotifications(deps: Deps, opts: { communityId?: string } = {}): Promise<{ sent: number; failed: number }> {
  const config = deps.config.telegram;
  if (!config) return { sent: 0, failed: 0 };
  const api = botApi(config);
  return withTx(deps.db, async (tx) => {
    const rows = await lockPendingNotifications(tx, opts.communityId, BATCH);
    let sent = 0;
    let failed = 0;
    for (const n of rows) {
      const tenant = await deps.tenants.get(n.communityId);
      if (!tenant || !n.chatId || n.disabled) {
        await markNotificationTelegram(tx, n.id, "failed");
        failed++;
        continue;
      }
      const lang: Lang = n.lang && tenant.config.langChoices.includes(n.lang) ? n.lang : tenant.config.lang;
      const text = `${tenant.config.brandConfig.title}: ${meetingText(lang, n.type, n.data) ?? typeText(lang, n.type)}\n${linkFor(tenant.url, n.type, n.data)}`;
      try {
        await api.sendMessage(n.chatId, text, { disablePreview: true });
        await markNotificationTelegram(tx, n.id, "sent");
        sent++;
      } catch (err) {
        if (err instanceof TelegramApiError && err.isPermanent) {
          if (err.status === 403) await markBlocked(tx, n.communityId, n.chatId);
          await markNotificationTelegram(tx, n.id, "failed");
          failed++;
          continue;
        }
        // Telegram down or rate limiting: what was sent so far is kept, the rest waits for the next pass.
        deps.log.warn({ err, notificationId: n.id }, "telegram notification not sent; retried on the next pass");
        break;
      }
    }
    return { sent, failed };
  });
}
