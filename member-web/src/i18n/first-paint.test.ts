import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { readText } from "./first-paint.ts";
import { CORE_NAMESPACES, coreTexts, LANGS } from "./index.ts";

/** Every leaf of a namespace as [dotted key, text]. */
function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the entry's texts before i18next (i18n/first-paint.ts, issue 17)", () => {
  it.each(LANGS)("%s: every core text reads as i18next reads it, values included", async (lang) => {
    const texts = await coreTexts(lang);
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, fallbackLng: false, ns: CORE_NAMESPACES, defaultNS: "common", resources: { [lang]: texts }, interpolation: { escapeValue: false }, initAsync: false });
    // Keys are strings here, not the typed keys of the app's resources.
    const t = i18n.t as unknown as (key: string, options: object) => string;
    let checked = 0;
    for (const ns of CORE_NAMESPACES) {
      for (const [key, text] of leaves(texts[ns])) {
        // A plural form is read through its base key and a count: the reader has no plurals, so a
        // core text with plural forms fails here until it learns them.
        const base = key.replace(PLURAL, "");
        const values: Record<string, unknown> = Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1], `<${m[1]}>`]));
        for (const options of base === key ? [values] : [1, 2, 5].map((count) => ({ ...values, count }))) {
          expect(readText(texts, "common", base, { ...options, ns }), `${lang} ${ns}:${base}`).toBe(t(base, { ...options, ns }));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("a missing key reads as the key, a missing value stays as written", async () => {
    const texts = await coreTexts("en");
    expect(readText(texts, "auth", "login.nothing")).toBe("login.nothing");
    expect(readText(texts, "auth", "login.subtitle", { community: "Dev Guild" })).toBe("Sign in to Dev Guild");
    expect(readText(texts, "auth", "login.subtitle")).toBe("Sign in to {{community}}");
    expect(readText(texts, "auth", "login.subtitle", { community: undefined })).toBe("Sign in to ");
    expect(readText(texts, "auth", "generic", { ns: "errors" })).toBe("Something went wrong. Please try again later.");
  });
});
