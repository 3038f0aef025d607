/**
 * What members say about each other: relations (LIKE / DISLIKE), bookmarks, intros and their
 * requests, and the credits intros cost. The read API below is what other modules (matching,
 * chat) may use; everything else here is this module's own.
 */
export {
  bookmarkedAmong,
  creditWeek,
  haveAcceptedIntro,
  isBlocked,
  listBlockedPairs,
  listBlockedWith,
  listOpenIntroPairs,
  listOpenIntrosWith,
} from "./queries.ts";
export { RequestStatusSchema } from "./schemas.ts";
