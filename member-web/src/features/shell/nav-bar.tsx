import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries, isAdmin } from "../../api/account.ts";
import { communityQueries } from "../../api/community.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { signOut } from "../../app/sign-in.ts";
import { CommunityExtras } from "../partner/community-extras.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { chatQueries } from "../chats/model.ts";
import { meetingQueries } from "../meetings/model.ts";
import { NotificationsBell } from "../notifications/bell.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { isNetworkingPath, networkingOn } from "../../app/networking.ts";
import { isRestricted } from "../../app/restricted.ts";
import { buildNavItems, type NavItem, restrictedNavItems } from "./nav-items.ts";

/** How many of the member's chats have unread messages (from the cached list the realtime session keeps live). */
function useUnreadChats(): number {
  const community = useCommunity();
  // Observes the cache only (enabled: false): the realtime session fetches the list.
  const data = useInfiniteQuery({ ...chatQueries.list(community.id), enabled: false }).data;
  return (data?.pages[0]?.items ?? []).filter((c) => c.unreadCount > 0).length;
}

function ChatsBadge() {
  const { t } = useTranslation("nav");
  const count = useUnreadChats();
  if (count === 0) return null;
  return (
    <span className="nav-count" data-testid="chats-unread-count" title={t("unreadChats", { count })}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="visually-hidden">{t("unreadChats", { count })}</span>
    </span>
  );
}

function NavLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation("nav");
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const label = item.label ?? (item.kind === "standard" ? t(item.id) : item.id);
  const className = `nav-link${item.desktopOnly ? " nav-desktop-only" : ""}`;
  if (item.external || !item.href.startsWith("/") || item.href.startsWith("/console")) {
    const newTab = item.kind === "custom" && item.external;
    return (
      <a className={className} href={item.href} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})} onClick={onNavigate}>
        {label}
      </a>
    );
  }
  const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
  return (
    <Link className={className} to={item.href} aria-current={active ? "page" : undefined} onClick={onNavigate}>
      {label}
      {item.kind === "standard" && item.id === "chats" ? <ChatsBadge /> : null}
    </Link>
  );
}

const PHONE = "(max-width: 767.98px)";

/**
 * How many of the bar's tabs fit on its row (from 768 px; on phones the menu lists them all). The
 * tabs are all rendered and measured; those past the count are hidden in place (still measurable)
 * and listed under "More", whose own width is kept free when anything overflows. Re-measured when
 * the bar or a tab changes size (window, language, badges) or the tabs change.
 */
