import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { communityQueries } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { readPartnerContent } from "../../app/partner.ts";
import { storage } from "../../lib/storage.ts";
import {
  clampStep,
  modalOpen,
  readTour,
  TOUR_EARNINGS_DELAY_MS,
  TOUR_RETRY_EVERY_MS,
  TOUR_RETRY_FOR_MS,
  TOUR_START_DELAY_MS,
  TOUR_STEPS,
  tour,
  writeTour,
} from "./tour-state.ts";

/**
 * Spec 4.7: on the first login, 2 s after the app opens, when neither completed nor skipped and no
 * modal or tour is open; a modal open then is waited for, checking every 1 s for up to 10 s.
 */
function useAutoStart() {
  useEffect(() => {
    const state = readTour();
    // Shown once: a tour already shown (and not reset) does not start by itself again.
    if (!storage.firstLogin() || state.completed || state.skipped || state.lastShownAt !== null) return;
    writeTour({ firstLogin: true });
    let waited = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (tour.openStep() !== null) return;
      if (!modalOpen()) {
        tour.show(readTour().step);
        return;
      }
      if (waited >= TOUR_RETRY_FOR_MS) return;
      waited += TOUR_RETRY_EVERY_MS;
      timer = setTimeout(attempt, TOUR_RETRY_EVERY_MS);
    };
    timer = setTimeout(attempt, TOUR_START_DELAY_MS);
    // Marks when the 2 s start delay began (the browser tests' clock starts from here).
    document.body.dataset.tourTimer = "armed";
    return () => {
      clearTimeout(timer);
      delete document.body.dataset.tourTimer;
    };
  }, []);
}

export function OnboardingTour() {
  const { t, i18n } = useTranslation("tenant");
  const community = useCommunity();
  const navigate = useNavigate();
  const [step, setStep] = useState<number | null>(tour.openStep());
  const titleId = useId();
  const textId = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const landing = useQuery(communityQueries.landing(community.id, i18n.language));
  const steps = readPartnerContent(landing.data).tour;

  useEffect(() => tour.subscribe(setStep), []);
  useAutoStart();
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step
  useEffect(() => {
    primary.current?.focus();
  }, [step]);

  const partner = community.partner;
  if (step === null || !partner) return null;
  const content = steps[step - 1];
  const go = (to: number) => tour.show(clampStep(to));
  const skip = () => {
    writeTour({ skipped: true });
    tour.hide();
  };
  const complete = () => {
    writeTour({ completed: true });
    tour.hide();
    setTimeout(() => void navigate({ to: "/$partner/$section", params: { partner: partner.slug, section: "earnings" } }), TOUR_EARNINGS_DELAY_MS);
  };

  return createPortal(
    <div className="tour" role="dialog" aria-modal="false" data-tour="" aria-labelledby={titleId} aria-describedby={textId} data-step={step}>
      <p className="tour-progress muted">{t("tour.stepOf", { step, total: TOUR_STEPS })}</p>
      <h2 id={titleId} className="tour-title">
        {content?.title || t("tour.label")}
      </h2>
      <p id={textId}>{content?.text ?? ""}</p>
      <div className="tour-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={skip}>
          {t("tour.skip")}
        </button>
        <span className="tour-spacer" />
        {step > 1 ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => go(step - 1)}>
            {t("tour.previous")}
          </button>
        ) : null}
        {step < TOUR_STEPS ? (
          <button ref={primary} type="button" className="btn btn-primary btn-small" onClick={() => go(step + 1)}>
            {t("tour.next")}
          </button>
        ) : (
          <button ref={primary} type="button" className="btn btn-primary btn-small" onClick={complete}>
            {t("tour.finish")}
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
