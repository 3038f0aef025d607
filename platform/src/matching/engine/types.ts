/**
 * Input of the matching engine. Everything is plain data the DB layer can assemble with a
 * few queries per community: one record per member plus lists of pair facts. The engine
 * never reads the database, the clock or Math.random.
 */

export type ModerationStatus = "pending" | "confirmed" | "rejected";
export type Gender = "female" | "male";

export interface MemberEligibility {
  moderation: ModerationStatus;
  networkingEnabled: boolean;
  profileComplete: boolean;
  deleted: boolean;
  /** Paused matching for N weeks or skipped this week. */
  paused?: boolean;
}

/** What the member's past meetings say about them (all counts over their history). */
export interface MemberFeedback {
  /** Ratings other members gave to meetings with this member, 1..5. */
  ratingsReceived: number;
  meanRatingReceived: number | null;
  /** Matches where the partner reported that this member did not show up. */
  noShows: number;
}

export interface MemberFeatures {
  /** Participant id (per community). */
  id: string;
  tags: readonly string[];
  /** "Looking for" text. */
  lookingFor: string;
  /** "Need help with" text; read together with lookingFor. */
  needHelpWith?: string;
  canHelpWith: string;
  about: string;
  city?: string | null;
  /** Onboarding answer option ids (e.g. "q3:o2"); free-text answers are left out. */
  answers?: readonly string[];
  /** Only used to phrase reasons ("She can help ..."); unknown -> neutral wording. */
  gender?: Gender | null;
  eligibility: MemberEligibility;
  feedback?: MemberFeedback;
}

/** An unordered pair of participant ids. */
export interface PairRef {
  a: string;
  b: string;
}

export type ExclusionReason = "dislike" | "history" | "other";

export interface ExcludedPair extends PairRef {
  reason: ExclusionReason;
}

/** internalAdminScore set on the admin "score match" page, on a 0..10 scale. */
export interface AdminPairScore extends PairRef {
  score: number;
}

/** Feedback one member of the pair gave after a meeting: rating 1..5 or "we did not meet". */
export interface PairFeedback extends PairRef {
  rating: number | null;
  noMeeting?: boolean;
}

export interface CommunityInput {
  members: readonly MemberFeatures[];
  /** DISLIKE / not-interested relations (either direction), past matches, anything else. */
  exclusions?: readonly ExcludedPair[];
  adminScores?: readonly AdminPairScore[];
  pairFeedback?: readonly PairFeedback[];
}
