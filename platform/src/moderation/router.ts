import { createRouter } from "../http/openapi.ts";
import { registerListModeration } from "./routes/list-moderation.ts";
import { registerListModerators } from "./routes/list-moderators.ts";
import { registerModerateParticipant } from "./routes/moderate-participant.ts";

/** Participant moderation (spec 4.4, 7 Moderation): moderators and admins of the community. */
export function moderationRouter() {
  const app = createRouter();
  // Before /participant-moderation/{id}: "moderators" is no id (the uuid check would refuse it anyway).
  registerListModerators(app);
  registerListModeration(app);
  registerModerateParticipant(app);
  return app;
}
