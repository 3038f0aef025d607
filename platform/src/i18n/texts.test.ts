import { describe, expect, it } from "vitest";
import { catalogues, textsFor } from "./texts.ts";

/** Every leaf key as a dotted path; plural forms count as one key (Russian has more of them). */
function keysOf(value: unknown, prefix = ""): Set<string> {
  const out = new Set<string>();
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) for (const key of keysOf(v, prefix ? `${prefix}.${k}` : k)) out.add(key);
  } else {
    out.add(prefix.replace(/_(one|two|few|many|other|zero)$/, ""));
  }
  return out;
}

function flat(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, out);
  else if (typeof value === "string") out.set(prefix, value);
  return out;
}

describe("server texts (platform/src/i18n)", () => {
  it("every key exists in both languages", () => {
    const en = keysOf(catalogues.en);
    const ru = keysOf(catalogues.ru);
    expect([...en].filter((k) => !ru.has(k)).sort(), "keys only in English").toEqual([]);
    expect([...ru].filter((k) => !en.has(k)).sort(), "keys only in Russian").toEqual([]);
  });

  it("no Russian text is left in English, and each names the same variables", () => {
    const en = flat(catalogues.en);
    const ru = flat(catalogues.ru);
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const baseOf = (k: string) => k.replace(/_(one|two|few|many|other|zero)$/, "");
    const enByBase = new Map([...en].map(([k, v]) => [baseOf(k), v]));
    for (const [k, v] of ru) {
      if (/\p{L}/u.test(v.replace(/\{\{\w+\}\}/g, ""))) expect(v, k).toMatch(/[А-Яа-яЁё]/);
      const english = enByBase.get(baseOf(k)) ?? "";
      expect(vars(v).filter((x) => x !== "count"), k).toEqual(vars(english).filter((x) => x !== "count"));
    }
  });

  it("picks plural forms, variants and interpolations; an unknown key answers itself", () => {
    const en = textsFor("en");
    const ru = textsFor("ru");
    expect(en("mail.digest.title", { count: 1 })).toBe("You have 1 unread notification");
    expect(en("mail.digest.title", { count: 3 })).toBe("You have 3 unread notifications");
    expect(ru("mail.digest.title", { count: 3 })).toBe("Непрочитанные уведомления: 3");
    expect(en("mail.weeklyMatch.footnote", { context: "hidden" })).toContain("private");
    expect(en("mail.weeklyMatch.footnote")).toBe("Say hello and agree on a time to meet this week.");
    expect(ru("mail.otp.subject", { code: "123456", title: "Клуб" })).toBe("123456 — код для входа в Клуб");
    // A value is not interpolated again: a member's text holding braces stays as written.
    expect(en("mail.intro.quote", { text: "{{title}}" })).toBe('"{{title}}"');
    expect(en("mail.nothing" as never)).toBe("mail.nothing");
  });
});
