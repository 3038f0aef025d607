import { createRouter } from "../http/openapi.ts";
import { registerTelegramMailings } from "./routes/mailings.ts";
import { registerTelegram } from "./routes/telegram.ts";

/** Telegram: members' connections through the bot, notifications and mailings through the Bot API. */
export { botApi, TelegramApiError } from "./bot-api.ts";
export { telegramMailingJob } from "./jobs/mailing.ts";
export { telegramNotificationsJob } from "./jobs/notifications.ts";
export { sendTelegramMailingChunk, TELEGRAM_CHUNK } from "./mailings.ts";
export { sendTelegramNotifications } from "./notify.ts";

export function telegramRouter() {
  const app = createRouter();
  registerTelegram(app);
  registerTelegramMailings(app);
  return app;
}
