import { createRouter } from "../http/openapi.ts";
import { registerListModeration } from "./routes/list-moderation.ts";
import { registerListModerators } from "./routes/list-moderators.ts";
import { registerModerateParticipant } from "./routes/moderate-participant.ts";
import { registerCreateReport } from "./routes/create-report.ts";
import { registerGetReport } from "./routes/get-report.ts";
import { registerListReports } from "./routes/list-reports.ts";
import { registerResolveReport } from "./routes/resolve-report.ts";

/** Participant moderation (spec 4.4, 7 Moderation): moderators and admins of the community. */
export function moderationRouter() {
  const app = createRouter();
  // Before /participant-moderation/{id}: "moderators" is no id (the uuid check would refuse it anyway).
  registerListModerators(app);
  registerListModeration(app);
  registerModerateParticipant(app);
  // In-app reports about members (issue 27 item 6).
  registerCreateReport(app);
  registerListReports(app);
  registerGetReport(app);
  registerResolveReport(app);
  return app;
}
