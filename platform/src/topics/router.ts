import { createRouter } from "../http/openapi.ts";
import { registerAdminArchiveTopic } from "./routes/admin-archive-topic.ts";
import { registerAdminCreateTopic } from "./routes/admin-create-topic.ts";
import { registerAdminListTopics } from "./routes/admin-list-topics.ts";
import { registerAdminReorderTopics } from "./routes/admin-reorder-topics.ts";
import { registerAdminUpdateTopic } from "./routes/admin-update-topic.ts";
import { registerListCommunityTopics } from "./routes/list-community-topics.ts";

/** The community's needs / offers taxonomy: members read it, admins edit it. */
export function topicsRouter() {
  const app = createRouter();
  registerListCommunityTopics(app);
  registerAdminListTopics(app);
  registerAdminCreateTopic(app);
  // Before /topics/{key}: "reorder" is not a key.
  registerAdminReorderTopics(app);
  registerAdminUpdateTopic(app);
  registerAdminArchiveTopic(app);
  return app;
}
