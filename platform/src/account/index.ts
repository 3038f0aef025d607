import { createRouter } from "../http/openapi.ts";
import { registerContactTypes } from "./routes/contact-types.ts";
import { registerCurrentParticipant } from "./routes/current-participant.ts";
import { registerCurrentUser } from "./routes/current-user.ts";
import { registerMyPermissions } from "./routes/my-permissions.ts";
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
  return app;
}
