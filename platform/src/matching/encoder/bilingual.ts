/**
 * The bilingual bridge in front of the English sentence encoder: `toEncoderText` turns a Russian
 * (or mixed) need or offer into English words the encoder knows, so that RU-RU, RU-EN and EN-RU
 * pairs land near each other. Text without Cyrillic passes through unchanged, and so do the Latin
 * words, numbers and punctuation of a mixed text.
 *
 * Per Cyrillic word, first hit wins:
 * 1. (off by default) concept phrases of the matching lexicon (../lexicon, this project's data):
 *    a Russian phrasing of a concept becomes the concept's English label; it did not help on the
 *    benchmark (tests/bench/bilingual.ts), so it stays an option;
 * 2. the glossary (glossary-ru-en.txt, written for this project, about 1,150 entries: everyday and
 *    professional words, and the Russian words of the lexicon's phrasings; top sense only), looked
 *    up by the word, then by its Snowball stem (@orama/stemmers, Apache-2.0), so inflected forms
 *    find their lemma;
 * 3. loanword transliteration: the word (then its stem) is spelled with every plausible English
 *    spelling of each letter ("к" as k / c / ck, "ция" as tion, "дж" as j / g, a final "альн" as
 *    al) while walking the prefixes of the 60,000 most frequent English words (popular-english-words,
 *    ISC, word counts from Wikipedia); fewest unusual spellings wins, then the most frequent word:
 *    маркетинг -> marketing, менеджер -> manager, стратегия -> strategy, креативный -> creative,
 *    and ф as th where Russian took a Greek theta (марафон -> marathon); a borrowed verb in
 *    -ировать whose word and stem spell nothing is spelled from its base before -ир- as an English
 *    verb (оптимизирую -> optimize, интегрировали -> integrate; borrowedVerbBase, decision 0230);
 *    when Mueller's dictionary (step 4) knows the word, the spelling counts only if the dictionary
 *    also lists the word under that English headword (muellerConfirms): a native word that happens
 *    to spell a foreign one (лист, "list") takes the dictionary's word instead;
 * 4. Mueller's English-Russian dictionary, reversed (mueller.ts), when the machine has the Debian
 *    package mueller7-dict: read at run time from /usr/share/dictd, never copied here (GPL). After
 *    the loanwords: on the second development set it measured 24/19/9 (top 10 / top 3 / weekly)
 *    after them and 23/19/10 before them, against 22/17/8 without it; without the package this
 *    step does nothing and the bridge is as it was. Inflected words are looked up by their dictionary
 *    forms too (mueller.ts lemmaCandidates: case endings, and first-person verbs by infinitive),
 *    a reflexive verb by its reflexive infinitive before its stem (reflexiveLemmas, decision 0230);
 *    (off by default) a compound nothing translates is split at a linking vowel (splitCompound):
 *    it measured one top-3 pair worse on the second development set;
 * 5. otherwise the word is romanised letter by letter (ипотекой -> ipotekoy): the encoder has no
 *    Cyrillic vocabulary, and the same unknown word in two Russian texts still shares subwords.
 *    Keeping it in Cyrillic made every Russian text look alike (RU-RU top-1 45% instead of 80% on
 *    the held-out set); dropping it measured the same as romanising but can leave nothing.
 *
 * Data and licences: the glossary and word list ship in npm packages installed by `npm install`
 * and run offline. No GPL data in the repository: Mueller's dictionary (GPL) is an optional system
 * file, like a spelling dictionary, read where installed; Debian's FreeDict eng-rus (GPL, about
 * 1,500 headwords) is not used; no multilingual encoder and no permissively licensed RU-EN
 * dictionary was found in an npm package.
 *
 * `loadBilingual()` reads the data once (about 1 s, most of it the word list); `toEncoderText` is
 * synchronous and loads on first use if nobody called it.
 */
import { readFileSync } from "node:fs";
import { stemmer as snowballRu } from "@orama/stemmers/russian";
import { words as popularWords } from "popular-english-words";
import { CONCEPTS, defaultLexicon } from "../lexicon/index.ts";
import { loadMueller, type MuellerIndex, muellerConfirms, muellerLookup } from "./mueller.ts";

export type EncoderLang = "en" | "ru";

