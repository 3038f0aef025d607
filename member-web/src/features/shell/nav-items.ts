import type { Navigation } from "../../api/community.ts";

export const STANDARD_TABS = ["my_communities", "participants", "contacts", "meetings", "events", "chats", "profile", "admin"] as const;
export type StandardTab = (typeof STANDARD_TABS)[number];

export type NavItem =
  | { kind: "standard"; id: StandardTab; label: string | null; order: number; href: string; desktopOnly: boolean; external: boolean }
  | { kind: "custom"; id: string; label: string; order: number; href: string; desktopOnly: false; external: boolean };

const HREF: Record<StandardTab, string> = {
  my_communities: "/my_communities",
  participants: "/participants",
  contacts: "/contacts",
  meetings: "/meetings",
  events: "/events",
  chats: "/chats",
  profile: "/profile",
  // The admin area is the console, a separate app on the same domain.
  admin: "/console/",
};

export type NavInput = {
  navigation: Navigation | null;
  transparent: boolean;
  isAdmin: boolean;
  networkingEnabled: boolean;
  /** The member's language: a tab's `labels[lang]` wins over its default `label`. */
  lang?: string;
  /** The community proposes meetings (tenant.json `meetings`): the bar links /meetings, labelled so unless navigation.json names it. */
  meetings?: { label: string } | null;
};

/**
 * The bar of spec 2.4: standard tabs under their conditions (members list only in transparent
 * communities, admin only for admins, only the profile when networking is off), then the
 * community's navigation.json: enabled, label and order per tab, forceEnabled to show a tab its
 * condition would hide, and custom tabs; everything sorted by order.
 */
export function buildNavItems({ navigation, transparent, isAdmin, networkingEnabled, lang, meetings }: NavInput): NavItem[] {
  const pick = (c: { label?: string | undefined; labels?: Partial<Record<string, string>> | undefined } | undefined) =>
    (lang ? c?.labels?.[lang] : undefined) ?? c?.label ?? null;
  const items: NavItem[] = [];
  // Without an order of its own in navigation.json, Meetings comes right after Contacts, whatever
  // order the community gives the other tabs (so older navigation.json files keep their sense).
  const afterContacts = (navigation?.tabs?.contacts?.order ?? (STANDARD_TABS.indexOf("contacts") + 1) * 10) + 0.5;
  STANDARD_TABS.forEach((id, index) => {
    const cfg = navigation?.tabs?.[id];
    if (cfg && cfg.enabled === false) return;
    const forced = cfg?.forceEnabled === true;
    // Networking off leaves the profile, and the console for the community's staff (their work is there).
    if (!networkingEnabled && id !== "profile" && id !== "admin") return;
    // The page needs the community's meetings: no forceEnabled shows it while they are off.
    if (id === "meetings" && !meetings) return;
    if (id === "participants" && !transparent && !forced) return;
    if (id === "admin" && !isAdmin) return;
    items.push({
      kind: "standard",
      id,
      label: pick(cfg) ?? (id === "meetings" ? (meetings?.label ?? null) : null),
      order: cfg?.order ?? (id === "meetings" ? afterContacts : (index + 1) * 10),
      href: HREF[id],
      desktopOnly: id === "profile",
      external: id === "admin",
    });
  });
  if (networkingEnabled) {
    for (const custom of navigation?.custom ?? []) {
      items.push({ kind: "custom", id: custom.id, label: pick(custom) ?? custom.label, order: custom.order, href: custom.url, desktopOnly: false, external: custom.external });
    }
  }
  // Stable: equal orders keep the standard sequence.
  return items.map((item, i) => ({ item, i })).sort((a, b) => a.item.order - b.item.order || a.i - b.i).map((x) => x.item);
}

/** The bar of an admin without a participant profile (spec 2.4), i.e. of restricted mode (app/restricted.ts). */
export const RESTRICTED_TABS = [
  { id: "events", href: "/events" },
  { id: "dashboard", href: "/dashboard" },
  { id: "notifications", href: "/notifications" },
  // The admin's one obvious way to the console (a separate app on the same domain).
  { id: "console", href: "/console/" },
] as const;
export type RestrictedTab = (typeof RESTRICTED_TABS)[number]["id"];

export function restrictedNavItems(label: (id: RestrictedTab) => string): NavItem[] {
  return RESTRICTED_TABS.map((tab, i) => ({ kind: "custom", id: tab.id, label: label(tab.id), order: (i + 1) * 10, href: tab.href, desktopOnly: false, external: tab.id === "console" }));
}
