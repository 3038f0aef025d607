import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { accountEn } from "./account.en.ts";
import { accountRu } from "./account.ru.ts";
import { adminEn } from "./admin.en.ts";
import { adminRu } from "./admin.ru.ts";
import { chat2En } from "./chat2.en.ts";
import { chat2Ru } from "./chat2.ru.ts";
import { chatsEn } from "./chats.en.ts";
import { chatsRu } from "./chats.ru.ts";
import { en as baseEn } from "./en.ts";
import { eventsEn } from "./events.en.ts";
import { eventsRu } from "./events.ru.ts";
import { matchingEn } from "./matching.en.ts";
import { matchingRu } from "./matching.ru.ts";
import { ru as baseRu } from "./ru.ts";
import { tenantEn } from "./tenant.en.ts";
import { tenantRu } from "./tenant.ru.ts";

/** Feature files add their namespaces here. */
const en = { ...baseEn, ...matchingEn, ...chatsEn, ...eventsEn, ...adminEn, ...tenantEn, ...chat2En, ...accountEn };
const ru = { ...baseRu, ...matchingRu, ...chatsRu, ...eventsRu, ...adminRu, ...tenantRu, ...chat2Ru, ...accountRu };

/** Every text of the app by language (the completeness test reads it). */
export const TRANSLATIONS = { en, ru };

export const LANGS = ["en", "ru"] as const;
export type Lang = (typeof LANGS)[number];
export const NAMESPACES = Object.keys(en) as (keyof typeof en)[];

/** The spec maps the stored language to these locales (1. "ru-RU and en-US"). */
export const LOCALES: Record<Lang, string> = { en: "en-US", ru: "ru-RU" };

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof en;
  }
}

export async function initI18n(lang: Lang): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "en",
    supportedLngs: [...LANGS],
    ns: NAMESPACES,
    defaultNS: "common",
    resources: { en, ru },
    // React escapes on render; texts never go in as HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
  i18next.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}
