import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";
import { restartTour } from "./tour-state.ts";

/**
 * The tour's code loads only in the community that has it; not through React.lazy, whose
 * Suspense reveal is throttled by a timer: the tour's own 2 s delay starts when its code is in.
 */
function TourHost() {
  const [Tour, setTour] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import("./onboarding-tour.tsx").then((m) => {
      if (live) setTour(() => m.OnboardingTour);
    });
    return () => {
      live = false;
    };
  }, []);
  return Tour ? <Tour /> : null;
}

/** Spec 2.4: the donation button (one community) and the tour's help button (the bank partner). */
export function CommunityExtras({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation("tenant");
  const community = useCommunity();
  return (
    <>
      {community.partner?.tour ? (
        <TourHost />
      ) : null}
      {community.partner?.tour ? (
        <button type="button" className="btn btn-ghost btn-small" aria-label={t("tour.helpLabel")} onClick={() => {
            // The phone's menu closes first: the tour's card points into the bar, not over the menu.
            onAction?.();
            restartTour();
          }}
        >
          <span aria-hidden="true">?</span>
          <span className="tour-help-text"> {t("tour.help")}</span>
        </button>
      ) : null}
      <DonationButton />
    </>
  );
}

export function DonationButton({ large = false }: { large?: boolean }) {
  const { t } = useTranslation("tenant");
  const community = useCommunity();
  if (!community.donationUrl) return null;
  return (
    <a
      className={`btn btn-accent ${large ? "" : "btn-small"}`.trim()}
      href={community.donationUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("donateLabel", { name: community.brandConfig.title || community.title })}
    >
      {t("donate")}
    </a>
  );
}
