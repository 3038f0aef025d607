import type { components } from "@tuesday/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../api/client.ts";
import type { Lang } from "../../i18n/index.ts";
import { storage } from "../../lib/storage.ts";

export type Question = components["schemas"]["Question"];
export type QuestionOption = components["schemas"]["QuestionOption"];
export type Answer = components["schemas"]["Answer"];

/** Free-text answers must be under this many characters (spec 9). */
export const FREE_TEXT_LIMIT = 256;

export type Draft = { optionIds: string[]; text: string };

export const questionQueries = {
  /** The community's questions in the interface language: switching it re-asks in the other one. */
  byCommunity: (communityId: string, lang: Lang) =>
    queryOptions({
      queryKey: ["questions", communityId, lang],
      queryFn: () => call(api.GET("/api/question/get-by-community", { params: { query: { lang } } })),
      staleTime: 5 * 60_000,
    }),
  myAnswers: () =>
    queryOptions({
      queryKey: ["answers", storage.token()],
      queryFn: () => call(api.GET("/api/participant/my-answers")),
    }),
};

export function draftsFrom(answers: readonly Answer[]): Record<string, Draft> {
  const out: Record<string, Draft> = {};
  for (const a of answers) out[a.questionId] = { optionIds: a.optionIds, text: a.text ?? "" };
  return out;
}

/** Whether the chosen options ask for a free text (a FREE_TEXT "Other" option). */
export function wantsText(q: Question, d: Draft | undefined): boolean {
  if (q.type === "TEXT") return true;
  return q.options.some((o) => o.type === "FREE_TEXT" && d?.optionIds.includes(o.id));
}

export function isAnswered(q: Question, d: Draft | undefined): boolean {
  if (!d) return false;
  return q.type === "TEXT" ? d.text.trim() !== "" : d.optionIds.length > 0;
}
