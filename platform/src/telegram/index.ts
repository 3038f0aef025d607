/** Telegram: members' connections through the bot, notifications and mailings through the Bot API. */
export { botApi, TelegramApiError } from "./bot-api.ts";
export { telegramMailingJob } from "./jobs/mailing.ts";
export { telegramNotificationsJob } from "./jobs/notifications.ts";
export { sendTelegramMailingChunk, TELEGRAM_CHUNK } from "./mailings.ts";
export { sendTelegramNotifications } from "./notify.ts";
