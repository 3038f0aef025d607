import { describe, expect, it } from "vitest";
import { acceptLanguages, chooseLang, localizeQuestions, offeredLang } from "./localize.ts";
import type { OptionRow, QuestionRow } from "./queries.ts";

const both = { lang: "en", langChoices: ["en", "ru"] } as const;
const ruOnly = { lang: "ru", langChoices: ["ru"] } as const;
const ruFirst = { lang: "ru", langChoices: ["ru", "en"] } as const;

describe("chooseLang", () => {
  it("takes the first candidate the tenant offers, locales included", () => {
    expect(chooseLang(both, ["ru"])).toBe("ru");
    expect(chooseLang(both, [undefined, null, "ru-RU"])).toBe("ru");
    expect(chooseLang(both, ["de", "fr-FR", "RU_ru", "en"])).toBe("ru");
    expect(chooseLang(ruFirst, ["en", "ru"])).toBe("en");
  });

  it("skips languages the tenant does not offer and falls back to the tenant's default", () => {
    expect(chooseLang(ruOnly, ["en", "en-GB"])).toBe("ru");
    expect(chooseLang(both, ["de"])).toBe("en");
    expect(chooseLang(ruFirst, [])).toBe("ru");
  });

  it("reads only the tenant's list, never a fixed pair", () => {
    expect(offeredLang(ruOnly, "en")).toBeUndefined();
    expect(offeredLang({ lang: "en", langChoices: ["en"] }, "ru")).toBeUndefined();
    expect(offeredLang(both, "")).toBeUndefined();
  });
});

describe("acceptLanguages", () => {
  it("lists the header's languages in the order written", () => {
    expect(acceptLanguages("de-DE,de;q=0.9, ru;q=0.8,en")).toEqual(["de-DE", "de", "ru", "en"]);
    expect(acceptLanguages(undefined)).toEqual([]);
    expect(acceptLanguages(" , ;q=1")).toEqual([]);
  });
});

const q = (over: Partial<QuestionRow> = {}): QuestionRow => ({
  id: "q1",
  key: "industry",
  text: "Your industry",
  position: 0,
  type: "RADIO",
  visible: true,
  required: true,
  translationKey: "tk",
  translations: { ru: "Ваша отрасль" },
  maxChoices: null,
  ...over,
});
const o = (over: Partial<OptionRow> = {}): OptionRow => ({
  id: "o1",
  questionId: "q1",
  key: "it",
  text: "IT",
  position: 0,
  visible: true,
  active: true,
  group: null,
  category: null,
  type: "PREDEFINED",
  translations: { ru: "ИТ" },
  ...over,
});

describe("localizeQuestions", () => {
  const questions = [q(), q({ id: "q2", key: "hidden", position: 1, visible: false })];
  const options = [
    o(),
    o({ id: "o2", key: "fin", text: "Finance", position: 1, translations: {} }),
    o({ id: "o3", key: "old", position: 2, active: false }),
    o({ id: "o4", key: "secret", position: 3, visible: false }),
  ];

  it("renders visible questions with visible, active options in the chosen language", () => {
    const [first, ...rest] = localizeQuestions(questions, options, "ru");
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ id: "q1", text: "Ваша отрасль", order: 0, translations: { ru: "Ваша отрасль" } });
    expect(first?.options.map((x) => [x.key, x.text])).toEqual([
      ["it", "ИТ"],
      ["fin", "Finance"],
    ]);
  });

  it("falls back to the default text where a translation is missing", () => {
    const [first] = localizeQuestions(questions, options, "en");
    expect(first?.text).toBe("Your industry");
    expect(first?.options.map((x) => x.text)).toEqual(["IT", "Finance"]);
  });
});
