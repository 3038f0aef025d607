import type { chatsEn } from "./chats.en.ts";
import type { en as baseEn } from "./en.ts";
import type { eventsEn } from "./events.en.ts";
import type { matchingEn } from "./matching.en.ts";
import type { membersEn } from "./members.en.ts";
import { type Loader, Translator } from "./runtime.ts";

/**
 * Texts load per language and per group of namespaces (issue 17): the sign-in screens need only
 * "core"; a feature's group loads when one of its screens first renders (react.ts suspends until
 * then). A feature file adds its namespaces to Resources, a loader per language to LOADERS and
 * its namespaces to GROUP_OF (the type makes a forgotten namespace a compile error).
 */
type Resources = typeof baseEn & typeof chatsEn & typeof membersEn & typeof matchingEn & typeof eventsEn;
type Group = "core" | "chats" | "members" | "matching" | "events";

const LOADERS: Record<Lang, Record<Group, () => Promise<object>>> = {
  en: {
    core: () => import("./en.ts").then((m) => m.en),
    chats: () => import("./chats.en.ts").then((m) => m.chatsEn),
    members: () => import("./members.en.ts").then((m) => m.membersEn),
    matching: () => import("./matching.en.ts").then((m) => m.matchingEn),
    events: () => import("./events.en.ts").then((m) => m.eventsEn),
  },
  ru: {
    core: () => import("./ru.ts").then((m) => m.ru),
    chats: () => import("./chats.ru.ts").then((m) => m.chatsRu),
    members: () => import("./members.ru.ts").then((m) => m.membersRu),
    matching: () => import("./matching.ru.ts").then((m) => m.matchingRu),
    events: () => import("./events.ru.ts").then((m) => m.eventsRu),
  },
};

const GROUP_OF: Record<keyof Resources, Group> = {
  common: "core",
  errors: "core",
  nav: "core",
  welcome: "core",
  auth: "core",
  notFound: "core",
  admin: "core",
  chats: "chats",
  notifications: "chats",
  toasts: "chats",
  member: "members",
  questions: "members",
  onboarding: "members",
  profile: "members",
  participants: "members",
  publicProfile: "members",
  matching: "matching",
  events: "events",
};

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

const loader: Loader = (lang, group) => LOADERS[isLang(lang) ? lang : "en"][group as Group]() as ReturnType<Loader>;

/** The app's one translator (what i18next's default instance was). */
export const i18n = new Translator(loader, (ns) => GROUP_OF[ns as keyof Resources] ?? "core");

/** Starts loading a language's core texts early (in parallel with the community request). */
export function preloadLanguage(lang: string): void {
  if (isLang(lang)) i18n.load(lang, "core").catch(() => undefined);
}

/** A signed-in member's screens use every group: they load at start, not one screen at a time. */
export function preloadAllTexts(lang: Lang): void {
  for (const group of Object.keys(LOADERS[lang]) as Group[]) i18n.load(lang, group).catch(() => undefined);
}

export async function initI18n(lang: Lang): Promise<Translator> {
  i18n.language = lang;
  await i18n.load(lang, "core");
  document.documentElement.lang = lang;
  i18n.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}
