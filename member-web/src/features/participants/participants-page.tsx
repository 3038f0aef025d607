import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
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
import { Avatar, ChipToggle } from "../profile/controls.tsx";
import { avatarUrl, fullName, initials } from "../profile/model.ts";
import { ContactList } from "../public-profile/contact-list.tsx";
import {
  type DirectoryCard,
  type DirectoryFilters,
  type DirectoryOptions,
  directoryQueries,
  filtersToSearch,
  searchToFilters,
  isLookingFor,
  TOP_TAGS,
  useAvatarSize,
  useDebounced,
} from "./model.ts";
import { LockIcon, PinIcon, SearchIcon } from "../../ui/icons.tsx";
import "../profile/members.css";

type PageProps = { search: string; tag?: string | undefined; city?: string | undefined; lookingFor?: string | undefined };

/**
 * /participants: the member list of a transparent community (spec 2.4) with a debounced search,
 * filters by tag (the most used ones), city and "here to" (the API's tag, city and lookingFor,
 * kept in the address), "more participants" paging, an empty state, and the private-list state
 * for a 403.
 */
export function ParticipantsPage({ search, tag, city, lookingFor }: PageProps) {
  const { t } = useTranslation("participants");
  const community = useCommunity();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const inputId = useId();
  const [draft, setDraft] = useState(search);
  const settled = useDebounced(draft.trim(), 300);
  const filters = searchToFilters({ search, tag, city, lookingFor });
  const filtered = !!(filters.tag || filters.city || filters.lookingFor);
  const list = useInfiniteQuery(directoryQueries.search(community.id, filters));
  const options = useQuery(directoryQueries.options(community.id));

  // A change applies to the address as it is (the router's latest location), not to the filters on
  // screen: a second pick made before the screen has drawn the first keeps both.
  const setFilters = (change: Partial<DirectoryFilters>, replace = false) =>
    void navigate({ to: "/participants", search: (prev: Record<string, unknown>) => filtersToSearch({ ...searchToFilters(prev), ...change }), replace });

  // The settled text goes to the address, so a search survives a reload and the back button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is the trigger; the filters are read as they are
  useEffect(() => {
    if (settled !== search) setFilters({ search: settled }, true);
  }, [settled, search]);

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

      {!forbidden && options.data ? (
        <DirectoryFilterBar
          options={options.data}
          filters={filters}
          onChange={(next) => setFilters(next)}
          onClear={() => {
            setDraft("");
            setFilters({ search: "", tag: undefined, city: undefined, lookingFor: undefined });
          }}
        />
      ) : null}

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
        <section className="empty-state" data-testid="participants-empty">
          <div className="empty-illustration" aria-hidden="true">
            <SearchIcon size={32} />
          </div>
          <h2>{filtered ? t("emptyFiltered") : search ? t("empty") : t("emptyAll")}</h2>
          {filtered ? <p className="muted">{t("emptyFilteredHint")}</p> : search ? <p className="muted">{t("emptyHint")}</p> : null}
          {filtered ? (
            <Button variant="secondary" onClick={() => setFilters({ tag: undefined, city: undefined, lookingFor: undefined })}>
              {t("filters.clear")}
            </Button>
          ) : null}
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

/**
 * The filters: the community's most used tags as toggles, and choices of city and "here to",
 * each with its member count; the chosen tag stays offered even when it is not among the top ones.
 */
function DirectoryFilterBar({
  options,
  filters,
  onChange,
  onClear,
}: {
  options: DirectoryOptions;
  filters: DirectoryFilters;
  onChange: (change: Partial<DirectoryFilters>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation("participants");
  const tMember = useTranslation("member").t;
  const cityId = useId();
  const lookingForId = useId();
  const tags = options.tags.slice(0, TOP_TAGS).map((x) => x.tag);
  if (filters.tag && !tags.includes(filters.tag)) tags.unshift(filters.tag);
  const cities = options.cities.map((c) => c.city);
  const lookingFor = options.lookingFor.filter((l) => l.count > 0 || l.value === filters.lookingFor);
  const any = !!(filters.tag || filters.city || filters.lookingFor || filters.search);
  if (tags.length === 0 && cities.length === 0 && lookingFor.length === 0) return null;
  return (
    <section className="directory-filters" aria-label={t("filters.label")} data-testid="directory-filters">
      <div className="directory-selects">
        {cities.length > 0 || filters.city ? (
          <div className="field directory-select">
            <label htmlFor={cityId}>{t("filters.city")}</label>
            <select className="select" id={cityId} value={filters.city ?? ""} onChange={(e) => onChange({ city: e.target.value || undefined })}>
              <option value="">{t("filters.anyCity")}</option>
              {filters.city && !cities.includes(filters.city) ? <option value={filters.city}>{filters.city}</option> : null}
              {options.cities.map((c) => (
                <option key={c.city} value={c.city}>
                  {t("filters.withCount", { name: c.city, count: c.count })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {lookingFor.length > 0 ? (
          <div className="field directory-select">
            <label htmlFor={lookingForId}>{t("filters.lookingFor")}</label>
            <select
              className="select"
              id={lookingForId}
              value={filters.lookingFor ?? ""}
              onChange={(e) => onChange({ lookingFor: isLookingFor(e.target.value) ? e.target.value : undefined })}
            >
              <option value="">{t("filters.anyLookingFor")}</option>
              {lookingFor.map((l) => (
                <option key={l.value} value={l.value}>
                  {t("filters.withCount", { name: tMember(`lookingFor.${l.value}`), count: l.count })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {any ? (
          <Button variant="ghost" className="directory-clear" onClick={onClear}>
            {t("filters.clear")}
          </Button>
        ) : null}
      </div>
      {tags.length > 0 ? (
        <fieldset className="directory-tags">
          <legend className="small muted directory-tags-label">{t("filters.topTags")}</legend>
          <div className="chip-group">
            {tags.map((tag) => (
              <ChipToggle key={tag} pressed={filters.tag === tag} onToggle={() => onChange({ tag: filters.tag === tag ? undefined : tag })}>
                {tag}
              </ChipToggle>
            ))}
          </div>
        </fieldset>
      ) : null}
    </section>
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
