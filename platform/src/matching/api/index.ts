import { createRouter } from "../../http/openapi.ts";
import { registerAddBookmark } from "./routes/add-bookmark.ts";
import { registerAdminNextMatch } from "./routes/admin-next-match.ts";
import { registerAdminPairHistory } from "./routes/admin-pair-history.ts";
import { registerAdminPairScore } from "./routes/admin-pair-score.ts";
import { registerAdminScoreAssistance } from "./routes/admin-score-assistance.ts";
import { registerAnswerRequest } from "./routes/answer-request.ts";
import { registerCalcRelevanceRate } from "./routes/calc-relevance-rate.ts";
import { registerCredits } from "./routes/credits.ts";
import { registerGetRelevanceRate } from "./routes/get-relevance-rate.ts";
import { registerInstant } from "./routes/instant.ts";
import { registerListBookmarks } from "./routes/list-bookmarks.ts";
import { registerListRelations } from "./routes/list-relations.ts";
import { registerListRequests } from "./routes/list-requests.ts";
import { registerMatchesHistory } from "./routes/matches-history.ts";
import { registerMatchingRequests } from "./routes/matching-requests.ts";
import { registerPendingScore } from "./routes/pending-score.ts";
import { registerRemoveBookmark } from "./routes/remove-bookmark.ts";
import { registerSendIntro } from "./routes/send-intro.ts";
import { registerSetRelation } from "./routes/set-relation.ts";
import { registerUpdateNote } from "./routes/update-note.ts";
import { registerUpdateScore } from "./routes/update-score.ts";

/**
 * Matching for members and admins: recommendations, relevance, meeting feedback, intros and
 * credits (/api/matching/…), relations, bookmarks and requests, and the admin's pair scoring
 * (/api/admin/…). The weekly pipeline lives in ../weekly.
 */
export function matchingApiRouter() {
  const app = createRouter();
  registerListRelations(app);
  registerSetRelation(app);
  registerListBookmarks(app);
  registerAddBookmark(app);
  registerRemoveBookmark(app);
  registerInstant(app);
  registerMatchesHistory(app);
  registerGetRelevanceRate(app);
  registerCalcRelevanceRate(app);
  registerPendingScore(app);
  registerMatchingRequests(app);
  registerUpdateScore(app);
  registerUpdateNote(app);
  registerSendIntro(app);
  registerCredits(app);
  registerListRequests(app);
  registerAnswerRequest(app);
  registerAdminNextMatch(app);
  registerAdminPairHistory(app);
  registerAdminScoreAssistance(app);
  registerAdminPairScore(app);
  return app;
}
