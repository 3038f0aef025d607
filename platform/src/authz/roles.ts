/** A participant's role in a community, lowest first. */
export const PARTICIPANT_ROLES = ["member", "moderator", "admin"] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/** What the console shows a participant may do (GET /api/permission/my). */
export const PERMISSIONS = ["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The user's participant in the session's community, as it was when the request began. */
export type ParticipantSnapshot = {
  id: string;
  role: ParticipantRole;
  moderationStatus: "pending" | "confirmed" | "rejected";
  profileCompleted: boolean;
};
