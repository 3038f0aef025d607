import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toEncoderText } from "./bilingual.ts";
import { lemmaCandidates, MUELLER_PATH, muellerConfirms, muellerLookup, reflexiveLemmas, reverseMueller } from "./mueller.ts";

// A few entries in the dictionary's own layout (headword, transcription, blocks "1.", senses "1)",
// labels "_n.", examples in English then Russian), written for this test.
const SAMPLE = [
  "kettle",
  "   [↗kɛtl] _n.",
  "   1) чайник; put the kettle on поставь чайник",
  "   2) котёл, котелок",
  "bolt",
  "   [bɘʊlt]",
  "   1. _n.",
  "      1) засов, задвижка",
  "      2) _тех. болт",
  "      3) молния; удар грома",
  "      4) рулон (ткани)",
  "   2. _v.",
  "      1) запирать на засов",
  "boiler",
  "   [↗bɔɪlɜ] _n. котёл; бойлер",
  "memory",
  "   [↗mɛmɜrɪ] _n.",
  "   1) память; in memory of в память",
  "foreigner",
  "   [↗fɔrɪnɜ] _n. иностранец; чужестранец",
  "craft",
  "   [krɑːft] _n. 1) ремесло",
  "need",
  "   [niːd] _v. 1) нуждаться",
  "needy",
  "   [↗niːdɪ] _a. 1) нуждающийся",
  "zzyzx",
  "   _n. чайник",
].join("\n");

const ranks = new Map(["kettle", "bolt", "boiler", "memory", "foreigner", "craft", "needy", "need"].map((w, i) => [w, i * 1000]));

describe("reverseMueller", () => {
  const index = reverseMueller(SAMPLE, (w) => ranks.get(w));

  it("points a Russian equivalent back to its English headword, by form and by stem", () => {
    expect(muellerLookup(index, "чайник")).toBe("kettle");
    expect(muellerLookup(index, "чайником")).toBe("kettle");
    expect(muellerLookup(index, "задвижкой")).toBe("bolt");
  });

  it("finds the dictionary form of an inflected word whose stem is not its lemma's stem", () => {
    // Snowball stems память "памя" but памяти "памят"; иностранцев drops the fleeting vowel of
    // иностранец, ремесел inserts one into ремесло.
    expect(muellerLookup(index, "памяти")).toBe("memory");
    expect(muellerLookup(index, "иностранцев")).toBe("foreigner");
    expect(muellerLookup(index, "ремесел")).toBe("craft");
    expect(lemmaCandidates("памяти")).toContain("память");
    expect(lemmaCandidates("уровни")).toContain("уровень");
  });

  it("finds the infinitive of a verb in the first person", () => {
    // -ую of -овать verbs, a consonant alternation (вожу водить, прошу просить), л after a labial.
    expect(lemmaCandidates("консультирую")).toContain("консультировать");
    expect(lemmaCandidates("вожу")).toContain("водить");
    expect(lemmaCandidates("прошу")).toContain("просить");
    expect(lemmaCandidates("ставлю")).toContain("ставить");
  });

  it("reads a reflexive verb by its reflexive infinitive before its stem, which is the plain verb's", () => {
    // нуждаюсь, нуждаться and нуждающийся share the Snowball stem нужда, which the more frequent
    // "needy" takes; нуждаться is the verb the dictionary lists under "need".
    expect(reflexiveLemmas("нуждаюсь")).toContain("нуждаться");
    expect(reflexiveLemmas("нуждался")).toContain("нуждаться");
    expect(reflexiveLemmas("интересуется")).toContain("интересоваться");
    expect(reflexiveLemmas("нужда")).toEqual([]);
    expect(muellerLookup(index, "нуждающиеся")).toBe("needy");
    expect(muellerLookup(index, "нуждаюсь")).toBe("need");
  });

  it("tells whether a headword lists a Russian word in any sense, by stem", () => {
    expect(muellerConfirms(index, "boiler", "бойлера")).toBe(true);
    expect(muellerConfirms(index, "kettle", "котел")).toBe(true); // a second sense counts
    expect(muellerConfirms(index, "bolt", "молнией")).toBe(true); // past the senses read for lookups
    expect(muellerConfirms(index, "bolt", "чайник")).toBe(false);
    expect(muellerConfirms(index, "zzyzx", "чайник")).toBe(false); // not a headword taken
  });

  it("prefers the headword where the word is the first sense, then the more frequent headword", () => {
    // котёл: second sense of kettle, first of boiler.
    expect(muellerLookup(index, "котел")).toBe("boiler");
  });

  it("reads a later sense only for a word no first sense gives", () => {
    // молния is bolt's third sense: found, as nothing else gives it.
    expect(muellerLookup(index, "молния")).toBe("bolt");
    // рулон is its fourth; a fifth would not be read.
    expect(muellerLookup(index, "рулон")).toBe("bolt");
  });

  it("reads only the equivalents before an example, and skips unknown headwords", () => {
    expect(muellerLookup(index, "поставь")).toBeUndefined();
    expect(index.size).toBeGreaterThan(0);
    expect([...index.values()]).not.toContain("zzyzx");
  });
});

describe.skipIf(!existsSync(MUELLER_PATH))("the bridge with Mueller's dictionary installed", () => {
  it("translates a word the glossary lacks instead of romanising it", () => {
    expect(toEncoderText("черепица", "ru", { dictionary: "off" })).toBe("cherepica");
    expect(toEncoderText("черепица", "ru")).toBe("tile");
  });

  it("prefers the dictionary's word to a loanword spelling the dictionary does not give for the word", () => {
    // лист spells "list", but Mueller gives лист for leaf / sheet, and "list" as список.
    expect(toEncoderText("лист", "ru", { dictionary: "off" })).toBe("list");
    expect(toEncoderText("лист", "ru")).not.toBe("list");
    // A loanword the dictionary confirms stays: system -> система.
    expect(toEncoderText("системы", "ru")).toBe("system");
  });

  it("reads a first-person verb by its infinitive", () => {
    expect(toEncoderText("прошу", "ru", { dictionary: "off" })).toBe("proshu");
    expect(toEncoderText("прошу", "ru")).not.toBe("proshu");
  });

  it("splits a compound at its linking vowel when asked (off by default)", () => {
    expect(toEncoderText("нанотрубка", "ru")).toBe("nanotrubka");
    expect(toEncoderText("нанотрубка", "ru", { compounds: true })).toBe("nano tube");
  });
});
