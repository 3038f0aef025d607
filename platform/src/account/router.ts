import { createRouter } from "../http/openapi.ts";
import { registerChangeEmail } from "./routes/change-email.ts";
import { registerContactTypes } from "./routes/contact-types.ts";
import { registerCurrentParticipant } from "./routes/current-participant.ts";
import { registerCurrentUser } from "./routes/current-user.ts";
import { registerMyData } from "./routes/my-data.ts";
import { registerMyPermissions } from "./routes/my-permissions.ts";
import { registerParticipantAccount } from "./routes/participant-account.ts";
import { registerSetLang } from "./routes/set-lang.ts";
import { registerWebPush } from "./routes/web-push.ts";

/** current-user, current-participant, permissions, constants. */
export function accountRouter() {
  const app = createRouter();
  registerCurrentUser(app);
  registerCurrentParticipant(app);
  registerSetLang(app);
  registerWebPush(app);
  registerMyPermissions(app);
  registerContactTypes(app);
  registerChangeEmail(app);
  registerMyData(app);
  registerParticipantAccount(app);
  return app;
}
