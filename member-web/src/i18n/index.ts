import type { i18n as I18next } from "i18next";
import { setFirstPaintTexts, takeI18next } from "./first-paint.ts";
import type { chatsEn } from "./chats.en.ts";
import type { en as baseEn } from "./en.ts";
import type { eventsEn } from "./events.en.ts";
import type { matchingEn } from "./matching.en.ts";
import type { meetingsEn } from "./meetings.en.ts";
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
  typeof meetingsEn &
  typeof accountEn &
  typeof matchingEn &
  typeof eventsEn &
  typeof adminEn &
  typeof tenantEn;
type Namespace = keyof Resources;
export type Group = "core" | "bar" | "chats" | "members" | "matching" | "events" | "admin";

const LOADERS: Record<Lang, Record<Group, () => Promise<object>>> = {
  en: {
    core: () => Promise.all([import("./en.ts"), import("./tenant.en.ts")]).then(([a, b]) => ({ ...a.en, ...b.tenantEn })),
    bar: () => Promise.all([import("./chat2.en.ts"), import("./admin.en.ts")]).then(([c, d]) => ({ bell: c.chat2En.bell, adminPages: d.adminEn.adminPages })),
    chats: () => Promise.all([import("./chats.en.ts"), import("./chat2.en.ts")]).then(([a, b]) => ({ ...a.chatsEn, ...b.chat2En })),
    members: () =>
      Promise.all([import("./members.en.ts"), import("./account.en.ts"), import("./meetings.en.ts")]).then(([a, b, c]) => ({ ...a.membersEn, ...b.accountEn, ...c.meetingsEn })),
    matching: () => import("./matching.en.ts").then((m) => m.matchingEn),
    events: () => import("./events.en.ts").then((m) => m.eventsEn),
    admin: () => import("./admin.en.ts").then((m) => m.adminEn),
  },
  ru: {
    core: () => Promise.all([import("./ru.ts"), import("./tenant.ru.ts")]).then(([a, b]) => ({ ...a.ru, ...b.tenantRu })),
    bar: () => Promise.all([import("./chat2.ru.ts"), import("./admin.ru.ts")]).then(([c, d]) => ({ bell: c.chat2Ru.bell, adminPages: d.adminRu.adminPages })),
    chats: () => Promise.all([import("./chats.ru.ts"), import("./chat2.ru.ts")]).then(([a, b]) => ({ ...a.chatsRu, ...b.chat2Ru })),
    members: () =>
      Promise.all([import("./members.ru.ts"), import("./account.ru.ts"), import("./meetings.ru.ts")]).then(([a, b, c]) => ({ ...a.membersRu, ...b.accountRu, ...c.meetingsRu })),
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
  meetings: "members",
  availability: "members",
  participants: "members",
  publicProfile: "members",
  matching: "matching",
  events: "events",
};

export const NAMESPACES = Object.keys(GROUP_OF) as Namespace[];
export const CORE_NAMESPACES = NAMESPACES.filter((ns) => GROUP_OF[ns] === "core");

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

/** The namespaces of a group (i18next.ts loads a group's namespaces together). */
export function namespacesOf(group: Group): Namespace[] {
  return NAMESPACES.filter((ns) => GROUP_OF[ns] === group);
}

/** The group a namespace loads with, or undefined for an unknown one (the backend of i18next.ts). */
export function loaderOf(lng: string, ns: string): (() => Promise<object>) | undefined {
  const group = GROUP_OF[ns as Namespace];
  return isLang(lng) && group ? LOADERS[lng][group] : undefined;
}

/** The core namespaces of a language (what the entry's pages render with). */
export function coreTexts(lang: Lang): Promise<Record<string, object>> {
  return LOADERS[lang].core() as Promise<Record<string, object>>;
}

let started: Promise<I18next> | null = null;

/**
 * Issue 17: the pages of the entry bundle (the login page, the layout, not found) render with the
 * core texts of `lang` alone, as soon as they are in (first-paint.ts); i18next and react-i18next,
 * the app's i18n, load in parallel as a chunk of their own and take over when started. Every other
 * screen waits for i18next (i18nReady) with its code.
 */
export async function startI18n(lang: Lang): Promise<void> {
  setFirstPaintTexts(lang, await coreTexts(lang));
  started ??= import("./i18next.ts").then((m) => m.initI18n(lang)).then((instance) => {
    takeI18next(instance);
    return instance;
  });
}

/** i18next, started with the language of the first render (every screen outside the entry waits for it). */
export function i18nReady(): Promise<I18next> {
  return started ?? Promise.reject(new Error("startI18n was not called"));
}

/**
 * A lazy component's importer that also waits for i18next (components outside the entry use
 * react-i18next) and for the text groups it renders with, so it never suspends on them.
 */
export function withI18n<T>(importer: () => Promise<T>, groups: readonly Group[] = []): () => Promise<T> {
  return () => Promise.all([importer(), textsReady(groups)]).then(([mod]) => mod);
}

/** i18next with the namespaces of `groups` loaded. */
export function textsReady(groups: readonly Group[]): Promise<I18next> {
  return i18nReady().then(async (i18n) => {
    if (groups.length) await i18n.loadNamespaces(groups.flatMap((g) => namespacesOf(g)));
    return i18n;
  });
}

/** The signed-in bar's texts; the bar shows once they are in (features/shell/root-layout.tsx). */
export function loadBarTexts(): Promise<unknown> {
  return i18nReady().then((i18n) => i18n.loadNamespaces(namespacesOf("bar")));
}

/** Starts downloading i18next's chunk (startI18n starts it). */
export function preloadI18next(): void {
  import("./i18next.ts").catch(() => undefined);
}

/** Starts downloading a language's core texts early (in parallel with the community request). */
export function preloadLanguage(lang: string): void {
  if (isLang(lang)) LOADERS[lang].core().catch(() => undefined);
}

/** Starts downloading some groups of a language (a signed-in start: the bar's and the first page's). */
export function preloadGroups(lang: Lang, groups: readonly Group[]): void {
  for (const group of groups) LOADERS[lang][group]().catch(() => undefined);
}

/**
 * A signed-in member's screens use every group: once the first page is in, the others load and
 * are added to i18next, not one screen at a time (before it, they would only compete with the
 * first page's own files).
 */
export function loadAllTexts(): Promise<unknown> {
  return i18nReady().then((i18n) => i18n.loadNamespaces(NAMESPACES));
}
