import { createRouter } from "../http/openapi.ts";
import { registerTelegramMailings } from "./routes/mailings.ts";
import { registerTelegram } from "./routes/telegram.ts";

export function telegramRouter() {
  const app = createRouter();
  registerTelegram(app);
  registerTelegramMailings(app);
  return app;
}
