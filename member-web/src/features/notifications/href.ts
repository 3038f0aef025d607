import type { components } from "@tuesday/api-client";

type Notification = components["schemas"]["Notification"];

/** Where a notification leads, by its type and data. */
export function notificationHref(n: Notification): string | null {
  const d = n.data as Record<string, unknown>;
  const str = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : null);
  switch (n.type) {
    case "CHAT_MESSAGE":
      return str("chatId") ? `/chats/${str("chatId")}` : "/chats";
    case "INTRO_RECEIVED":
      return "/my_communities?tab=requests";
    case "INTRO_ACCEPTED":
      return "/contacts";
    case "MATCH_OF_THE_WEEK":
      return "/my_communities";
    case "MEETING_PROPOSED":
    case "MEETING_PICKED":
    case "MEETING_CONFIRMED":
    case "MEETING_CANCELLED":
    case "MEETING_REMINDER":
      return str("meetingId") ? `/meetings?meeting=${str("meetingId")}` : "/meetings";
    case "EVENT_CANCELLED":
      return "/events";
    case "EVENT_APPROVED":
    case "EVENT_REMINDER":
    case "EVENT_CHANGED":
    case "EVENT_MEETING_REQUESTED":
    case "EVENT_MEETING_BOOKED":
    case "EVENT_MEETING_DECLINED":
    case "EVENT_MEETING_CANCELLED":
    case "EVENT_MEETING_REMINDER":
      return str("eventId") ? `/event/${str("eventId")}` : "/events";
    case "REPORT_REVIEWED":
      // The moderators' answer is the notification itself: no page of one's own reports.
      return null;
    default: {
      // Every type of the API is handled above; one from a newer server leads nowhere.
      const unhandled: never = n.type;
      void unhandled;
      return null;
    }
  }
}