export interface BilingualOptions {
  /** Replace Russian concept phrasings by the concept's English label (step 1). */
  concepts: boolean;
  /** Transliterate loanwords against the English word list (step 3). */
  loanwords: boolean;
  /** What becomes of a word nothing translates. */
  unknown: "keep" | "drop" | "translit";
  /**
   * Mueller's English-Russian dictionary reversed (mueller.ts), read from the Debian package when
   * the machine has it: for a word the glossary misses, before or after the loanword step, or off.
   */
  dictionary: "before-loanwords" | "after-loanwords" | "off";
  /** Split a word nothing translates into two parts that do (splitCompound). */
  compounds: boolean;
}

const DEFAULT_OPTIONS: BilingualOptions = { concepts: false, loanwords: true, unknown: "translit", dictionary: "after-loanwords", compounds: false };

/** English words a transliteration may land on: the most frequent ones, rank = index. */
const ENGLISH_WORDS = 60_000;
/** Shortest Cyrillic word or stem the transliterator tries: shorter ones hit English by chance. */
const MIN_LOANWORD = 4;
/**
 * A rarer English word needs a closer spelling: rare words spelled loosely are mostly chance hits
 * (names, foreign words in the English list).
 */
function rankLimit(cost: number): number {
  return cost === 0 ? ENGLISH_WORDS : cost <= 1 ? 25_000 : 10_000;
}
/** Nodes one transliteration may visit before it gives up. */
const SEARCH_BUDGET = 20_000;

const CYRILLIC = /[\u0400-\u04ff]/;
const WORD = /[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu;

/**
 * English spellings of Russian letters and clusters: the first spelling costs nothing, the others
 * one each. Clusters are tried before their letters.
 */
const SPELLINGS: Record<string, readonly string[]> = {
  а: ["a", "u", "o", "e"],
  б: ["b"],
  в: ["v", "w"],
  г: ["g", "h"],
  д: ["d"],
  е: ["e", "a", "i"],
  ё: ["yo", "o", "e"],
  ж: ["zh", "g", "j", "s"],
  з: ["z", "s"],
  и: ["i", "e", "y", "ee"],
  й: ["y", "i", ""],
  к: ["k", "c", "ck", "ch", "q"],
  л: ["l"],
  м: ["m"],
  н: ["n"],
  о: ["o", "a", "u"],
  п: ["p"],
  р: ["r"],
  с: ["s", "c"],
  т: ["t", "th"],
  у: ["u", "oo", "ou", "w"],
  ф: ["f", "ph", "th"],
  х: ["h", "ch", "kh"],
  ц: ["c", "ts", "z"],
  ч: ["ch", "tch"],
  ш: ["sh"],
  щ: ["sch", "shch"],
  ъ: [""],
  ы: ["y", "i"],
  ь: [""],
  э: ["e", "a"],
  ю: ["u", "yu", "you", "ew"],
  я: ["ya", "ia", "a"],
  кс: ["x"],
  дж: ["j", "g"],
  ция: ["tion", "tia", "cia"],
  ции: ["tion", "tions", "tia"],
  цию: ["tion"],
  ций: ["tions"],
  айн: ["ign"],
  ай: ["i", "y", "ai", "igh"],
  ей: ["ey", "a", "ay"],
  эй: ["ay", "a"],
  ау: ["ou", "ow", "au"],
  оу: ["o", "ow", "ou"],
  ия: ["y", "ia", "ium", "ies"],
  ика: ["ics", "ic", "ica"],
  ер: ["er", "or", "ar"],
};
/** Adjective and abstract-noun endings, spelled the English way only at the end of a word or stem. */
const END_SPELLINGS: Record<string, readonly string[]> = {
  альн: ["al"],
  ивн: ["ive"],
  ическ: ["ic", "ical"],
  ичн: ["ic", "ical"],
  ческ: ["cial"],
  ск: ["", "ese"],
  онн: ["onal", "on"],
  арн: ["ary"],
  ентн: ["ent"],
  ность: ["ity", "ty"],
  ии: ["y", "ies"],
  льн: ["l"],
};
const CLUSTERS = Object.keys(SPELLINGS)
  .filter((k) => k.length > 1)
  .sort((a, b) => b.length - a.length);
const CONSONANT = /^[bcdfgklmnprstvz]$/;

/** Plain letter-by-letter romanisation: each letter's first spelling. */
export function transliterate(word: string): string {
  let out = "";
  for (const ch of normalize(word)) out += SPELLINGS[ch]?.[0] ?? ch;
  return out;
}

interface Loaded {
  glossary: Map<string, string>;
  /** Every prefix of an English word: its frequency rank when it is a word itself, else -1. */
  prefixes: Map<string, number>;
  labels: Map<string, string>;
  /** The reversed Mueller dictionary, null when the machine has none. */
  dictionary: MuellerIndex | null;
}

let loaded: Loaded | null = null;
/** Transliterations already searched; started over past LOAN_CACHE_LIMIT words (a long-lived process). */
const loanCache = new Map<string, string | null>();
const LOAN_CACHE_LIMIT = 200_000;

function parseGlossary(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 0) continue;
    const english = line.slice(eq + 1).trim();
    for (const form of line.slice(0, eq).split("|")) {
      const word = normalize(form.trim());
      if (!word) continue;
      // The first entry of a form or stem wins: more specific lines come first in the file.
      for (const key of [word, `~${snowballRu(word)}`]) if (!map.has(key)) map.set(key, english);
    }
  }
  return map;
}

