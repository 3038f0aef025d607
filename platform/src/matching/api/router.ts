import { createRouter } from "../../http/openapi.ts";
import { registerAdminNextMatch } from "./routes/admin-next-match.ts";
import { registerAdminPairHistory } from "./routes/admin-pair-history.ts";
import { registerAdminPairScore } from "./routes/admin-pair-score.ts";
import { registerAdminScoreAssistance } from "./routes/admin-score-assistance.ts";
import { registerCalcRelevanceRate } from "./routes/calc-relevance-rate.ts";
import { registerGetRelevanceRate } from "./routes/get-relevance-rate.ts";
import { registerInstant } from "./routes/instant.ts";
import { registerMatchesHistory } from "./routes/matches-history.ts";
import { registerMatchingRequests } from "./routes/matching-requests.ts";
import { registerPendingScore } from "./routes/pending-score.ts";
import { registerUpdateNote } from "./routes/update-note.ts";
import { registerUpdateScore } from "./routes/update-score.ts";

/**
 * Matching for members and admins: recommendations, relevance, meeting feedback and the results
 * whose contact sent an intro (/api/matching/…), and the admin's pair scoring (/api/admin/…).
 * Relations, bookmarks, intros and credits live in ../../relations; the weekly pipeline in ../weekly.
 */
export function matchingApiRouter() {
  const app = createRouter();
  registerInstant(app);
  registerMatchesHistory(app);
  registerGetRelevanceRate(app);
  registerCalcRelevanceRate(app);
  registerPendingScore(app);
  registerMatchingRequests(app);
  registerUpdateScore(app);
  registerUpdateNote(app);
  registerAdminNextMatch(app);
  registerAdminPairHistory(app);
  registerAdminScoreAssistance(app);
  registerAdminPairScore(app);
  return app;
}
