import { z } from "@hono/zod-openapi";
import { LANGS, LangSchema, MAX_TOPICS, TopicKeySchema, TopicLabelsSchema } from "../tenancy/schema.ts";

/** A member picks at most this many topics on each side (needs, offers). */
export const MAX_PICKS = 10;

export const TopicLabelsOpenApiSchema = TopicLabelsSchema.openapi("TopicLabels", {
  description: `Labels by language (${LANGS.join(", ")}); a missing language falls back to the community's default`,
  example: { en: "Tax & VAT", ru: "Налоги и НДС" },
});

/** A topic as members see it: active topics only, with the label in the asked language. */
export const CommunityTopicSchema = z
  .object({
    key: z.string().openapi({ example: "tax" }),
    label: z.string().openapi({ description: "In the asked language, else the community's default, else the key" }),
    labels: TopicLabelsOpenApiSchema,
  })
  .openapi("CommunityTopic");
export type CommunityTopic = z.infer<typeof CommunityTopicSchema>;

export const CommunityTopicsQuerySchema = z.object({
  lang: LangSchema.optional().openapi({ description: "Language of `label`; default: the community's" }),
});

/** A topic as the community's admins edit it: archived ones included. */
export const TopicDetailSchema = z
  .object({
    key: z.string(),
    labels: TopicLabelsOpenApiSchema,
    order: z.number().int().openapi({ description: "Position among the topics, 0 first" }),
    archived: z.boolean().openapi({ description: "Archived topics are not offered; members' picks of them are kept but do not count" }),
    archivedAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("TopicDetail");
export type TopicDetail = z.infer<typeof TopicDetailSchema>;

export const TopicCreateSchema = z
  .strictObject({
    key: TopicKeySchema.openapi({ example: "tax" }),
    labels: TopicLabelsOpenApiSchema.openapi({ description: "A label in the community's default language is required" }),
    order: z.number().int().min(0).optional().openapi({ description: "Position among the active topics (0 first); default last" }),
  })
  .openapi("TopicCreate");
export type TopicCreate = z.infer<typeof TopicCreateSchema>;

export const TopicPatchSchema = z
  .strictObject({
    labels: TopicLabelsOpenApiSchema.optional().openapi({ description: "Replaces the topic's labels" }),
    archived: z.boolean().optional().openapi({ description: "false brings an archived topic back, with the picks members had made" }),
  })
  .openapi("TopicPatch");
export type TopicPatch = z.infer<typeof TopicPatchSchema>;

export const TopicReorderSchema = z
  .strictObject({
    keys: z
      .array(z.string().min(1).max(40))
      .min(1)
      .max(MAX_TOPICS * 5)
      .openapi({ description: "Topic keys in their new order; topics not listed follow, in their current order" }),
  })
  .openapi("TopicReorder");
export type TopicReorder = z.infer<typeof TopicReorderSchema>;

export const TopicsCommunityParamSchema = z.object({
  communityId: z.string().min(1).max(100).openapi({ param: { name: "communityId", in: "path" }, description: "The current community's id" }),
});

export const TopicParamSchema = TopicsCommunityParamSchema.extend({
  key: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "key", in: "path" }, example: "tax" }),
});

/** needTopics / offerTopics of update-looking-for: keys of the community's active topics. */
export const TopicPicksSchema = z
  .array(z.string().min(1).max(100))
  .max(MAX_PICKS * 5)
  .optional()
  .openapi({ description: `Keys of the community's active topics; deduplicated; at most ${MAX_PICKS}; an unknown or archived key is refused (400)` });