// A flat prefix map rather than a trie of Maps: a third of the memory (about 20 MB, not 60).
function buildPrefixes(list: readonly string[]): Map<string, number> {
  const prefixes = new Map<string, number>();
  list.forEach((word, rank) => {
    if (word.length < 3 || !/^[a-z]+$/.test(word)) return;
    for (let i = 1; i < word.length; i++) {
      const prefix = word.slice(0, i);
      if (!prefixes.has(prefix)) prefixes.set(prefix, -1);
    }
    const known = prefixes.get(word);
    if (known === undefined || known < 0) prefixes.set(word, rank);
  });
  return prefixes;
}

/** Loads the glossary, the English word prefixes and the concept labels; idempotent. */
export async function loadBilingual(): Promise<void> {
  loadBilingualSync();
}

function loadBilingualSync(): Loaded {
  if (loaded) return loaded;
  const glossary = parseGlossary(readFileSync(new URL("./glossary-ru-en.txt", import.meta.url), "utf8"));
  const prefixes = buildPrefixes(popularWords.getMostPopular(ENGLISH_WORDS));
  const labels = new Map(CONCEPTS.map((c) => [c.id, c.label.en]));
  const ranks = new Map<string, number>();
  popularWords.getMostPopular(ENGLISH_WORDS).forEach((w, rank) => {
    if (!ranks.has(w)) ranks.set(w, rank);
  });
  const dictionary = loadMueller((w) => ranks.get(w));
  loaded = { glossary, prefixes, labels, dictionary };
  return loaded;
}

/** Lower case, "ё" as "е". */
export function normalize(word: string): string {
  return word.toLowerCase().replaceAll("ё", "е");
}

/**
 * The most plausible English word a Russian loanword spells, or null: fewest unusual letter
 * spellings first, then the most frequent word. A doubled English consonant ("ll", "ss") costs half
 * an unusual spelling, a final silent "e" nothing; a word costing more than a quarter of its
 * letters (plus one), or a rare word spelled loosely (rankLimit), is no match.
 */
