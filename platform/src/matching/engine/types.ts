/**
 * Input of the matching engine. Everything is plain data the DB layer can assemble with a
 * few queries per community: one record per member plus lists of pair facts. The engine
 * never reads the database, the clock or Math.random.
 */
import type { Int8Store } from "./int8-dot.ts";

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
  /**
   * The partners' feedback on this member's two most recent matches with partner feedback both
   * says the meeting did not happen: the member comes last (weights.feedback.lowPriorityFactor).
   */
  lastTwoNoShows?: boolean;
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
  /** Job title ("Tax adviser"): read on the offering side, like "about", at a lower weight. */
  position?: string | null;
  /**
   * Topic keys of the community's taxonomy (tenant.json `topics`) the member picked as what they
   * need help with / can help with; matched need <-> offer across members in both directions.
   */
  needTopics?: readonly string[];
  offerTopics?: readonly string[];
  city?: string | null;
  /** Onboarding answer option ids (e.g. "q3:o2"); free-text answers are left out. */
  answers?: readonly string[];
  /** Employer as typed; members of the same company (normalizeCompany) are not paired unless the community allows it. */
  company?: string | null;
  /** Only used to phrase reasons ("She can help ..."); unknown -> neutral wording. */
  gender?: Gender | null;
  eligibility: MemberEligibility;
  feedback?: MemberFeedback;
  /**
   * Unit vectors of the member's texts from one sentence encoder (the same for every member of a
   * community): the need (lookingFor + needHelpWith), the offer (canHelpWith) and about (position
   * + about). Absent: the texts are read through their words and the lexicon only.
   */
  vectors?: MemberVectors;
}

/** A community's texts as int8 numbers with a step each (SemanticVectors.store, .scale and .has). */
export interface PackedTexts {
  dim: number;
  /** n x 3 x dim: member i's need, offer and about at (i * 3 + slot) * dim of `store.q`. */
  store: Int8Store;
  /** Per text (i * 3 + slot): what one int8 step stands for. */
  scale: Float32Array;
  /** 1 where member i has a text in that slot (i * 3 + slot). */
  has: Uint8Array;
}

export interface MemberVectors {
  need?: Float32Array | null;
  offer?: Float32Array | null;
  about?: Float32Array | null;
}

/** A concept of the need / offer lexicon found in a text (offsets into that text). */
export interface ConceptHit {
  concept: string;
  /** The taxonomy topic key the concept belongs to. */
  topic: string;
  start: number;
  end: number;
  /** The member's own words. */
  surface: string;
}

/**
 * What maps free text onto concepts (platform/src/matching/lexicon: the bilingual lexicon, with a
 * tenant's extension). The engine only needs these two calls, so its tests can pass a small one.
 */
export interface ConceptMatcher {
  match(text: string | null | undefined): readonly ConceptHit[];
  /**
   * A concept's topic and label; `needWeight` (default 1) is how much needing it weighs: a pastime
   * (a sports partner, a tutor for one's children) less than a professional need.
   */
  concept(id: string): { topic: string; label: { en: string; ru: string }; needWeight?: number } | undefined;
}

/** Labels of a community's taxonomy topics (tenant.json `topics`), by key. */
export type TopicLabels = ReadonlyMap<string, { en?: string; ru?: string }>;

/** How a community meets: city matters much for an offline club, little for an online one. */
export type CommunityFormat = "online" | "hybrid" | "offline";

/** An unordered pair of participant ids. */
export interface PairRef {
  a: string;
  b: string;
}

/**
 * dislike: DISLIKE either way; history: matched before; open_intro: an intro between them is
 * pending or accepted (already connected); colleague: the same company (derived by the model
 * from `company`, never listed); other: anything else the caller excludes.
 */
export type ExclusionReason = "dislike" | "history" | "open_intro" | "colleague" | "other";
export const EXCLUSION_REASONS = ["dislike", "history", "open_intro", "colleague", "other"] as const satisfies readonly ExclusionReason[];

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
  /**
   * The members' vectors already in the engine's int8 form (semantic.ts `packedTexts`, in `members`'
   * order): a loader writes each vector there as it decodes it, so no float32 copy of a whole
   * community is made. When given, the members' own `vectors` are not read.
   */
  texts?: PackedTexts;
  /** DISLIKE / not-interested relations (either direction), past matches, open intros, anything else. */
  exclusions?: readonly ExcludedPair[];
  adminScores?: readonly AdminPairScore[];
  pairFeedback?: readonly PairFeedback[];
}
