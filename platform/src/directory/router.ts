import { createRouter } from "../http/openapi.ts";
import { registerLocations } from "./routes/locations.ts";
import { registerOptions } from "./routes/options.ts";
import { registerParticipants } from "./routes/participants.ts";
import { registerParticipantsList } from "./routes/participants-list.ts";
import { registerParticipantsWithLocation } from "./routes/participants-with-location.ts";
import { registerPreviewParticipants } from "./routes/preview-participants.ts";
import { registerTopTags } from "./routes/top-tags.ts";

/** The member directory: /api/community/{id}/participants… and /api/participant/{id}/participants-with-location. */
export function directoryRouter() {
  const app = createRouter();
  registerParticipants(app);
  registerParticipantsList(app);
  registerPreviewParticipants(app);
  registerOptions(app);
  registerTopTags(app);
  registerLocations(app);
  registerParticipantsWithLocation(app);
  return app;
}
