import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { api, call } from "../../api/client.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { signOut } from "../../app/sign-in.ts";
import { isLang } from "../../i18n/index.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailText } from "../../ui/email-text.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { LanguageSelect } from "../shell/language-select.tsx";
import { AccountManagement } from "./account-management.tsx";
import { Avatar, Switch } from "./controls.tsx";
import { avatarUrl, fullName, initials, type Profile, profileQueries, profileSaved, visibleSteps } from "./model.ts";
import { ModerationBanner } from "./moderation-banner.tsx";
import { AvailabilitySection } from "../meetings/availability-section.tsx";
import { TelegramConnect } from "../telegram/telegram-connect.tsx";
import { PrivacySection } from "./privacy-section.tsx";
import { SECTIONS } from "./sections/index.ts";
import { UsersIcon } from "../../ui/icons.tsx";
import { TopicPicks } from "./topic-chips.tsx";
import "./members.css";

/**
 * /profile: the member's own profile with the same editors as onboarding, privacy, preferences,
 * completion with links to the missing steps, and the account (e-mail, language, log out).
 */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const errorText = useErrorText();
  const profile = useQuery(profileQueries.own());

  return (
    <main className="page" id="content">
      <h1>{t("title")}</h1>
      {profile.isPending ? (
        <div className="profile-layout">
          <div className="card">
            <Skeleton lines={3} avatar label={t("loading", { ns: "common" })} />
          </div>
          <div className="card">
            <Skeleton lines={6} label={t("loading", { ns: "common" })} />
          </div>
        </div>
      ) : profile.isError ? (
        <Alert kind="error">{errorText(profile.error)}</Alert>
      ) : profile.data === null ? (
        <div className="page-narrow-inner">
          <NotJoined />
          <AccountCard />
        </div>
      ) : (
        <OwnProfile profile={profile.data} />
      )}
    </main>
  );
}

function NotJoined() {
  const { t } = useTranslation("profile");
  const community = useCommunity();
  return (
    <section className="empty-state">
      <div className="empty-illustration" aria-hidden="true">
        <UsersIcon size={32} />
      </div>
      <h2>{t("notJoinedTitle", { community: brandTitle(community) })}</h2>
      <p className="muted">{t("notJoinedText")}</p>
      <Link to="/questions" className="btn btn-primary">
        {t("joinNow")}
      </Link>
    </section>
  );
}

