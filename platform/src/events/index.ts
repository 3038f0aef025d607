import { createRouter } from "../http/openapi.ts";
import { registerAddResponsible } from "./routes/add-responsible.ts";
import { registerApproveParticipant } from "./routes/approve-participant.ts";
import { registerCancelParticipation } from "./routes/cancel-participation.ts";
import { registerConfirmParticipation } from "./routes/confirm-participation.ts";
import { registerConfirmPayment } from "./routes/confirm-payment-participant.ts";
import { registerConfirmedParticipants } from "./routes/confirmed-participants.ts";
import { registerCreateEvent } from "./routes/create-event.ts";
import { registerDeleteEvent } from "./routes/delete-event.ts";
import { registerGetEvent } from "./routes/get-event.ts";
import { registerGetParticipation } from "./routes/get-participation.ts";
import { registerListResponsibles } from "./routes/list-responsibles.ts";
import { registerListPast } from "./routes/list-past.ts";
import { registerListUpcoming } from "./routes/list-upcoming.ts";
import { registerRejectParticipant } from "./routes/reject-participant.ts";
import { registerRemoveResponsible } from "./routes/remove-responsible.ts";
import { registerSetParticipationStatus } from "./routes/set-status.ts";
import { registerSlugAvailable } from "./routes/slug-available.ts";
import { registerUpdateEvent } from "./routes/update-event.ts";
import { registerUploadEventImage } from "./routes/upload-image.ts";

/** `/api/event/{id}/upload-image` carries a file: app.ts gives it the image upload's body limit. */
export const EVENT_IMAGE_UPLOAD_API_PATH = "/api/event/:id/upload-image";
export const isEventImageUpload = (path: string) => /^\/api\/event\/[^/]+\/upload-image$/.test(path);

/** Events (spec 7, /api/event): the events themselves, participation, organizers and event onboarding. */
export function eventsRouter() {
  const app = createRouter();
  // Fixed paths before /event/{id}.
  registerCreateEvent(app);
  registerListUpcoming(app);
  registerListPast(app);
  registerSlugAvailable(app);
  registerGetParticipation(app);
  registerGetEvent(app);
  registerUpdateEvent(app);
  registerDeleteEvent(app);
  registerUploadEventImage(app);
  registerConfirmedParticipants(app);
  registerConfirmParticipation(app);
  registerCancelParticipation(app);
  registerApproveParticipant(app);
  registerRejectParticipant(app);
  registerConfirmPayment(app);
  registerSetParticipationStatus(app);
  registerListResponsibles(app);
  registerAddResponsible(app);
  registerRemoveResponsible(app);
  return app;
}
