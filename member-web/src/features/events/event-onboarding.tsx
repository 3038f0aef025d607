import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { type Draft, isAnswered } from "../questions/model.ts";
import { QuestionField } from "../questions/question-field.tsx";
import { eventsChanged } from "./model.ts";
import { completeOnboarding, onboardingChanged, onboardingQueries, submitAnswer } from "./onboarding-model.ts";

const draftOf = (a: { optionIds: string[]; text: string | null } | null): Draft | undefined => (a ? { optionIds: a.optionIds, text: a.text ?? "" } : undefined);

/**
 * The event's onboarding, question by question (spec 4.5): previous, next, complete. Each answer is
 * saved on next, so leaving and coming back resumes at the first unanswered question; a required
 * question must be answered before going on. Texts come in my language, else the community's.
 */
export function EventOnboarding({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation("events");
  const community = useCommunity();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const questions = useQuery(onboardingQueries.mine(eventId, i18n.language, community.lang));
  const [at, setAt] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [error, setError] = useState<string | null>(null);

  const list = questions.data ?? [];
  // Resumed: the first unanswered question, or the last one when all are answered.
  const firstOpen = list.findIndex((q) => !q.answer);
  const index = at ?? (firstOpen === -1 ? Math.max(list.length - 1, 0) : firstOpen);
  const current = list[index];
  // The question without my answer: QuestionField renders the question, the draft carries the answer.
  const q = current ? (({ answer: _answer, ...question }) => question)(current) : undefined;
  const draft = current ? (drafts[current.id] ?? draftOf(current.answer)) : undefined;
  const isLast = index === list.length - 1;

  const save = useMutation({
    mutationFn: async (then: "next" | "complete") => {
      if (q && (isAnswered(q, draft) || current?.answer)) {
        await submitAnswer(eventId, { questionId: q.id, optionIds: draft?.optionIds ?? [], text: draft?.text.trim() ? draft.text.trim() : null });
      }
      if (then === "complete") await completeOnboarding(eventId);
      return then;
    },
    onSuccess: (then) => {
      void onboardingChanged(queryClient, eventId);
      if (then === "complete") {
        void eventsChanged(queryClient);
        onClose();
      } else setAt(index + 1);
    },
    onError: (err) => setError(errorText(err)),
  });

  const go = (then: "next" | "complete") => {
    setError(null);
    if (q?.required && !isAnswered(q, draft)) {
      setError(t("onboarding.required"));
      return;
    }
    save.mutate(then);
  };

  if (questions.isPending) return <Skeleton lines={4} label={t("loading", { ns: "common" })} />;
  if (questions.isError)
    return (
      <div>
        <Alert kind="error">{t("onboarding.loadFailed")}</Alert>
        <Button variant="secondary" onClick={() => void questions.refetch()}>
          {t("retry", { ns: "common" })}
        </Button>
      </div>
    );
  if (!q) return null;

  return (
    <section className="card event-onboarding" data-testid="event-onboarding" aria-labelledby="event-onboarding-title">
      <h2 id="event-onboarding-title">{t("onboarding.title")}</h2>
      <p className="muted small" data-testid="onboarding-step">
        {t("onboarding.step", { n: index + 1, total: list.length })}
      </p>
      <QuestionField
        key={q.id}
        question={q}
        draft={draft}
        onChange={(d) => {
          setError(null);
          setDrafts((all) => ({ ...all, [q.id]: d }));
        }}
        error={error ?? undefined}
      />
      <div className="event-actions">
        <Button variant="secondary" disabled={index === 0 || save.isPending} onClick={() => setAt(index - 1)}>
          {t("onboarding.previous")}
        </Button>
        {isLast ? (
          <Button busy={save.isPending} onClick={() => go("complete")}>
            {t("onboarding.complete")}
          </Button>
        ) : (
          <Button busy={save.isPending} onClick={() => go("next")}>
            {t("onboarding.next")}
          </Button>
        )}
        <Button variant="ghost" onClick={onClose}>
          {t("onboarding.later")}
        </Button>
      </div>
    </section>
  );
}
