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
