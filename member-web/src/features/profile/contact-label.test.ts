import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { CORE_NAMESPACES, coreTexts } from "../../i18n/index.ts";
import { contactLabel } from "./contact-label.ts";

/**
 * Contact types show on pages that load only the core texts (a recommendation card on my
 * communities): their names must be there, never a raw key such as contactTypes.PHONE.
 */
describe("contactLabel with only the core texts loaded", () => {
  it.each([
    ["en", { PHONE: "Phone", EMAIL: "E-mail", TELEGRAM: "Telegram" }],
    ["ru", { PHONE: "Телефон", EMAIL: "E-mail", TELEGRAM: "Telegram" }],
  ] as const)("%s", async (lang, expected) => {
    await i18next.init({ lng: lang, fallbackLng: false, ns: CORE_NAMESPACES, defaultNS: "common", resources: { [lang]: await coreTexts(lang) }, initAsync: false });
    await i18next.changeLanguage(lang);
    for (const [type, name] of Object.entries(expected)) expect(contactLabel(type)).toBe(name);
  });
});