function useFittingTabs(list: RefObject<HTMLUListElement | null>, more: RefObject<HTMLLIElement | null>, key: string): number {
  const [fit, setFit] = useState(Number.POSITIVE_INFINITY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key (the tabs and language) is the trigger to measure again
  useLayoutEffect(() => {
    const ul = list.current;
    if (!ul) return;
    const measure = () => {
      const tabs = [...ul.querySelectorAll<HTMLLIElement>(":scope > li[data-tab]")];
      if (window.matchMedia(PHONE).matches || ul.clientWidth === 0) return setFit(Number.POSITIVE_INFINITY);
      const gap = Number.parseFloat(getComputedStyle(ul).columnGap) || 0;
      const widths = tabs.map((li) => li.getBoundingClientRect().width + gap);
      const available = ul.clientWidth;
      const all = widths.reduce((a, b) => a + b, 0);
      if (all <= available + 0.5) return setFit(Number.POSITIVE_INFINITY);
      const room = available - ((more.current?.getBoundingClientRect().width ?? 0) + gap);
      let used = 0;
      let n = 0;
      for (const w of widths) {
        if (used + w > room) break;
        used += w;
        n++;
      }
      setFit(n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    // A tab grows on its own too (an unread badge arrives): the row is measured again then.
    for (const li of ul.querySelectorAll<HTMLLIElement>(":scope > li[data-tab]")) observer.observe(li);
    const media = window.matchMedia(PHONE);
    media.addEventListener("change", measure);
    return () => {
      observer.disconnect();
      media.removeEventListener("change", measure);
    };
  }, [list, more, key]);
  return fit;
}

/** "More": the tabs that do not fit on the bar's row, in a list under a button. */
function MoreTabs({ items, liRef, onNavigate }: { items: NavItem[]; liRef: RefObject<HTMLLIElement | null>; onNavigate: () => void }) {
  const { t } = useTranslation("nav");
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used inside
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    const onClick = (e: MouseEvent) => {
      if (!liRef.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open, liRef]);
  const active = items.some((i) => pathname === i.href || pathname.startsWith(`${i.href}/`));
  return (
    <li ref={liRef} className={`nav-more${items.length === 0 ? " nav-more-idle" : ""}`} aria-hidden={items.length === 0 ? true : undefined}>
      <button
        type="button"
        className={`nav-link nav-more-button${active ? " nav-more-active" : ""}`}
        aria-expanded={open}
        aria-controls="nav-more-list"
        tabIndex={items.length === 0 ? -1 : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {t("more")} <span aria-hidden="true">▾</span>
      </button>
      {open && items.length > 0 ? (
        <ul id="nav-more-list" className="nav-more-list" aria-label={t("moreLabel")}>
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <NavLink
                item={item}
                onNavigate={() => {
                  setOpen(false);
                  onNavigate();
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The signed-in bar (spec 2.4); on narrow screens the links open in a menu, on a full row the tabs that do not fit go under "More". */
export function NavBar() {
  const { t, i18n } = useTranslation("nav");
  const community = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigation = useQuery(communityQueries.navigation(community.id)).data ?? null;
  const user = useQuery(accountQueries.currentUser()).data;
  const permissions = useQuery(accountQueries.permissions()).data ?? [];
  const restricted = isRestricted(user, community.id);
  const networking = networkingOn(user, community.id);
  // Whether the community proposes meetings: the availability answer says so (a guest's 403 hides the tab).
  const meetings = useQuery({ ...meetingQueries.availability(), enabled: !restricted && networking, retry: false, staleTime: 5 * 60_000 });

  // Networking switched off while the member is on one of its pages (spec 2.4): to the profile.
  useEffect(() => {
    if (!restricted && !networking && isNetworkingPath(pathname)) void navigate({ to: "/profile", replace: true });
  }, [restricted, networking, pathname, navigate]);

  // A new page closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used inside
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const { t: tAdmin } = useTranslation("adminPages");
  const items = restricted
    ? restrictedNavItems((id) => tAdmin(`nav.${id}`))
    : buildNavItems({
        navigation: navigation ?? community.navigationConfig,
        transparent: community.transparent,
        // Moderators work in the console too (its moderation queue): the bar's way in is theirs as well.
        isAdmin: isAdmin(permissions) || permissions.includes("CAN_MODERATE_COMMUNITY"),
        networkingEnabled: networking,
        lang: i18n.language,
        meetings: meetings.data?.enabled ? { label: t("meetings") } : null,
      });

  const listRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLLIElement>(null);
  const fit = useFittingTabs(listRef, moreRef, `${i18n.language}|${items.map((i) => `${i.id}:${i.label ?? ""}`).join(",")}`);
  const overflow = fit < items.length ? items.slice(fit) : [];

  const logout = async () => {
    await signOut(queryClient);
    await navigate({ to: "/login" });
  };

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to={restricted ? "/events" : "/my_communities"} className="brand">
          <BrandMark size={32} />
          <span className="brand-title">{brandTitle(community)}</span>
        </Link>
        {items.some((i) => i.kind === "standard" && i.id === "profile") ? (
          // Spec 2.4 hides the Profile tab below 768 px; on phones this link leads there instead.
          <Link to="/profile" className="btn btn-ghost btn-small menu-profile" data-testid="mobile-profile-link">
            {items.find((i) => i.kind === "standard" && i.id === "profile")?.label ?? t("profile")}
          </Link>
        ) : null}
        <button type="button" className="btn btn-ghost menu-button" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen(true)}>
          <span aria-hidden="true">☰</span> {t("menu")}
        </button>
        {menuOpen ? <button type="button" className="menu-backdrop" aria-label={t("menu")} tabIndex={-1} onClick={() => setMenuOpen(false)} /> : null}
        <nav id="main-nav" className={`main-nav${menuOpen ? " open" : ""}`} aria-label={t("mainLabel")}>
          <ul ref={listRef}>
            {items.map((item, i) => (
              <li
                key={`${item.kind}:${item.id}`}
                data-tab={item.id}
                className={[item.desktopOnly ? "nav-desktop-only" : "", i >= fit ? "nav-overflowed" : ""].filter(Boolean).join(" ") || undefined}
              >
                <NavLink item={item} onNavigate={() => setMenuOpen(false)} />
              </li>
            ))}
            <MoreTabs items={overflow} liRef={moreRef} onNavigate={() => setMenuOpen(false)} />
          </ul>
          <div className="nav-actions">
            <CommunityExtras onAction={() => setMenuOpen(false)} />
            {networking && !restricted ? <NotificationsBell onNavigate={() => setMenuOpen(false)} /> : null}
            <LanguageSelect />
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void logout()}>
              {t("logOut")}
            </button>
            <button type="button" className="btn btn-ghost menu-cancel" onClick={() => setMenuOpen(false)}>
              {t("cancel", { ns: "common" })}
            </button>
          </div>
        </nav>
      </div>
    </header>
  );
}
