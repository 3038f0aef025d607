import { createRouter } from "../http/openapi.ts";
import { registerMeetingCalendar } from "./routes/calendar-file.ts";
import { registerCancelMeeting } from "./routes/cancel-meeting.ts";
import { registerConfirmMeeting } from "./routes/confirm-meeting.ts";
import { registerConsoleMeetingWeeks } from "./routes/console-weeks.ts";
import { registerGetAvailability } from "./routes/get-availability.ts";
import { registerGetMeeting } from "./routes/get-meeting.ts";
import { registerListMeetings } from "./routes/list-meetings.ts";
import { registerPickSlot } from "./routes/pick-slot.ts";
import { registerProposeTimes } from "./routes/propose-times.ts";
import { registerRescheduleMeeting } from "./routes/reschedule-meeting.ts";
import { registerUpdateAvailability } from "./routes/update-availability.ts";

/** Meetings (/api/meetings): availability, proposed slots, booking, invitations; the console's weekly counts. */
export function meetingsRouter() {
  const app = createRouter();
  // Fixed paths before /meetings/{id}.
  registerGetAvailability(app);
  registerUpdateAvailability(app);
  registerListMeetings(app);
  registerGetMeeting(app);
  registerMeetingCalendar(app);
  registerPickSlot(app);
  registerConfirmMeeting(app);
  registerProposeTimes(app);
  registerRescheduleMeeting(app);
  registerCancelMeeting(app);
  registerConsoleMeetingWeeks(app);
  return app;
}
