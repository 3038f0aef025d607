import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiFailure } from "../../api/client.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { Avatar } from "../profile/controls.tsx";
import { avatarUrl, fullName, initials } from "../profile/model.ts";
import { ContactList } from "../public-profile/contact-list.tsx";
import { type DirectoryCard, directoryQueries, useAvatarSize, useDebounced } from "./model.ts";
import { LockIcon, PinIcon, SearchIcon } from "../../ui/icons.tsx";
import "../profile/members.css";

/**
 * /participants: the member list of a transparent community (spec 2.4) with a debounced search,
 * "more participants" paging, an empty state, and the private-list state for a 403.
 */
export function ParticipantsPage({ search }: { search: string }) {
  const { t } = useTranslation("participants");
  const community = useCommunity();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const inputId = useId();
  const [draft, setDraft] = useState(search);
  const settled = useDebounced(draft.trim(), 300);
  const list = useInfiniteQuery(directoryQueries.search(community.id, search));

  // The settled text goes to the address, so a search survives a reload and the back button.
  useEffect(() => {
    if (settled !== search) void navigate({ to: "/participants", search: settled ? { search: settled } : {}, replace: true });
  }, [settled, search, navigate]);

  const first = list.data?.pages[0];
  const cards = list.data?.pages.flatMap((p) => p.items) ?? [];
  const forbidden = list.isError && isApiFailure(list.error) && list.error.status === 403;

  return (
    <main className="page" id="content">
      <div className="page-head">
        <div>
          <h1>{t("title")}</h1>
          <p className="muted">{t("subtitle", { community: brandTitle(community) })}</p>
        </div>
        {!forbidden ? (
          <search className="search-box">
            <label htmlFor={inputId} className="visually-hidden">
              {t("search")}
            </label>
            <span className="search-icon">
              <SearchIcon size={18} />
            </span>
            <input id={inputId} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t("searchPlaceholder")} maxLength={200} autoComplete="off" />
          </search>
        ) : null}
      </div>

      {list.isPending ? (
        <div className="member-grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
            <div key={i} className="card member-card">
              <Skeleton lines={3} avatar label={t("loading", { ns: "common" })} />
            </div>
          ))}
        </div>
      ) : forbidden ? (
        <section className="empty-state" data-testid="participants-private">
          <div className="empty-illustration" aria-hidden="true">
            <LockIcon size={32} />
          </div>
          <h2>{community.transparent ? t("pendingTitle") : t("privateTitle")}</h2>
          <p className="muted">{community.transparent ? t("pendingText") : t("privateText")}</p>
        </section>
      ) : list.isError ? (
        <div>
          <Alert kind="error">{errorText(list.error)}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t("retry", { ns: "common" })}
          </Button>
        </div>
      ) : cards.length === 0 ? (
        <section className="empty-state">
          <div className="empty-illustration" aria-hidden="true">
            <SearchIcon size={32} />
          </div>
          <h2>{search ? t("empty") : t("emptyAll")}</h2>
          {search ? <p className="muted">{t("emptyHint")}</p> : null}
        </section>
      ) : (
        <>
          {first ? (
            <p className="muted small" aria-live="polite">
              {first.totalCapped ? t("countCapped", { count: first.total }) : t("count", { count: first.total })}
            </p>
          ) : null}
          <ul className="member-grid" aria-label={t("title")}>
            {cards.map((card) => (
              <MemberCard key={card.id} card={card} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="center">
              <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t("more")}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </main>
  );
}

function MemberCard({ card }: { card: DirectoryCard }) {
  const { t } = useTranslation("participants");
  const size = useAvatarSize();
  // A member who has not given a name yet still gets a label (screen readers announce it).
  const name = fullName(card).trim() || t("unnamed");
  const place = [card.position, card.company].filter(Boolean).join(" · ");
  return (
    <li className="card member-card" data-testid="member-card">
      <Link to="/u/$slug" params={{ slug: card.slug }} className="member-link" aria-label={t("openProfile", { name })}>
        <Avatar url={avatarUrl(card.avatar, size)} name={name} initials={initials(card)} size={64} />
        <div className="member-head">
          <h2 className="member-name">{name}</h2>
          {place ? <p className="member-place">{place}</p> : null}
          {card.city ? (
            <p className="member-city">
              <PinIcon size={14} /> {card.city}
            </p>
          ) : null}
        </div>
      </Link>
      {card.tags.length ? (
        <ul className="chips chips-small" aria-label={t("tags", { ns: "publicProfile" })}>
          {card.tags.slice(0, 6).map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
          {card.tags.length > 6 ? <li className="chip chip-more">+{card.tags.length - 6}</li> : null}
        </ul>
      ) : null}
      <ContactList contacts={card.contacts} phone={card.phone} />
      {card.contactsLocked ? (
        <p className="muted small">
          <LockIcon size={14} /> {t("contactsLocked")}
        </p>
      ) : card.hasHiddenContacts ? <p className="muted small">{t("hiddenContacts")}</p> : null}
    </li>
  );
}
