import { describe, expect, it } from "vitest";
import { normalizeCity, normalizeTag, scriptOf, terms, tokenizeWithSurface } from "./text.ts";

describe("text normalisation", () => {
  it("stems Russian derivations onto one term", () => {
    expect(terms("программисты")).toEqual(terms("программирование"));
    expect(terms("программисты")).toEqual(terms("программа"));
    expect(terms("разработчик")).toEqual(terms("разработка"));
    expect(terms("Маркетинг")).toEqual(terms("маркетолога"));
  });

  it("stems English derivations onto one term", () => {
    expect(terms("programmers")).toEqual(terms("programming"));
    expect(terms("Programmer")).toEqual(terms("program"));
    expect(terms("designers")).toEqual(terms("design"));
    expect(terms("investors")).toEqual(terms("investment"));
  });

  it("keeps unrelated words apart", () => {
    expect(terms("marketing")).not.toEqual(terms("programming"));
    expect(terms("маркетинг")).not.toEqual(terms("программирование"));
  });

  it("picks the stemmer by each token's script in mixed text", () => {
    expect(scriptOf("python")).toBe("en");
    expect(scriptOf("питон")).toBe("ru");
    expect(scriptOf("2024")).toBe("other");
    expect(terms("Ищу программистов for programming")).toEqual([...terms("программист"), ...terms("programming")]);
  });

  it("drops stop words and profile template words in both languages", () => {
    expect(terms("I am looking for someone who can help with the")).toEqual([]);
    expect(terms("Ищу людей, которые могут помочь с этим")).toEqual([]);
    expect(terms("I can help with fundraising")).toEqual(terms("fundraising"));
  });

  it("keeps words whole that carry combining marks (Devanagari vowel signs)", () => {
    expect(terms("मशीन लर्निंग")).toEqual(["मशीन", "लर्निंग"]);
    expect(terms("मशीन")).not.toEqual(terms("मौसम"));
  });

  it("keeps tech tokens like C++ and C#", () => {
    expect(terms("C++ and C# developers")).toEqual(["c++", "c#", ...terms("developer")]);
  });

  it("keeps surface forms for reasons", () => {
    expect(tokenizeWithSurface("Need help with Fundraising").map((t) => t.surface)).toEqual(["Fundraising"]);
  });

  it("normalises cities across spellings and languages", () => {
    expect(normalizeCity("Москва")).toBe("moscow");
    expect(normalizeCity("г. Москва")).toBe("moscow");
    expect(normalizeCity("Moscow, Russia")).toBe("moscow");
    expect(normalizeCity("СПб")).toBe(normalizeCity("Saint Petersburg"));
    expect(normalizeCity("  Tel   Aviv ")).toBe("tel aviv");
    expect(normalizeCity("")).toBe("");
    expect(normalizeCity(null)).toBe("");
  });

  it("normalises tags", () => {
    expect(normalizeTag("  #Machine   Learning ")).toBe("machine learning");
    expect(normalizeTag("Ёжики")).toBe("ежики");
  });
});
