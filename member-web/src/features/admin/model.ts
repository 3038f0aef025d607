import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { components } from "@tuesday/api-client";
import { api, call } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { readAgain } from "../../lib/refresh.ts";

export type ParticipantStats = components["schemas"]["ParticipantStats"];
export type NextPair = components["schemas"]["NextPairToScore"];
export type ScoreAssistance = components["schemas"]["ScoreAssistance"];
export type CommunitySettings = components["schemas"]["CommunitySettings"];
export type SettingsPatch = components["schemas"]["CommunitySettingsPatch"];

/** The admin screens of the member app (dashboard, score match, settings): one key tree under "admin". */
export const adminQueries = {
  stats: (communityId: string) =>
    queryOptions({
      queryKey: ["admin", "stats", communityId, storage.token()],
      queryFn: () => call(api.GET("/api/admin/stats/community/{communityId}/participants", { params: { path: { communityId } } })),
    }),
  nextPair: (communityId: string) =>
    queryOptions({
      queryKey: ["admin", "next-pair", communityId, storage.token()],
      queryFn: () => call(api.GET("/api/admin/{id}/matches/next", { params: { path: { id: communityId } } })),
      staleTime: 0,
    }),
  assistance: (participantId: string, withId: string) =>
    queryOptions({
      queryKey: ["admin", "assistance", participantId, withId, storage.token()],
      queryFn: () => call(api.GET("/api/admin/pairs/{id}/score-assistance", { params: { path: { id: participantId }, query: { with: withId } } })),
    }),
  settings: (communityId: string) =>
    queryOptions({
      queryKey: ["admin", "settings", communityId, storage.token()],
      queryFn: () => call(api.GET("/api/admin/{communityId}/settings", { params: { path: { communityId } } })),
    }),
};

export function setPairScore(participantId: string, subjectId: string, internalAdminScore: number) {
  return call(api.POST("/api/admin/pairs/{id}/score", { params: { path: { id: participantId } }, body: { subjectId, internalAdminScore } }));
}

export function saveSettings(communityId: string, patch: SettingsPatch) {
  return call(api.PATCH("/api/admin/{communityId}/settings", { params: { path: { communityId } }, body: patch }));
}

export const adminChanged = (queryClient: QueryClient) => readAgain(queryClient, { queryKey: ["admin"] });
