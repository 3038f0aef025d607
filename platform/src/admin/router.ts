import { createRouter } from "../http/openapi.ts";
import { registerChartsData } from "./routes/charts-data.ts";
import { registerChartsDistributions } from "./routes/charts-distributions.ts";
import { registerConsole } from "./routes/console.ts";
import { registerConsoleMatches } from "./routes/console-matches.ts";
import { registerInvitations } from "./routes/invitations.ts";
import { registerNetworkingToggle } from "./routes/networking-toggle.ts";
import { registerNotifyParticipant } from "./routes/notify.ts";
import { registerAdminParticipants } from "./routes/participants.ts";
import { registerProfileToggle } from "./routes/profile-toggle.ts";
import { registerParticipantStats } from "./routes/stats.ts";

/** Community admins' tools (spec 6, 7 Admin and charts) and the console's simple-REST member lists. */
export function adminRouter() {
  const app = createRouter();
  registerParticipantStats(app);
  registerProfileToggle(app);
  registerNetworkingToggle(app);
  registerNotifyParticipant(app);
  registerAdminParticipants(app);
  registerInvitations(app);
  registerChartsData(app);
  registerChartsDistributions(app);
  registerConsole(app);
  registerConsoleMatches(app);
  return app;
}
