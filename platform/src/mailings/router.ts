import { createRouter } from "../http/openapi.ts";
import { registerGetMailing } from "./routes/get-mailing.ts";
import { registerListMailings } from "./routes/list-mailings.ts";
import { registerNotifyParticipants } from "./routes/notify-participants.ts";
import { registerNotifyRecommendedContacts } from "./routes/notify-recommended-contacts.ts";
import { registerPreviewMailing } from "./routes/preview-mailing.ts";
import { registerUnsubscribe } from "./routes/unsubscribe.ts";

/** Community mailings (Community notify) and the one-click unsubscribe. */
export function mailingsRouter() {
  const app = createRouter();
  registerNotifyParticipants(app);
  registerPreviewMailing(app);
  registerNotifyRecommendedContacts(app);
  registerListMailings(app);
  registerGetMailing(app);
  registerUnsubscribe(app);
  return app;
}