export function transliterateLoanword(word: string, endings: readonly string[] = NOUN_ENDINGS): string | null {
  const w = normalize(word);
  if (w.length < MIN_LOANWORD || !/^[а-я]+$/.test(w)) return null;
  const key = endings === NOUN_ENDINGS ? w : `${w}|${endings.join(",")}`;
  const cached = loanCache.get(key);
  if (cached !== undefined) return cached;
  const { prefixes } = loadBilingualSync();
  let best: { word: string; cost: number; rank: number } | null = null;
  let budget = SEARCH_BUDGET;
  const maxCost = Math.floor(w.length / 4) + 1;

  const visit = (i: number, spelled: string, cost: number): void => {
    if (--budget < 0 || cost > maxCost) return;
    if (best && (cost > best.cost || (cost === best.cost && best.rank === 0))) return;
    if (i === w.length) {
      for (const ending of endings) {
        const candidate = spelled + ending;
        const rank = prefixes.get(candidate) ?? -1;
        if (rank < 0 || rank >= rankLimit(cost)) continue;
        if (!best || cost < best.cost || (cost === best.cost && rank < best.rank)) best = { word: candidate, cost, rank };
      }
      return;
    }
    const steps: [string, readonly string[]][] = [];
    for (const [ending, spellings] of Object.entries(END_SPELLINGS)) if (i === w.length - ending.length && w.endsWith(ending)) steps.push([ending, spellings]);
    for (const cluster of CLUSTERS) if (w.startsWith(cluster, i)) steps.push([cluster, SPELLINGS[cluster] ?? []]);
    const letter = w.charAt(i);
    steps.push([letter, SPELLINGS[letter] ?? []]);
    for (const [russian, spellings] of steps) {
      spellings.forEach((latin, k) => {
        const extra = k === 0 ? 0 : 1;
        const next = spelled + latin;
        // "" spells nothing (ь, ъ): the prefix is the same and may be "" itself.
        if (next === "" || prefixes.has(next)) visit(i + russian.length, next, cost + extra);
        if (latin.length === 1 && CONSONANT.test(latin) && prefixes.has(next + latin)) visit(i + russian.length, next + latin, cost + extra + 0.5);
      });
    }
  };
  visit(0, "", 0);
  const found: string | null = best ? (best as { word: string }).word : null;
  if (loanCache.size >= LOAN_CACHE_LIMIT) loanCache.clear();
  loanCache.set(key, found);
  return found;
}

/** English endings a loanword's spelling may take for free: none, or a silent "e". */
const NOUN_ENDINGS: readonly string[] = ["", "e"];
/** ... and a borrowed verb's (оптимизировать optimize, интегрировать integrate). */
const VERB_ENDINGS: readonly string[] = ["", "e", "ate"];
/** The endings after -ир- of a borrowed verb's forms: infinitive, past, present, reflexive or not, participles. */
const BORROWED_VERB = /^(.{3,}?)ир(?:ова(?:ть|ться|л|лся|ла|лась|ли|лись|ло|н|нн[а-я]*)|у(?:ю|юсь|ешь|ешься|ет|ется|ем|емся|ете|етесь|ют|ются|я|ясь|ющ[а-я]*))$/;

/**
 * The base before -ир- of a form of a borrowed verb in -ировать or -изировать, with -из- kept
 * (оптимизирую: оптимиз; фокусируюсь: фокус), or null for any other word (кефир, пассажиры).
 */
export function borrowedVerbBase(w: string): string | null {
  return BORROWED_VERB.exec(w)?.[1] ?? null;
}

/** A borrowed verb's English spelled from its base (borrowedVerbBase), or null. */
function borrowedVerbLoan(w: string): string | null {
  const base = borrowedVerbBase(w);
  return base === null ? null : transliterateLoanword(base, VERB_ENDINGS);
}

/** Which step of the bridge gave a word its English (see the module comment). */
export type BridgeStep = "glossary" | "dictionary" | "loanword" | "romanised" | "kept" | "dropped";

type Translated = { en: string; via: BridgeStep };

function translateWord(word: string, options: BilingualOptions, glossary: Map<string, string>, dictionary: MuellerIndex | null): Translated {
  const w = normalize(word);
  const direct = glossary.get(w) ?? glossary.get(`~${snowballRu(w)}`);
  if (direct !== undefined) return { en: direct, via: "glossary" };
  if (w.includes("-")) {
    const parts = w.split("-").map((part) => translateWord(part, options, glossary, dictionary));
    return { en: parts.map((p) => p.en).join(" "), via: parts.every((p) => p.via === "romanised") ? "romanised" : (parts.find((p) => p.via !== "romanised")?.via ?? "romanised") };
  }
  const fromDictionary = dictionary && options.dictionary !== "off" ? muellerLookup(dictionary, w) : undefined;
  if (fromDictionary !== undefined && options.dictionary === "before-loanwords") return { en: fromDictionary, via: "dictionary" };
  if (options.loanwords) {
    const stem = snowballRu(w);
    // A stem is shorter than its word: it needs one letter more to be trusted.
    const loan = transliterateLoanword(w) ?? (stem.length > MIN_LOANWORD ? transliterateLoanword(stem) : null) ?? borrowedVerbLoan(w);
    // A spelling that lands on an English word the dictionary does not give for this word, when the
    // dictionary knows the word, is a chance likeness (a native word spelled like a foreign one).
    if (loan && (fromDictionary === undefined || fromDictionary === loan || !dictionary || muellerConfirms(dictionary, loan, w))) return { en: loan, via: "loanword" };
  }
  if (fromDictionary !== undefined) return { en: fromDictionary, via: "dictionary" };
  const compound = options.compounds ? splitCompound(w, options, glossary, dictionary) : null;
  if (compound) return compound;
  if (options.unknown === "translit") return { en: transliterate(w), via: "romanised" };
  return options.unknown === "keep" ? { en: word, via: "kept" } : { en: "", via: "dropped" };
}

