import { createRouter } from "../http/openapi.ts";
import { registerDismissNotifications } from "./routes/dismiss-notifications.ts";
import { registerListNotifications } from "./routes/list-notifications.ts";
import { registerNewerNotifications } from "./routes/newer-notifications.ts";
import { registerPreferences } from "./routes/preferences.ts";
import { registerSeenNotifications } from "./routes/seen-notifications.ts";

/** Members' notifications; other modules feed them through `notify`. */
export { withUnseen } from "./queries.ts";
export { DIGEST_DELAY_MS, sendNotificationDigests } from "./digest.ts";
export { type NotifyInput, notify } from "./service.ts";

export function notificationsRouter() {
  const app = createRouter();
  registerListNotifications(app);
  registerPreferences(app);
  registerSeenNotifications(app);
  registerDismissNotifications(app);
  registerNewerNotifications(app);
  return app;
}