function OwnProfile({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const tm = useTranslation("member").t;
  const community = useCommunity();
  const steps = visibleSteps(community);
  const place = [profile.position, profile.company].filter(Boolean).join(" · ");

  return (
    <div className="profile-layout">
      <aside className="profile-aside">
        <section className="card profile-summary" aria-label={fullName(profile)}>
          <Avatar url={avatarUrl(profile.avatar, "256")} name={fullName(profile)} initials={initials(profile)} size={112} />
          <h2>{fullName(profile)}</h2>
          {place ? <p className="muted">{place}</p> : null}
          {profile.moderationStatus !== "confirmed" ? (
            <span className={`badge badge-${profile.moderationStatus}`}>{profile.moderationStatus === "pending" ? t("pendingBadge") : t("rejectedBadge")}</span>
          ) : null}
          <TopicPicks needTopics={profile.needTopics} offerTopics={profile.offerTopics} />
          <Link to="/u/$slug" params={{ slug: profile.slug }} className="btn btn-secondary btn-small">
            {t("viewPublic")}
          </Link>
        </section>
        <CompletionCard participantId={profile.id} />
      </aside>
      <div className="profile-main">
        <ModerationBanner status={profile.moderationStatus} reason={profile.moderationReason} />
        {steps.map((step) => {
          const Section = SECTIONS[step];
          return (
            <section key={step} className="card" id={`section-${step}`} aria-labelledby={`heading-${step}`}>
              <h2 id={`heading-${step}`}>{t(`sections.${step}`)}</h2>
              <Section profile={profile} actions={{ submitLabel: tm("save"), confirmSaved: true }} />
              {step === "contacts" ? <TelegramConnect /> : null}
            </section>
          );
        })}
        <section className="card" id="section-privacy" aria-labelledby="heading-privacy">
          <h2 id="heading-privacy">{t("sections.privacy")}</h2>
          <PrivacySection profile={profile} />
        </section>
        <AvailabilitySection />
        <PreferencesCard profile={profile} />
        <AccountCard />
      </div>
    </div>
  );
}

function CompletionCard({ participantId }: { participantId: string }) {
  const { t } = useTranslation("profile");
  const tOn = useTranslation("onboarding").t;
  const completion = useQuery(profileQueries.completion(participantId));
  if (completion.isPending) {
    return (
      <section className="card">
        <Skeleton lines={2} label={t("loading", { ns: "common" })} />
      </section>
    );
  }
  if (completion.isError) return null;
  const { percent, completed, steps } = completion.data;
  const missing = steps.filter((s) => s.visible && !s.done);
  return (
    <section className="card completion" aria-labelledby="completion-heading">
      <h2 id="completion-heading">{t("completion")}</h2>
      <div className="meter-row">
        <div className="progress" aria-hidden="true">
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
        <strong data-testid="completion-percent">{percent}%</strong>
      </div>
      {completed && missing.length === 0 ? <p className="muted">{t("completionDone")}</p> : null}
      {missing.length ? (
        <>
          {!completed ? <p className="muted small">{t("completionMissing")}</p> : null}
          <ul className="missing-steps">
            {missing.map((s) => (
              <li key={s.step}>
                <Link to="/onboarding" search={{ step: s.step }}>
                  {tOn(`steps.${s.step}`)}
                </Link>
                {!s.required ? <span className="muted small"> {t("completionOptional")}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function PreferencesCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const community = useCommunity();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const selectId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setNetworking = async (on: boolean) => {
    setError(null);
    setBusy(true);
    try {
      await call(api.POST("/api/participant/update-networking-pref", { body: { participantId: profile.id, networkingEnabled: on } }));
      profileSaved(queryClient, { ...profile, networkingEnabled: on });
      await queryClient.invalidateQueries({ queryKey: ["account"] });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const setLanguage = async (value: string) => {
    if (!isLang(value)) return;
    setError(null);
    try {
      await call(api.POST("/api/participant/update-language", { body: { communityId: community.id, language: value } }));
      profileSaved(queryClient, { ...profile, language: value });
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <section className="card" aria-labelledby="heading-preferences">
      <h2 id="heading-preferences">{t("sections.preferences")}</h2>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <Switch label={t("networking")} hint={t("networkingHint")} checked={profile.networkingEnabled} disabled={busy} onChange={(on) => void setNetworking(on)} />
      {community.langChoices.length > 1 ? (
        <div className="field field-inline">
          <label htmlFor={selectId}>{t("communityLanguage", { community: brandTitle(community) })}</label>
          <select id={selectId} className="select" value={profile.language ?? community.lang} onChange={(e) => void setLanguage(e.target.value)}>
            {community.langChoices.map((lang) => (
              <option key={lang} value={lang}>
                {t(`languages.${lang}`, { ns: "common" })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </section>
  );
}

function AccountCard() {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const user = useQuery(accountQueries.currentUser());
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    await signOut(queryClient);
    await navigate({ to: "/login" });
  };

  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading">{t("account")}</h2>
      {user.isPending ? (
        <Skeleton lines={2} label={t("loading", { ns: "common" })} />
      ) : user.isError ? (
        <Alert kind="error">{errorText(user.error)}</Alert>
      ) : (
        <dl className="details">
          <dt>{t("emailLabel")}</dt>
          <dd data-testid="profile-email">{user.data.email ? <EmailText email={user.data.email} /> : "—"}</dd>
        </dl>
      )}
      <div className="row">
        <LanguageSelect variant="full" label={t("languageLabel")} />
      </div>
      <Button variant="secondary" busy={busy} busyLabel={t("loggingOut")} onClick={() => void logout()}>
        {t("logout")}
      </Button>
      {user.data ? <AccountManagement userId={user.data.userId} email={user.data.email} /> : null}
    </section>
  );
}
