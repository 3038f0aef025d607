import { describe, expect, it } from "vitest";
import { findLoneSurrogate, pageParam, personName, queryInteger, sizeParam } from "./fields.ts";

describe("queryInteger", () => {
  const limit = queryInteger({ min: 1, max: 100 }, 20);

  it("takes plain decimal digits and defaults when absent", () => {
    expect(limit.parse("7")).toBe(7);
    expect(limit.parse("007")).toBe(7);
    expect(limit.parse(undefined)).toBe(20);
    expect(pageParam().parse("12345")).toBe(12345);
    expect(sizeParam(100, 20).parse(undefined)).toBe(20);
  });

  it.each(["1e2", "0x10", " 1", "1 ", "1.0", "+1", "-1", "", "1_0", "Infinity", "١"])("refuses %j", (raw) => {
    expect(limit.safeParse(raw).success).toBe(false);
  });

  it("keeps the bounds", () => {
    expect(limit.safeParse("0").success).toBe(false);
    expect(limit.safeParse("101").success).toBe(false);
    expect(pageParam(500).safeParse("501").success).toBe(false);
    expect(pageParam().safeParse("99999999999999999999").success).toBe(false);
  });
});

describe("personName", () => {
  const name = personName(60);

  it.each(["Anna", "  Zoë ", "李", "O'Brien", "Jean-Luc", "अनु", "A."])("accepts %j", (raw) => {
    expect(name.parse(raw)).toBe(raw.trim());
  });

  it.each(["", "   ", "\u200b", "\u200b\u200c\u200d\u2060", "...", "-", "'", "\u200b.\u200b", "123", "😀"])("refuses %j", (raw) => {
    expect(name.safeParse(raw).success).toBe(false);
  });

  it("keeps the length bound", () => {
    expect(name.safeParse("a".repeat(61)).success).toBe(false);
  });
});

describe("findLoneSurrogate", () => {
  it("finds a lone high or low surrogate and names its path", () => {
    expect(findLoneSurrogate("a\ud800")).toEqual([]);
    expect(findLoneSurrogate({ about: "x\udc00y" })).toEqual(["about"]);
    expect(findLoneSurrogate({ contacts: { TELEGRAM: "\ud83d" } })).toEqual(["contacts", "TELEGRAM"]);
    expect(findLoneSurrogate({ tags: ["ok", "\udfff\ud800"] })).toEqual(["tags", 1]);
    expect(findLoneSurrogate({ "bad\ud800key": 1 })).toEqual(["bad\ud800key"]);
  });

  it("accepts well-formed text, surrogate pairs included", () => {
    expect(findLoneSurrogate({ name: "Anna 😀", tags: ["𝄞", "日本"], n: 3, none: null, ok: true })).toBeUndefined();
  });
});
