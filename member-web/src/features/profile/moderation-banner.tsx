import { useTranslation } from "react-i18next";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import type { Profile } from "./model.ts";
import { AlertIcon, ClockIcon } from "../../ui/icons.tsx";

/** Spec 4.4: a pending profile shows the moderation banner, a rejected one the rejection banner. */
export function ModerationBanner({ status, reason }: { status: Profile["moderationStatus"]; reason?: string | null | undefined }) {
  const { t } = useTranslation("member");
  const community = brandTitle(useCommunity());
  if (status === "confirmed") return null;
  const pending = status === "pending";
  return (
    <div className={`banner ${pending ? "banner-info" : "banner-error"}`} role="status" data-testid={`moderation-${status}`}>
      <span className="banner-icon">{pending ? <ClockIcon size={22} /> : <AlertIcon size={22} />}</span>
      <div>
        <strong>{pending ? t("moderation.pendingTitle") : t("moderation.rejectedTitle")}</strong>
        <p>{pending ? t("moderation.pendingText", { community }) : t("moderation.rejectedText", { community })}</p>
        {!pending && reason ? <p data-testid="moderation-reason">{t("moderation.rejectedReason", { reason })}</p> : null}
      </div>
    </div>
  );
}
