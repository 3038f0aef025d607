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

/** What each step is about, in the bar: the page of recommendations, the partner's sections, contacts, the partner's sections again. */
function targetOf(step: number, partnerSlug: string): HTMLElement | null {
  const href = step === 1 ? "/my_communities" : step === 3 ? "/contacts" : `/${partnerSlug}/`;
  const links = [...document.querySelectorAll<HTMLAnchorElement>("#main-nav a")];
  const el = links.find((a) => (href.endsWith("/") ? a.getAttribute("href")?.startsWith(href) : a.getAttribute("href") === href));
  return el?.checkVisibility() ? el : null;
}

const CARD_WIDTH = 360;

/**
 * The card sits under the bar item its step is about, with that item outlined; where the item is
 * not on screen (the phone's closed menu) the card stays in the corner and points at nothing.
 */
function usePlacement(step: number | null, partnerSlug: string | undefined): { top: number; left: number; arrow: number } | null {
  const [place, setPlace] = useState<{ top: number; left: number; arrow: number } | null>(null);
  useEffect(() => {
    if (step === null || !partnerSlug) return;
    let target: HTMLElement | null = null;
    const measure = () => {
      target?.classList.remove("tour-target");
      target = targetOf(step, partnerSlug);
      if (!target) return setPlace(null);
      target.classList.add("tour-target");
      const r = target.getBoundingClientRect();
      const width = Math.min(CARD_WIDTH, window.innerWidth - 32);
      const left = Math.min(Math.max(16, r.left + r.width / 2 - width / 2), window.innerWidth - width - 16);
      setPlace({ top: r.bottom + 12, left, arrow: Math.min(Math.max(16, r.left + r.width / 2 - left), width - 16) });
    };
    measure();
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("resize", measure);
      target?.classList.remove("tour-target");
    };
  }, [step, partnerSlug]);
  return place;
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
  const place = usePlacement(step, community.partner?.slug);
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
    <div
      className={`tour${place ? " tour-anchored" : ""}`}
      role="dialog"
      aria-modal="false"
      data-tour=""
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-step={step}
      style={place ? { top: place.top, left: place.left, right: "auto", bottom: "auto", ["--tour-arrow" as string]: `${place.arrow}px` } : undefined}
    >
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
