import i18next, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { CORE_NAMESPACES, LANGS, type Lang, loaderOf } from "./index.ts";

/**
 * i18next and react-i18next, the app's i18n: a chunk of their own that loads beside the first
 * render of the entry's pages (index.ts startI18n, issue 17).
 *
 * A group's file is one module: the browser downloads it once, the namespaces it holds are read
 * from it. A failed download is reported to i18next, which retries it a few times.
 */
const groupBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = loaderOf(lng, ns);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, (texts as Record<string, object>)[ns] ?? {}),
      // `true`: i18next retries the read (5 times, from 350 ms doubling).
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/**
 * Starts i18next with the core texts of `lang`. There is no fallback language: the completeness test (tests/api/i18n-complete.test.ts) keeps
 * every key in both languages, so a Russian visit never downloads the English texts (issue 17).
 */
export async function initI18n(lang: Lang): Promise<typeof i18next> {
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
  return i18next;
}
