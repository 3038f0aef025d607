import i18next, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import type { chatsEn } from "./chats.en.ts";
import type { en as baseEn } from "./en.ts";
import type { eventsEn } from "./events.en.ts";
import type { matchingEn } from "./matching.en.ts";
import type { membersEn } from "./members.en.ts";
import type { accountEn } from "./account.en.ts";
import type { adminEn } from "./admin.en.ts";
import type { chat2En } from "./chat2.en.ts";
import type { tenantEn } from "./tenant.en.ts";

/**
 * Texts load per language and per group of namespaces (issue 17) through i18next's backend
 * interface: the sign-in screens need only "core"; a feature's group loads when one of its screens
 * first renders (react-i18next suspends the component until then). A feature file adds its
 * namespaces to Resources, a loader per language to LOADERS and its namespaces to GROUP_OF (the
 * type makes a forgotten namespace a compile error).
 */
type Resources = typeof baseEn &
  typeof chatsEn &
  typeof chat2En &
  typeof membersEn &
  typeof accountEn &
  typeof matchingEn &
  typeof eventsEn &
  typeof adminEn &
  typeof tenantEn;
type Namespace = keyof Resources;
type Group = "core" | "bar" | "chats" | "members" | "matching" | "events" | "admin";

const LOADERS: Record<Lang, Record<Group, () => Promise<object>>> = {
  en: {
    core: () => Promise.all([import("./en.ts"), import("./tenant.en.ts")]).then(([a, b]) => ({ ...a.en, ...b.tenantEn })),
    bar: () => Promise.all([import("./chat2.en.ts"), import("./admin.en.ts")]).then(([c, d]) => ({ bell: c.chat2En.bell, adminPages: d.adminEn.adminPages })),
    chats: () => Promise.all([import("./chats.en.ts"), import("./chat2.en.ts")]).then(([a, b]) => ({ ...a.chatsEn, ...b.chat2En })),
    members: () => Promise.all([import("./members.en.ts"), import("./account.en.ts")]).then(([a, b]) => ({ ...a.membersEn, ...b.accountEn })),
    matching: () => import("./matching.en.ts").then((m) => m.matchingEn),
    events: () => import("./events.en.ts").then((m) => m.eventsEn),
    admin: () => import("./admin.en.ts").then((m) => m.adminEn),
  },
  ru: {
    core: () => Promise.all([import("./ru.ts"), import("./tenant.ru.ts")]).then(([a, b]) => ({ ...a.ru, ...b.tenantRu })),
    bar: () => Promise.all([import("./chat2.ru.ts"), import("./admin.ru.ts")]).then(([c, d]) => ({ bell: c.chat2Ru.bell, adminPages: d.adminRu.adminPages })),
    chats: () => Promise.all([import("./chats.ru.ts"), import("./chat2.ru.ts")]).then(([a, b]) => ({ ...a.chatsRu, ...b.chat2Ru })),
    members: () => Promise.all([import("./members.ru.ts"), import("./account.ru.ts")]).then(([a, b]) => ({ ...a.membersRu, ...b.accountRu })),
    matching: () => import("./matching.ru.ts").then((m) => m.matchingRu),
    events: () => import("./events.ru.ts").then((m) => m.eventsRu),
    admin: () => import("./admin.ru.ts").then((m) => m.adminRu),
  },
};

const GROUP_OF: Record<Namespace, Group> = {
  common: "core",
  errors: "core",
  nav: "core",
  welcome: "core",
  auth: "core",
  notFound: "core",
  admin: "admin",
  chats: "chats",
  notifications: "chats",
  toasts: "chats",
  // The signed-in bar's texts: loaded with the bar (loadBarTexts), not by the sign-in screens.
  bell: "bar",
  chatMembers: "chats",
  telegram: "chats",
  accountManage: "members",
  adminPages: "bar",
  subscriptions: "admin",
  invite: "admin",
  // The login and welcome variants use it: loaded with the core texts.
  tenant: "core",
  member: "members",
  questions: "members",
  onboarding: "members",
  profile: "members",
  participants: "members",
  publicProfile: "members",
  matching: "matching",
  events: "events",
};

const NAMESPACES = Object.keys(GROUP_OF) as Namespace[];
const CORE_NAMESPACES = NAMESPACES.filter((ns) => GROUP_OF[ns] === "core");

export const LANGS = ["en", "ru"] as const;
export type Lang = (typeof LANGS)[number];

/** The spec maps the stored language to these locales (1. "ru-RU and en-US"). */
export const LOCALES: Record<Lang, string> = { en: "en-US", ru: "ru-RU" };

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
  }
}

/**
 * A group's file is one module: the browser downloads it once, the namespaces it holds are read
 * from it. A failed download is reported to i18next, which retries it a few times.
 */
const groupBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const group = GROUP_OF[ns as Namespace];
    if (!isLang(lng) || !group) {
      callback(null, {});
      return;
    }
    LOADERS[lng][group]().then(
      (texts) => callback(null, (texts as Record<string, object>)[ns] ?? {}),
      // `true`: i18next retries the read (5 times, from 350 ms doubling).
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/** The app's one i18next instance. */
export const i18n = i18next;

/** The signed-in bar's texts; the bar shows once they are in (features/shell/root-layout.tsx). */
export function loadBarTexts(): Promise<unknown> {
  return i18next.loadNamespaces(NAMESPACES.filter((ns) => GROUP_OF[ns] === "bar"));
}

/** Starts downloading a language's core texts early (in parallel with the community request). */
export function preloadLanguage(lang: string): void {
  if (isLang(lang)) LOADERS[lang].core().catch(() => undefined);
}

/**
 * A signed-in member's screens use every group: they start downloading at once and are added to
 * i18next after its start (initI18n), not one screen at a time.
 */
export function preloadAllTexts(lang: Lang): void {
  for (const load of Object.values(LOADERS[lang])) load().catch(() => undefined);
}

/**
 * Starts i18next with the core texts of `lang`; `all` adds every other group without waiting for
 * it. There is no fallback language: the completeness test (tests/api/i18n-complete.test.ts) keeps
 * every key in both languages, so a Russian visit never downloads the English texts (issue 17).
 */
export async function initI18n(lang: Lang, all = false): Promise<typeof i18next> {
  await i18next
    .use(groupBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...LANGS],
      ns: CORE_NAMESPACES,
      defaultNS: "common",
      // Texts come from the backend per namespace as screens need them.
      partialBundledLanguages: true,
      // Load at once, not on a zero-delay timer: start-up must not depend on timers (the browser
      // tests pause the clock to time the tour and the overlay).
      initAsync: false,
      // React escapes on render; texts never go in as HTML.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = lang;
  i18next.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  if (all) void i18next.loadNamespaces(NAMESPACES);
  return i18next;
}
