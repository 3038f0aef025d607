import { beforeAll, describe, expect, it } from "vitest";
import { borrowedVerbBase, loadBilingual, toEncoderText, transliterate, transliterateLoanword } from "./bilingual.ts";

beforeAll(async () => {
  await loadBilingual();
});

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}+#-]+/u).filter(Boolean);

describe("toEncoderText", () => {
  it("passes English through unchanged, whatever the member's language", () => {
    const text = "Senior backend engineer (Python, Django); 10 years of APIs!";
    expect(toEncoderText(text, "en")).toBe(text);
    expect(toEncoderText(text, "ru")).toBe(text);
  });

  it("maps inflected forms of a word to the same English word", () => {
    for (const form of ["юрист", "юриста", "юристу", "юристом", "юристы", "юристов"]) {
      expect(toEncoderText(form, "ru")).toBe("lawyer");
    }
    for (const form of ["налог", "налоги", "налогам", "налогами", "налогов"]) {
      expect(toEncoderText(form, "ru")).toBe("tax");
    }
  });

  it("translates a Russian text word by word, keeping its punctuation", () => {
    expect(toEncoderText("Ищу юриста по налогам.", "ru")).toBe("looking for lawyer on tax.");
  });

  it("keeps the Latin words of a mixed text as written", () => {
    const out = toEncoderText("Ищу разработчика на Python и React Native", "ru");
    expect(words(out)).toEqual(["looking", "for", "developer", "on", "python", "and", "react", "native"]);
    expect(out).toContain("Python");
    expect(out).toContain("React Native");
  });

  it("spells loanwords the English way", () => {
    expect(toEncoderText("маркетинг", "ru")).toBe("marketing");
    expect(toEncoderText("маркетингом", "ru")).toBe("marketing");
    expect(toEncoderText("бэкенд", "ru")).toBe("backend");
    expect(transliterateLoanword("менеджер")).toBe("manager");
    expect(transliterateLoanword("стратегия")).toBe("strategy");
    expect(transliterateLoanword("оптимизации")).toBe("optimization");
    expect(transliterateLoanword("контент")).toBe("content");
    // -ция as -tia, not only -tion.
    expect(transliterateLoanword("деменция")).toBe("dementia");
    // ф for the Greek theta, as th: words that came through Byzantine Greek.
    expect(transliterateLoanword("эфиопия")).toBe("ethiopia");
    expect(toEncoderText("марафонский", "ru")).toBe("marathon");
    expect(toEncoderText("кафедральный", "ru")).toBe("cathedral");
  });

  it("spells borrowed verbs in -ировать through the base before -ир-, in any form", () => {
    // Their stems (оптимизир, специализир) spell no English word; the base does, with an English verb ending.
    expect(toEncoderText("оптимизирую", "ru", { dictionary: "off" })).toBe("optimize");
    expect(toEncoderText("специализируюсь", "ru", { dictionary: "off" })).toBe("specialize");
    expect(toEncoderText("интегрировали", "ru", { dictionary: "off" })).toBe("integrate");
    expect(toEncoderText("адаптироваться", "ru", { dictionary: "off" })).toBe("adapt");
    expect(borrowedVerbBase("фокусируюсь")).toBe("фокус");
    // A noun in -ир is no verb: кефир, пассажиры, сувениры keep their own reading.
    for (const noun of ["кефир", "пассажиры", "сувенирами", "командир"]) expect(borrowedVerbBase(noun)).toBeNull();
  });

  it("spells loan adjectives through their stem", () => {
    expect(toEncoderText("профессиональный", "ru")).toBe("professional");
    expect(toEncoderText("креативного", "ru")).toBe("creative");
  });

  it("keeps a word nothing translates, romanised", () => {
    expect(transliterateLoanword("зыбкость")).toBeNull();
    expect(toEncoderText("зыбкость", "ru")).toBe(transliterate("зыбкость"));
    // ё is read as е, as everywhere in the engine.
    expect(transliterate("щёлочь")).toBe("scheloch");
  });

  it("can keep unknown words in Cyrillic or drop them", () => {
    expect(toEncoderText("юрист зыбкость", "ru", { unknown: "keep" })).toBe("lawyer зыбкость");
    expect(toEncoderText("юрист зыбкость", "ru", { unknown: "drop" })).toBe("lawyer");
  });

  it("splits hyphenated words it does not know as a whole", () => {
    expect(words(toEncoderText("бэкенд-разработчик", "ru"))).toEqual(["backend", "developer"]);
    expect(toEncoderText("интернет-магазин", "ru")).toBe("online store");
  });

  it("treats ё as е", () => {
    expect(toEncoderText("учёт", "ru")).toBe(toEncoderText("учет", "ru"));
  });

  it("gives a Russian need and its English paraphrase shared content words", () => {
    const ru = new Set(words(toEncoderText("Нужен дизайнер логотипа для кофейни", "ru")));
    for (const w of ["need", "designer", "logo", "for"]) expect(ru.has(w)).toBe(true);
  });
});
