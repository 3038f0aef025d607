import type { components } from "@tuesday/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { useCommunity } from "../../app/community-context.tsx";

export type CommunityTopic = components["schemas"]["CommunityTopic"];

/** A member picks at most this many topics on each side; the server decides. */
export const MAX_TOPIC_PICKS = 10;

export const topicQueries = {
  /** The community's needs / offers taxonomy (active topics, in order); empty when it has none. */
  list: (communityId: string) =>
    queryOptions({
      queryKey: ["community", communityId, "topics"],
      queryFn: (): Promise<CommunityTopic[]> => call(api.GET("/api/community/topics")),
      staleTime: 5 * 60_000,
    }),
};

/**
 * The community's topics and a labeller in the member's language (else the community's default
 * language, else the key). A pick whose topic is gone is not shown.
 */
export function useTopics() {
  const community = useCommunity();
  const { i18n } = useTranslation();
  const topics = useQuery(topicQueries.list(community.id));
  const list = topics.data ?? [];
  const byKey = new Map(list.map((t) => [t.key, t]));
  const lang = i18n.language as keyof CommunityTopic["labels"];
  const label = (key: string): string => {
    const t = byKey.get(key);
    if (!t) return key;
    return t.labels[lang] ?? t.labels[community.lang] ?? t.label;
  };
  const known = (keys: readonly string[]) => keys.filter((k) => byKey.has(k));
  return { topics: list, isPending: topics.isPending, label, known };
}