/** Shortest parts a compound is split into: the first part (with its linking vowel) and the last. */
const MIN_COMPOUND_HEAD = 4;
const MIN_COMPOUND_TAIL = 5;

/**
 * A compound nothing translates as a whole, read as two words at a linking vowel (о, е, и:
 * звукорежиссер, криоэлектронный): the last part must translate by the glossary, the dictionary or
 * as a loanword (the longest such part wins); the first part is translated the same way, else
 * romanised. Null when no split has a translated last part. Splits elsewhere than at a linking
 * vowel (a prefix and a root) read a native word as two unrelated ones, and are not tried.
 */
function splitCompound(w: string, options: BilingualOptions, glossary: Map<string, string>, dictionary: MuellerIndex | null): Translated | null {
  const inner = { ...options, compounds: false, unknown: "translit" as const };
  for (let i = MIN_COMPOUND_HEAD; i <= w.length - MIN_COMPOUND_TAIL; i++) {
    if (!/[оеи]/.test(w.charAt(i - 1)) || /[ыьъй]/.test(w.charAt(i))) continue;
    const tail = translateWord(w.slice(i), inner, glossary, dictionary);
    // A short English word from a suffix-like tail (-тельск- as "tel") is a chance hit.
    if (tail.via === "romanised" || tail.en.length < 4) continue;
    const head = translateWord(w.slice(0, i), inner, glossary, dictionary);
    return { en: `${head.en} ${tail.en}`, via: tail.via };
  }
  return null;
}

/**
 * What the bridge makes of each Cyrillic word of a text and by which step: a diagnostic for the
 * evaluation (`npm run eval:matching -- --bridge`), not used by the product.
 */
export function explainEncoderText(text: string, override: Partial<BilingualOptions> = {}): { word: string; en: string; via: BridgeStep }[] {
  const options = { ...DEFAULT_OPTIONS, ...override };
  const { glossary, dictionary } = loadBilingualSync();
  const out: { word: string; en: string; via: BridgeStep }[] = [];
  for (const m of text.matchAll(WORD)) if (CYRILLIC.test(m[0])) out.push({ word: m[0], ...translateWord(m[0], options, glossary, dictionary) });
  return out;
}

/**
 * English text for the English encoder: Cyrillic words translated or transliterated (see the
 * module comment), everything else (Latin words, numbers, punctuation) as written. `lang` is the
 * member's language; the script of each word decides, so an English word in a Russian text and a
 * Russian word in an English text are both handled.
 */
export function toEncoderText(text: string, lang: EncoderLang, override: Partial<BilingualOptions> = {}): string {
  void lang;
  const options = { ...DEFAULT_OPTIONS, ...override };
  if (!CYRILLIC.test(text)) return text;
  const { glossary, labels, dictionary } = loadBilingualSync();
  let source = text;
  if (options.concepts) {
    let out = "";
    let at = 0;
    for (const m of defaultLexicon.match(text)) {
      if (!CYRILLIC.test(m.surface)) continue;
      out += `${text.slice(at, m.start)}${labels.get(m.concept) ?? m.surface}`;
      at = m.end;
    }
    source = out + text.slice(at);
  }
  return source
    .replace(WORD, (word) => (CYRILLIC.test(word) ? translateWord(word, options, glossary, dictionary).en : word))
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .trim();
}
