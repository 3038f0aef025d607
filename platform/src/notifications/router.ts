import { createRouter } from "../http/openapi.ts";
import { registerDismissNotifications } from "./routes/dismiss-notifications.ts";
import { registerListNotifications } from "./routes/list-notifications.ts";
import { registerNewerNotifications } from "./routes/newer-notifications.ts";
import { registerPreferences } from "./routes/preferences.ts";
import { registerSeenNotifications } from "./routes/seen-notifications.ts";

export function notificationsRouter() {
  const app = createRouter();
  registerListNotifications(app);
  registerPreferences(app);
  registerSeenNotifications(app);
  registerDismissNotifications(app);
  registerNewerNotifications(app);
  return app;
}
