import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { api, call } from "../../api/client.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { isLang, type Lang } from "../../i18n/index.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { FlowFrame } from "../onboarding/flow-frame.tsx";
import { type FieldErrors, useFieldErrors } from "../profile/field-errors.ts";
import { LIMITS, type Profile, profileQueries, profileSaved } from "../profile/model.ts";
import { type Draft, draftsFrom, FREE_TEXT_LIMIT, isAnswered, type Question, questionQueries, wantsText } from "./model.ts";
import { QuestionField } from "./question-field.tsx";
import "../profile/members.css";
import { readAgain } from "../../lib/refresh.ts";

/**
 * /questions: the first step for a signed-in user with no participant here (spec 2.1). Joining
 * (first and last name) comes first, then the community's questions, prefilled from earlier
 * answers so the member resumes where they left off; then on to /onboarding.
 */
export function QuestionsPage() {
  const { t } = useTranslation("questions");
  const profile = useQuery(profileQueries.own());
  const errorText = useErrorText();

  return (
    <FlowFrame>
      {profile.isPending ? (
        <Skeleton lines={5} label={t("loading", { ns: "common" })} />
      ) : profile.isError ? (
        <Alert kind="error">{errorText(profile.error)}</Alert>
      ) : profile.data === null ? (
        <JoinForm />
      ) : (
        <QuestionsForm />
      )}
    </FlowFrame>
  );
}

function JoinForm() {
  const { t, i18n } = useTranslation("questions");
  const tm = useTranslation("member").t;
  const community = useCommunity();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const mapFields = useFieldErrors();
  const user = useQuery(accountQueries.currentUser()).data;
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const local: FieldErrors = {};
    if (!firstName.trim()) local.firstName = tm("errors.required");
    if (!lastName.trim()) local.lastName = tm("errors.required");
    if (firstName.trim().length > LIMITS.name) local.firstName = tm("errors.lengthBetween", { min: 1, max: LIMITS.name });
    if (lastName.trim().length > LIMITS.name) local.lastName = tm("errors.lengthBetween", { min: 1, max: LIMITS.name });
    setErrors(local);
    if (Object.keys(local).length || !user) return;
    setBusy(true);
    try {
      const language = isLang(i18n.language) && community.langChoices.includes(i18n.language) ? i18n.language : undefined;
      const profile: Profile = await call(
        api.POST("/api/participant/create", {
          params: { query: { userId: user.userId } },
          body: { firstName: firstName.trim(), lastName: lastName.trim(), ...(language ? { language } : {}) },
        }),
      );
      // The user now has a participant here: the start-up checks must see it.
      await queryClient.invalidateQueries({ queryKey: ["account"] });
      profileSaved(queryClient, profile);
    } catch (err) {
      const fields = mapFields(err);
      if (fields) setErrors(fields);
      else setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <>
      <p className="eyebrow">{brandTitle(community)}</p>
      <h1>{t("joinTitle", { community: brandTitle(community) })}</h1>
      <p className="muted">{t("joinText")}</p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t("join")}>
        <div className="form-grid">
          <Field label={tm("fields.firstName")} value={firstName} onChange={setFirstName} error={errors.firstName} autoComplete="given-name" required autoFocus />
          <Field label={tm("fields.lastName")} value={lastName} onChange={setLastName} error={errors.lastName} autoComplete="family-name" required />
        </div>
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {t("join")}
          </Button>
        </div>
      </form>
    </>
  );
}

function QuestionsForm() {
  const { t, i18n } = useTranslation("questions");
  const community = useCommunity();
  const lang: Lang = isLang(i18n.language) ? i18n.language : community.lang;
  const questions = useQuery(questionQueries.byCommunity(community.id, lang));
  const answers = useQuery(questionQueries.myAnswers());

  if (questions.isPending || answers.isPending) return <Skeleton lines={8} label={t("loading", { ns: "common" })} />;
  if (questions.isError || answers.isError) {
    return (
      <div>
        <Alert kind="error">{t("loadFailed")}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            void questions.refetch();
            void answers.refetch();
          }}
        >
          {t("retry", { ns: "common" })}
        </Button>
      </div>
    );
  }
  return (
    <>
      <p className="eyebrow">{brandTitle(community)}</p>
      <h1>{t("title")}</h1>
      <p className="muted">{t("text")}</p>
      {/* Keyed by the answers' load so a language switch keeps the member's choices. */}
      <AnswersForm questions={questions.data} initial={draftsFrom(answers.data)} />
    </>
  );
}

function AnswersForm({ questions, initial }: { questions: Question[]; initial: Record<string, Draft> }) {
  const { t } = useTranslation("questions");
  const tm = useTranslation("member").t;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const mapFields = useFieldErrors();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (questions.length === 0) {
    return (
      <div className="empty-inline">
        <p>{t("noQuestions")}</p>
        <Button onClick={() => void navigate({ to: "/onboarding" })}>{t("save")}</Button>
      </div>
    );
  }

  const check = (): FieldErrors => {
    const e: FieldErrors = {};
    for (const q of questions) {
      const d = drafts[q.id];
      if (q.required && !isAnswered(q, d)) e[q.id] = tm("errors.required");
      else if (d && wantsText(q, d) && q.type !== "TEXT" && !d.text.trim()) e[q.id] = tm("errors.describe");
      else if (d && [...d.text].length >= FREE_TEXT_LIMIT) e[q.id] = tm("errors.freeTextTooLong", { max: FREE_TEXT_LIMIT });
    }
    return e;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const local = check();
    setErrors(local);
    const first = questions.find((q) => local[q.id]);
    if (first) {
      document.querySelector(`[data-question="${first.key}"]`)?.scrollIntoView({ behavior: "smooth", block: "center" });
      return;
    }
    setBusy(true);
    try {
      const body = questions.map((q) => {
        const d = drafts[q.id];
        const text = d && wantsText(q, d) ? d.text.trim() || null : null;
        return { questionId: q.id, optionIds: q.type === "TEXT" ? [] : (d?.optionIds ?? []), text };
      });
      await call(api.POST("/api/participant/update-answers", { body: { answers: body } }));
      await readAgain(queryClient, { queryKey: ["answers"] });
      await navigate({ to: "/onboarding" });
    } catch (err) {
      const fields = mapFields(err);
      if (fields) setErrors(fields);
      else setError(`${t("saveFailed")} ${errorText(err)}`);
      setBusy(false);
    }
  };

  return (
    <form className="form questions-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t("title")}>
      {questions.some((q) => q.required) ? <p className="field-hint">{t("requiredNote")}</p> : null}
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          draft={drafts[q.id]}
          error={errors[q.id]}
          onChange={(d) => {
            setDrafts((prev) => ({ ...prev, [q.id]: d }));
            setErrors((prev) => {
              if (!(q.id in prev)) return prev;
              const next = { ...prev };
              delete next[q.id];
              return next;
            });
          }}
        />
      ))}
      {error ? <Alert kind="error">{error}</Alert> : null}
      {Object.keys(errors).length ? (
        <p className="field-error" role="alert">
          {tm("errors.fixBelow")}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
