import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { type Completion, type Profile, profileQueries, type Step, visibleSteps } from "../profile/model.ts";
import { ModerationBanner } from "../profile/moderation-banner.tsx";
import { SECTIONS } from "../profile/sections/index.ts";
import { FlowFrame } from "./flow-frame.tsx";
import "../profile/members.css";

const STEP_KEY = "step";

function readStoredStep(): string | null {
  try {
    return localStorage.getItem(STEP_KEY);
  } catch {
    return null;
  }
}

function writeStoredStep(step: Step | null): void {
  try {
    if (step) localStorage.setItem(STEP_KEY, step);
    else localStorage.removeItem(STEP_KEY);
  } catch {
    // Private mode: the flow starts from the first step next time.
  }
}

/**
 * /onboarding: the visible steps of the community's stepsConfig, one at a time, with a progress
 * indicator; previous, next, and skip on the steps that may be skipped. Without a step in the
 * address it resumes at the step the member was on (kept in local storage under `step`).
 */
export function OnboardingPage({ step }: { step: string | undefined }) {
  const { t } = useTranslation("onboarding");
  const errorText = useErrorText();
  const profile = useQuery(profileQueries.own());
  const completion = useQuery({ ...profileQueries.completion(profile.data?.id ?? ""), enabled: !!profile.data });

  let body: ReactNode;
  if (profile.isPending || (profile.data && completion.isPending)) body = <Skeleton lines={6} avatar label={t("loading", { ns: "common" })} />;
  else if (profile.isError) body = <Alert kind="error">{errorText(profile.error)}</Alert>;
  else if (profile.data === null) return <Navigate to="/questions" replace />;
  else body = <Flow profile={profile.data} completion={completion.data} requested={step} />;

  return <FlowFrame aside={profile.data ? <ModerationBanner status={profile.data.moderationStatus} reason={profile.data.moderationReason} /> : null}>{body}</FlowFrame>;
}

function Flow({ profile, completion, requested }: { profile: Profile; completion: Completion | undefined; requested: string | undefined }) {
  const { t } = useTranslation("onboarding");
  const community = useCommunity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const steps = visibleSteps(community);
  const done = new Set((completion?.steps ?? []).filter((s) => s.done).map((s) => s.step));
  const optional = new Set((completion?.steps ?? []).filter((s) => !s.required).map((s) => s.step));
  // Resume where the member left off (the spec's `step` key), else from the first step.
  const stored = readStoredStep();
  const current: Step | undefined = steps.find((s) => s === requested) ?? steps.find((s) => s === stored) ?? steps[0];

  useEffect(() => {
    if (current) writeStoredStep(current);
  }, [current]);

  const finish = async () => {
    writeStoredStep(null);
    await queryClient.invalidateQueries({ queryKey: ["account"] });
    const user = await queryClient.fetchQuery(accountQueries.currentUser());
    await navigate({ to: user.emailVerified ? "/my_communities" : "/last-step" });
  };

  if (!current) {
    return (
      <div className="empty-inline">
        <h1>{t("title")}</h1>
        <Button onClick={() => void finish()}>{t("finish")}</Button>
      </div>
    );
  }

  const index = steps.indexOf(current);
  const last = index === steps.length - 1;
  const go = (next: Step | undefined) => (next ? navigate({ to: "/onboarding", search: { step: next } }) : finish());
  const Section = SECTIONS[current];
  const prev = steps[index - 1];

  return (
    <>
      <div className="progress-head">
        <p className="eyebrow">{t("stepOf", { current: index + 1, total: steps.length })}</p>
        <div className="progress" role="progressbar" aria-label={t("progress")} aria-valuemin={0} aria-valuemax={steps.length} aria-valuenow={index + 1}>
          <div className="progress-bar" style={{ width: `${(100 * (index + 1)) / steps.length}%` }} />
        </div>
        <ol className="steps">
          {steps.map((s, i) => (
            <li key={s} className={`${s === current ? "step-current" : ""}${done.has(s) ? " step-done" : ""}`} aria-current={s === current ? "step" : undefined}>
              <span className="step-dot" aria-hidden="true">
                {done.has(s) && s !== current ? "✓" : i + 1}
              </span>
              <span className="step-name">{t(`steps.${s}`)}</span>
            </li>
          ))}
        </ol>
      </div>
      <h1>{t(`stepTitles.${current}`)}</h1>
      <p className="muted">{t(`stepTexts.${current}`)}</p>
      <Section
        key={current}
        profile={profile}
        actions={{
          submitLabel: last ? t("finish") : t("next"),
          onSaved: () => void go(steps[index + 1]),
          extra: (
            <>
              {prev ? (
                <Button variant="ghost" onClick={() => void go(prev)}>
                  ← {t("previous")}
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => void navigate({ to: "/questions" })}>
                  ← {t("toQuestions")}
                </Button>
              )}
              <span className="spacer" />
              {optional.has(current) ? (
                <Button variant="secondary" onClick={() => void go(steps[index + 1])}>
                  {t("skip")}
                </Button>
              ) : null}
            </>
          ),
        }}
      />
    </>
  );
}
