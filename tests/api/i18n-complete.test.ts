import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, ErrorCode } from "@tuesday/platform";
import { messages as consoleMessages } from "../../admin-console/src/i18n.ts";
import { TRANSLATIONS } from "../../member-web/src/i18n/all.ts";
import { catalog, foreignTexts } from "../e2e/i18n-check.ts";

/** Every leaf key as a dotted path; plural forms (_one, _few, _many, _other) count as one key. */
function keysOf(value: unknown, prefix = ""): Set<string> {
  const out = new Set<string>();
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      for (const key of keysOf(v, prefix ? `${prefix}.${k}` : k)) out.add(key);
    }
  } else {
    out.add(prefix.replace(/_(one|two|few|many|other|zero)$/, ""));
  }
  return out;
}

function missing(from: Set<string>, to: Set<string>): string[] {
  return [...from].filter((k) => !to.has(k)).sort();
}

/** Texts that are the same in both languages on purpose (brand names, formats, symbols). */
const SAME_ALLOWED = /^[\s\d%{}().,:;·—–\-+/|#@*!?"'«»…]*$|^(E-mail|LinkedIn|Telegram|Facebook|Instagram|GitHub|VK|Slack|Discord|Calendly|X \(Twitter\)|OK|ID|URL|PDF|JSON|CSV|Google|OAuth2?|SSO|Tuesday)$/;

/** Keys whose text is the same in both languages on purpose: a language's own name, an address example. */
const SAME_KEYS = new Set(["common.languages.en", "common.emailPlaceholder"]);

describe("RU/EN completeness", () => {
  it("member-web: every error code the API can answer has a message in both languages (else the screen says only that something went wrong)", () => {
    const codes = Object.values(ErrorCode).map(String);
    for (const lang of ["en", "ru"] as const) {
      const known = Object.keys((TRANSLATIONS[lang].errors as { code: Record<string, string> }).code);
      expect(codes.filter((c) => !known.includes(c)), lang).toEqual([]);
    }
  });

  it.each([
    ["member-web", TRANSLATIONS.en, TRANSLATIONS.ru],
    ["admin-console", consoleMessages.en, consoleMessages.ru],
  ])("%s: every key exists in both languages", (_app, en, ru) => {
    const enKeys = keysOf(en);
    const ruKeys = keysOf(ru);
    expect(missing(enKeys, ruKeys), "keys only in English").toEqual([]);
    expect(missing(ruKeys, enKeys), "keys only in Russian").toEqual([]);
  });

  it("member-web: no Russian text is left in English", () => {
    const flat = (value: unknown, prefix = "", out = new Map<string, string>()) => {
      if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, out);
      else if (typeof value === "string") out.set(prefix, value);
      return out;
    };
    const en = flat(TRANSLATIONS.en);
    const ru = flat(TRANSLATIONS.ru);
    const untranslated = [...ru].filter(([k, v]) => en.get(k) === v && /[A-Za-z]{3,}/.test(v.replace(/\{\{\w+\}\}/g, "")) && !SAME_ALLOWED.test(v) && !SAME_KEYS.has(k)).map(([k, v]) => `${k}: ${v}`);
    expect(untranslated).toEqual([]);
  });

  it("admin-console: react-admin's visible chrome is Russian too (skip link, pagination, actions)", () => {
    const ru = consoleMessages.ru as unknown as { ra: { navigation: Record<string, string>; action: Record<string, string> } };
    expect(ru.ra.navigation.skip_nav).toBe("Перейти к содержимому");
    expect(ru.ra.navigation.page_rows_per_page).not.toBe("Rows per page:");
    expect(ru.ra.action.save).toBe("Сохранить");
  });

  it("admin-console: every action the audit log records has a label in both languages (else the log shows its code)", () => {
    for (const lang of ["en", "ru"] as const) {
      const labels = (consoleMessages[lang] as unknown as { tuesday: { audit: { actions: Record<string, string> } } }).tuesday.audit.actions;
      const unlabelled = AUDIT_ACTIONS.filter((a) => !labels[a.replace(/\./g, "_")]);
      expect(unlabelled, lang).toEqual([]);
    }
    const en = (consoleMessages.en as unknown as { tuesday: { audit: { actions: Record<string, string> } } }).tuesday.audit.actions;
    const ru = (consoleMessages.ru as unknown as { tuesday: { audit: { actions: Record<string, string> } } }).tuesday.audit.actions;
    // No label is left over from an action that is gone.
    expect(Object.keys(en).sort()).toEqual(AUDIT_ACTIONS.map((a) => a.replace(/\./g, "_")).sort());
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });
});

describe("the rendered-screen check (tests/e2e/i18n-check.ts)", () => {
  const ru = catalog(TRANSLATIONS.ru);
  const data = { strings: new Set(["Bea Peer Labs", "Bea", "Peer", "profile"]), initials: new Set(["B", "P"]), pending: new Set<Promise<void>>() };

  it("passes translations (exact, interpolated, with punctuation around), data, initials and texts without letters", () => {
    const login = (TRANSLATIONS.ru as unknown as { auth: { login: { subtitle: string } } }).auth.login.subtitle.replace("{{community}}", "Founders Circle");
    expect(foreignTexts([login, `← ${TRANSLATIONS.ru.common.loading}`, "Bea Peer", "Bea Peer Labs", "BP", "12:30 · 3/10", "27 ноября 2026 г."], ru, data, "ru")).toEqual([]);
  });

  it("passes a name whose parts are of several words each, and only when every run of words is data", () => {
    const names = { ...data, strings: new Set(["Reader ru", "Mailing", "Anna Maria"]) };
    expect(foreignTexts(["Reader ru Mailing", "Anna Maria Mailing", "Mailing Reader ru"], ru, names, "ru")).toEqual([]);
    expect(foreignTexts(["Reader Mailing", "Reader ru Mailer", "Anna Mailing"], ru, names, "ru")).toEqual(["Reader Mailing", "Reader ru Mailer", "Anna Mailing"]);
  });

  it("fails a hard-coded text, an English text on a Russian screen, a key shown raw, and an English date", () => {
    expect(foreignTexts(["Company", TRANSLATIONS.en.common.loading, "ra.navigation.prev", "11/27/2026, 3:24:06 AM", "Подписаться сейчас", "lookingFor", "Peer Company"], ru, data, "ru")).toEqual([
      "Company",
      TRANSLATIONS.en.common.loading,
      "ra.navigation.prev",
      "11/27/2026, 3:24:06 AM",
      "Подписаться сейчас",
      "lookingFor",
      "Peer Company",
    ]);
  });

  it("finds the console's hard-coded texts too (polyglot placeholders and plurals)", () => {
    const console = catalog(consoleMessages.ru);
    expect(foreignTexts(["Страницы", "Company", "pagination navigation"], console, data, "ru")).toEqual(["Company", "pagination navigation"]);
  });
});
