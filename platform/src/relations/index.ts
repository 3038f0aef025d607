import { createRouter } from "../http/openapi.ts";
import { registerAddBookmark } from "./routes/add-bookmark.ts";
import { registerAnswerRequest } from "./routes/answer-request.ts";
import { registerCredits } from "./routes/credits.ts";
import { registerListBookmarks } from "./routes/list-bookmarks.ts";
import { registerListRelations } from "./routes/list-relations.ts";
import { registerListRequests } from "./routes/list-requests.ts";
import { registerRemoveBookmark } from "./routes/remove-bookmark.ts";
import { registerSendIntro } from "./routes/send-intro.ts";
import { registerSetRelation } from "./routes/set-relation.ts";

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

export function relationsRouter() {
  const app = createRouter();
  registerListRelations(app);
  registerSetRelation(app);
  registerListBookmarks(app);
  registerAddBookmark(app);
  registerRemoveBookmark(app);
  registerSendIntro(app);
  registerCredits(app);
  registerListRequests(app);
  registerAnswerRequest(app);
  return app;
}
