export { applyTopicFile, resolveTopicPicks, topicLabel } from "./service.ts";
export { activePicksSql } from "./queries.ts";
export { MAX_PICKS } from "./schemas.ts";
