import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiFailure } from "../../api/client.ts";
import { LOCALES, isLang } from "../../i18n/index.ts";
import { useToken } from "../../lib/session.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { LinkedText } from "../../ui/linked-text.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { GuestHeader } from "../shell/guest-header.tsx";
import { Avatar } from "../profile/controls.tsx";
import { avatarUrl, fullName, initials, type PublicProfile, profileQueries } from "../profile/model.ts";
import { useAvatarSize } from "../participants/model.ts";
import { TopicPicks } from "../profile/topic-chips.tsx";
import { ContactList } from "./contact-list.tsx";
import { LockIcon, PinIcon, UserIcon } from "../../ui/icons.tsx";
import "../profile/members.css";

/** /u/:slug: a member's full view, open signed out too (spec 2.2); contacts as the server allows. */
export function PublicProfilePage({ slug }: { slug: string }) {
  const { t } = useTranslation("publicProfile");
  const token = useToken();
  const errorText = useErrorText();
  const profile = useQuery(profileQueries.bySlug(slug));
  const notFound = profile.isError && isApiFailure(profile.error) && (profile.error.status === 404 || profile.error.status === 400);

  return (
    <>
      {token === null ? <ProfileGuestHeader /> : null}
      <main className="page page-narrow" id="content">
        {profile.isPending ? (
          <div className="card">
            <Skeleton lines={6} avatar label={t("loading", { ns: "common" })} />
          </div>
        ) : notFound ? (
          <section className="empty-state" data-testid="profile-not-found">
            <div className="empty-illustration" aria-hidden="true">
              <UserIcon size={32} />
            </div>
            <h1>{t("notFoundTitle")}</h1>
            <p className="muted">{t("notFoundText")}</p>
            {token ? (
              <Link to="/participants" className="btn btn-secondary">
                {t("toMembers")}
              </Link>
            ) : (
              <Link to="/" className="btn btn-secondary">
                {t("home", { ns: "notFound" })}
              </Link>
            )}
          </section>
        ) : profile.isError ? (
          <div>
            <Alert kind="error">{errorText(profile.error)}</Alert>
            <Button variant="secondary" onClick={() => void profile.refetch()}>
              {t("retry", { ns: "common" })}
            </Button>
          </div>
        ) : (
          <ProfileView p={profile.data} signedIn={token !== null} />
        )}
      </main>
    </>
  );
}

function ProfileGuestHeader() {
  const { t } = useTranslation("publicProfile");
  return (
    <GuestHeader
      action={
        <Link to="/login" className="btn btn-primary btn-small">
          {t("logIn")}
        </Link>
      }
    />
  );
}

function ProfileView({ p, signedIn }: { p: PublicProfile; signedIn: boolean }) {
  const { t, i18n } = useTranslation("publicProfile");
  const tm = useTranslation("member").t;
  const size = useAvatarSize();
  const [shareNote, setShareNote] = useState<string | null>(null);
  const name = fullName(p);
  const place = [p.position, p.company].filter(Boolean).join(" · ");
  const since = new Date(p.createdAt).toLocaleDateString(isLang(i18n.language) ? LOCALES[i18n.language] : undefined, { year: "numeric", month: "long" });
  const hasContacts = Object.keys(p.contacts).length > 0 || !!p.phone;

  const share = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setShareNote(t("copied"));
    } catch {
      setShareNote(t("copyFailed", { url }));
    }
  };

  return (
    <article className="card public-profile" aria-labelledby="member-name">
      {p.isOwn ? (
        <div className="own-note">
          <span>{t("ownNote")}</span>
          <Link to="/profile" className="btn btn-secondary btn-small">
            {t("editOwn")}
          </Link>
        </div>
      ) : null}
      {p.moderationStatus === "pending" ? <Alert kind="info">{t("pending")}</Alert> : null}
      <header className="public-head">
        <Avatar url={avatarUrl(p.avatar, size)} name={name} initials={initials(p)} size={128} />
        <div className="public-head-text">
          <h1 id="member-name">{name}</h1>
          {place ? <p className="lead-small">{place}</p> : null}
          {p.city ? (
            <p className="muted">
              <PinIcon size={15} /> {p.city}
            </p>
          ) : null}
          <p className="muted small">{t("memberSince", { date: since })}</p>
        </div>
        <div className="public-actions">
          <Button variant="secondary" className="btn-small" onClick={() => void share()}>
            {t("share")}
          </Button>
          {shareNote ? (
            <span className="muted small" role="status">
              {shareNote}
            </span>
          ) : null}
        </div>
      </header>

      {p.about ? (
        <section className="public-section">
          <h2>{t("about")}</h2>
          <p className="prose">
            <LinkedText text={p.about} />
          </p>
        </section>
      ) : null}

      {p.lookingFor.length || p.lookingForText || p.canHelpWithText || p.needTopics.length || p.offerTopics.length ? (
        <section className="public-section">
          <h2>{t("lookingFor")}</h2>
          {p.lookingFor.length ? (
            <ul className="chips">
              {p.lookingFor.map((c) => (
                <li key={c} className="chip chip-accent">
                  {tm(`lookingFor.${c}`)}
                </li>
              ))}
            </ul>
          ) : null}
          <TopicPicks needTopics={p.needTopics} offerTopics={p.offerTopics} />
          {p.lookingForText ? (
            <div className="quote">
              <h3>{t("lookingForText")}</h3>
              <p className="prose">{p.lookingForText}</p>
            </div>
          ) : null}
          {p.canHelpWithText ? (
            <div className="quote">
              <h3>{t("canHelpWithText")}</h3>
              <p className="prose">{p.canHelpWithText}</p>
            </div>
          ) : null}
        </section>
      ) : null}

      {p.tags.length ? (
        <section className="public-section">
          <h2>{t("tags")}</h2>
          <ul className="chips">
            {p.tags.map((tag) => (
              <li key={tag} className="chip">
                {tag}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="public-section" data-testid="public-contacts">
        <h2>{t("contacts")}</h2>
        {p.contactsLocked ? (
          <p className="locked-note">
            <LockIcon size={15} /> {signedIn ? t("contactsLocked") : t("contactsLockedSignedOut")}{" "}
            {signedIn ? <Link to="/profile">{t("editOwn")}</Link> : <Link to="/login">{t("logIn")}</Link>}
          </p>
        ) : hasContacts ? (
          <ContactList contacts={p.contacts} phone={p.phone} />
        ) : (
          <p className="muted">{t("noContacts")}</p>
        )}
        {p.hasHiddenContacts && !p.isOwn ? <p className="muted small">{t("hiddenContacts")}</p> : null}
      </section>
    </article>
  );
}
