import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { saveFile } from "./model.ts";
import { readAgain } from "../../lib/refresh.ts";

export type Progress = components["schemas"]["EventOnboardingProgress"];
export type ParticipantQuestion = components["schemas"]["EventParticipantQuestion"];
export type QuestionDetail = components["schemas"]["QuestionDetail"];
export type QuestionCreate = components["schemas"]["QuestionCreate"];
export type QuestionPatch = components["schemas"]["QuestionPatch"];
export type Statistics = components["schemas"]["EventOnboardingStatistics"];
export type Report = components["schemas"]["EventOnboardingReport"];
export type ReportItem = Report["items"][number];
export type EventParticipantPage = components["schemas"]["EventParticipantPage"];

export const ATTENDEES_PAGE_SIZE = 20;

const noRetryOn4xx = (count: number, err: unknown) => count < 1 && !(isApiFailure(err) && err.status < 500);
const key = (...parts: unknown[]) => ["events", storage.token(), ...parts];

/** Event onboarding, organizer screens and the attendee list: query factories shared by the screens. */
export const onboardingQueries = {
  progress: (id: string) =>
    queryOptions({
      queryKey: key("onboarding", id, "progress"),
      queryFn: () => call(api.GET("/api/event/{id}/onboarding/progress", { params: { path: { id } } })),
      retry: noRetryOn4xx,
    }),
  /** The visible questions in my language (the community's language where it has no translation), with my answers. */
  mine: (id: string, language: string, defaultLanguage: string) =>
    queryOptions({
      queryKey: key("onboarding", id, "mine", language),
      queryFn: () => call(api.GET("/api/event/{id}/onboarding/questions/participant", { params: { path: { id }, query: { language, defaultLanguage } } })),
      retry: noRetryOn4xx,
    }),
  questions: (id: string) =>
    queryOptions({
      queryKey: key("onboarding", id, "questions"),
      queryFn: () => call(api.GET("/api/event/{id}/onboarding/questions", { params: { path: { id } } })),
      retry: noRetryOn4xx,
    }),
  statistics: (id: string) =>
    queryOptions({
      queryKey: key("onboarding", id, "statistics"),
      queryFn: () => call(api.GET("/api/event/{id}/onboarding/statistics", { params: { path: { id } } })),
      retry: noRetryOn4xx,
    }),
  report: (id: string) =>
    queryOptions({
      queryKey: key("onboarding", id, "report"),
      queryFn: () => call(api.GET("/api/event/{id}/onboarding/report", { params: { path: { id } } })),
      retry: noRetryOn4xx,
    }),
  attendees: (id: string) =>
    infiniteQueryOptions({
      queryKey: key("attendees", id),
      queryFn: ({ pageParam }) =>
        call(api.GET("/api/event/{id}/participants/confirmed", { params: { path: { id }, query: { page: pageParam, size: ATTENDEES_PAGE_SIZE } } })),
      initialPageParam: 0,
      getNextPageParam: (last: EventParticipantPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
};

export function onboardingChanged(queryClient: QueryClient, id: string): Promise<void> {
  return readAgain(queryClient, { queryKey: key("onboarding", id) });
}

export const submitAnswer = (id: string, answer: { questionId: string; optionIds: string[]; text: string | null }) =>
  call(api.POST("/api/event/{id}/onboarding/user-answers", { params: { path: { id } }, body: answer }));
export const completeOnboarding = (id: string) => call(api.POST("/api/event/{id}/onboarding/complete", { params: { path: { id } } }));

export const createQuestion = (id: string, body: QuestionCreate) => call(api.POST("/api/event/{id}/onboarding/questions", { params: { path: { id } }, body }));
export const updateQuestion = (id: string, qid: string, body: QuestionPatch) =>
  call(api.PUT("/api/event/{id}/onboarding/questions/{qid}", { params: { path: { id, qid } }, body }));
export const deleteQuestion = (id: string, qid: string) => call(api.DELETE("/api/event/{id}/onboarding/questions/{qid}", { params: { path: { id, qid } } }));

export const approve = (id: string, pid: string) => call(api.POST("/api/event/{id}/participants/{pid}/approve", { params: { path: { id, pid } } }));
export const reject = (id: string, pid: string) => call(api.POST("/api/event/{id}/participants/{pid}/reject", { params: { path: { id, pid } } }));
export const confirmPayment = (id: string, pid: string) =>
  call(api.POST("/api/event/{id}/participants/{pid}/confirm-payment", { params: { path: { id, pid } } }));
export const addResponsible = (id: string, userId: string) => call(api.POST("/api/event/{id}/responsibles", { params: { path: { id } }, body: { userId } }));
export const removeResponsible = (id: string, userId: string) =>
  call(api.DELETE("/api/event/{id}/responsibles/{userId}", { params: { path: { id, userId } } }));

/** The onboarding button of spec 4.5: start (nothing answered), continue, complete (every required answered). */
export type OnboardingStep = "start" | "continue" | "complete" | "done" | "none";

export function onboardingStep(p: Progress | undefined): OnboardingStep {
  if (!p || p.total === 0) return "none";
  if (p.completed) return "done";
  if (p.answered === 0) return "start";
  return p.canComplete ? "complete" : "continue";
}

/** Downloads the answers CSV through the API client (a plain link would carry no Authorization header). */
export async function downloadAnswersCsv(id: string, filename: string): Promise<void> {
  const blob = await call(
    api.GET("/api/event/{id}/onboarding/answers/export", { params: { path: { id }, query: { format: "csv" } }, parseAs: "blob" }),
  );
  saveFile(blob, filename);
}
