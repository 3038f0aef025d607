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
import { AvailabilityStep } from "../meetings/availability-section.tsx";
import { meetingQueries } from "../meetings/model.ts";
import { type Completion, type Profile, profileQueries, type Step, visibleSteps } from "../profile/model.ts";
import { ModerationBanner } from "../profile/moderation-banner.tsx";
import { SECTIONS, type SectionActions } from "../profile/sections/index.ts";
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

/** The profile's steps, and the availability step when the community asks for it in onboarding. */
type FlowStep = Step | "availability";

function writeStoredStep(step: FlowStep | null): void {
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
  const availability = useQuery(meetingQueries.availability());
  const withAvailability = availability.data?.enabled === true && availability.data.onboardingStep;
  const steps: FlowStep[] = [...visibleSteps(community), ...(withAvailability ? (["availability"] as const) : [])];
  const done = new Set<FlowStep>((completion?.steps ?? []).filter((s) => s.done).map((s) => s.step));
  if (availability.data && !availability.data.isDefault) done.add("availability");
  // The availability step may be skipped: until then the community's default windows apply.
  const optional = new Set<FlowStep>([...(completion?.steps ?? []).filter((s) => !s.required).map((s) => s.step), "availability"]);
  // Resume where the member left off (the spec's `step` key), else from the first step.
  const stored = readStoredStep();
  const current: FlowStep | undefined = steps.find((s) => s === requested) ?? steps.find((s) => s === stored) ?? steps[0];

  useEffect(() => {
    if (current && !availability.isPending) writeStoredStep(current);
  }, [current, availability.isPending]);

  // The step list is known once the availability step's flag is: no resuming at a wrong step.
  if (availability.isPending) return <Skeleton lines={6} label={t("loading", { ns: "common" })} />;

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
  const go = (next: FlowStep | undefined) => (next ? navigate({ to: "/onboarding", search: { step: next } }) : finish());
  const prev = steps[index - 1];
  const actions = {
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
  };

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
      {current === "availability" ? <AvailabilityStep key={current} actions={actions} /> : <ProfileStep key={current} step={current} profile={profile} actions={actions} />}
    </>
  );
}

function ProfileStep({ step, profile, actions }: { step: Step; profile: Profile; actions: SectionActions }) {
  const Section = SECTIONS[step];
  return <Section profile={profile} actions={actions} />;
}
