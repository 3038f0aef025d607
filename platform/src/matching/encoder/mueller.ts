/**
 * An optional step of the bilingual bridge (bilingual.ts): V. K. Mueller's English-Russian
 * dictionary (7th edition, electronic version by S. Starostin and E. S. Cymbalyuk, GNU GPL), read
 * at run time from the Debian package `mueller7-dict` (`/usr/share/dictd/mueller7.dict.dz`) when
 * the machine has it, like a system dictionary. Nothing of it is copied into this repository; a
 * machine without it translates with the glossary, loanwords and romanisation alone.
 *
 * The dictionary runs English -> Russian; the bridge needs Russian -> English, so it is reversed:
 * each English headword (a single word among the most frequent English words, so the sentence
 * encoder knows it) lists its senses, and each sense starts with its Russian equivalents before
 * any example. Every one-word Russian equivalent points back to the headword with a cost: the
 * sense's position (a first sense is the usual meaning, later ones rarer), the part-of-speech
 * block's position and the equivalent's place in its sense. A Russian word (then its Snowball
 * stem) takes the English word of least cost, ties to the more frequent English word. Senses
 * within `MAX_SENSE` count first: deep senses are idioms and rare uses, and a wrong sense pulls
 * unrelated texts together; senses up to `FALLBACK_SENSE` serve only a word no first sense gives
 * (a rarer sense beats romanising the word).
 */
import { existsSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { stemmer as snowballRu } from "@orama/stemmers/russian";

export const MUELLER_PATH = "/usr/share/dictd/mueller7.dict.dz";

/** Senses past this one (1-based) are not read. */
const MAX_SENSE = 2;
/**
 * Senses past MAX_SENSE up to this one are read into a fallback (keys prefixed "+"), consulted only
 * for a word no first sense gives: a rarer sense of the word beats romanising it.
 */
const FALLBACK_SENSE = 4;
/** Russian equivalents past this place in a sense are not read. */
const MAX_ITEM = 3;
/** Shortest Russian word taken (shorter ones are particles and prepositions). */
const MIN_RU = 3;
/**
 * Stems shorter than this join unrelated words (a noun and a verb of another root): such a stem
 * stands only for a short equivalent (at most two letters more than the stem).
 */
const MIN_STEM = 4;

/**
 * Russian word and `~stem` -> English; and `>english` -> the Snowball stems of every one-word
 * Russian equivalent of the headword (all senses), space-separated, for `muellerConfirms`.
 */
export type MuellerIndex = Map<string, string>;

type Best = { en: string; cost: number; rank: number };

/**
 * Parses the dictionary text (the uncompressed .dict) into Russian word and `~stem` -> English.
 * `englishRank` gives an English word's frequency rank, undefined for words left out.
 */
export function reverseMueller(text: string, englishRank: (word: string) => number | undefined): MuellerIndex {
  const best = new Map<string, Best>();
  const offer = (key: string, en: string, cost: number, rank: number) => {
    const old = best.get(key);
    if (!old || cost < old.cost || (cost === old.cost && rank < old.rank)) best.set(key, { en, cost, rank });
  };
  const forward = new Map<string, string>();
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length) {
    const head = lines[i] ?? "";
    i++;
    if (head === "" || head.startsWith(" ")) continue;
    const body: string[] = [];
    while (i < lines.length && (lines[i] ?? "").startsWith(" ")) body.push((lines[i++] ?? "").trim());
    // Lower-case headwords only: taking capitalised ones (languages, nationalities, names) too
    // measured one top-3 pair worse on the second development set.
    const en = head.trim();
    if (!/^[a-z]+$/.test(en)) continue;
    const rank = englishRank(en);
    if (rank === undefined) continue;
    const stems = new Set<string>();
    for (const { block, sense, text: seg } of senses(body.join(" "))) {
      const items = russianEquivalents(seg);
      for (const ru of items) if (ru !== "") stems.add(snowballRu(ru));
      if (sense > FALLBACK_SENSE) continue;
      const prefix = sense > MAX_SENSE ? "+" : "";
      items.slice(0, MAX_ITEM).forEach((ru, item) => {
        if (ru === "") return;
        const cost = (sense - 1) + 0.5 * (block - 1) + 0.25 * item;
        offer(prefix + ru, en, cost, rank);
        const stem = snowballRu(ru);
        if (stem.length >= MIN_STEM || (stem.length === MIN_STEM - 1 && ru.length <= stem.length + 2)) offer(`${prefix}~${stem}`, en, cost + 0.1, rank);
      });
    }
    if (stems.size > 0) forward.set(`>${en}`, `${forward.get(`>${en}`) ?? ""} ${[...stems].join(" ")}`.trim());
  }
  const out: MuellerIndex = new Map();
  for (const [k, v] of best) out.set(k, v.en);
  for (const [k, v] of forward) out.set(k, v);
  return out;
}

/** An entry's body cut at its markers: "_I"/"_II" homonyms and "1." blocks, "1)" senses. */
function* senses(body: string): Generator<{ block: number; sense: number; text: string }> {
  const cleaned = body.replace(/\[[^\]]*\]/g, " ");
  const marker = /(?:^|\s)(?:_([IVX]+)\b|(\d+)\.(?=\s)|(\d+)\))/g;
  let block = 1;
  let homonym = 1;
  let sense = 1;
  let at = 0;
  let pending = { block, sense };
  const parts: { block: number; sense: number; text: string }[] = [];
  for (const m of cleaned.matchAll(marker)) {
    parts.push({ ...pending, text: cleaned.slice(at, m.index ?? at) });
    if (m[1]) {
      homonym = romanValue(m[1]);
      block = homonym;
      sense = 1;
    } else if (m[2]) {
      block = homonym + Number(m[2]) - 1;
      sense = 1;
    } else if (m[3]) sense = Number(m[3]);
    pending = { block, sense };
    at = (m.index ?? at) + m[0].length;
  }
  parts.push({ ...pending, text: cleaned.slice(at) });
  for (const p of parts) if (/[\u0400-\u04ff]/.test(p.text)) yield p;
}

function romanValue(r: string): number {
  const v: Record<string, number> = { I: 1, V: 5, X: 10 };
  let total = 0;
  for (let k = 0; k < r.length; k++) {
    const a = v[r.charAt(k)] ?? 0;
    const b = v[r.charAt(k + 1)] ?? 0;
    total += a < b ? -a : a;
  }
  return total;
}

/** The Russian equivalents at the start of a sense, before its first example; "" for a phrase (it keeps its place). */
function russianEquivalents(seg: string): string[] {
  let s = seg
    .replace(/_[^\s.]+\./g, " ") // labels: _n., _юр., _attr., _pl.
    .replace(/\([^)]*\)/g, " ");
  const latin = s.search(/[a-zA-Z]/);
  if (latin >= 0) s = s.slice(0, latin);
  const out: string[] = [];
  for (const raw of s.split(/[;,]/)) {
    const item = raw.trim().toLowerCase().replaceAll("ё", "е");
    if (/^[а-я]+$/.test(item) && item.length >= MIN_RU) out.push(item);
    else if (item !== "") out.push(""); // a phrase keeps its place
  }
  return out;
}

let cached: MuellerIndex | null | undefined;

/**
 * The reversed dictionary, or null when the file is absent or unreadable. Read once per process
 * (about a second); `englishRank` as for `reverseMueller`.
 */
export function loadMueller(englishRank: (word: string) => number | undefined, path = MUELLER_PATH): MuellerIndex | null {
  if (cached !== undefined) return cached;
  try {
    cached = existsSync(path) ? reverseMueller(gunzipSync(readFileSync(path)).toString("utf8"), englishRank) : null;
  } catch {
    cached = null;
  }
  return cached;
}

/**
 * Inflectional endings of Russian nouns, adjectives and verbs (case, number, person, tense), longest
 * first: an inflected form less one of them is a base its dictionary form (the headword's
 * equivalent) is built from by LEMMA_ENDINGS.
 */
const INFLECTIONS = [
  "иями", "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "иях", "ях", "ах", "ов", "ев", "ей", "ой", "ом", "ем", "ам", "ям",
  "ую", "юю", "ая", "яя", "ое", "ее", "ые", "ие", "ых", "их", "ый", "ий", "ию", "ии", "ия", "ешь", "ет", "ют", "ут", "ит", "ат", "ят",
  "ем", "им", "ил", "ла", "ли", "ло", "ю", "у", "а", "я", "ы", "и", "е", "о", "ь", "",
].sort((a, b) => b.length - a.length);
/** Dictionary-form endings a base may take: nominative singular of nouns and adjectives, infinitives. */
const LEMMA_ENDINGS = ["", "ь", "а", "я", "о", "е", "ие", "ия", "ий", "ый", "ой", "ить", "ать", "ять", "еть", "ть"];
const VOWELS = /[аеиоуыэюя]/;

/**
 * Dictionary forms an inflected word may come from, most likely first: each inflection stripped
 * (longest first, a base of at least MIN_RU letters) and each lemma ending added; and a fleeting
 * vowel ("е"/"о" dropped in the inflected form, иностранца from иностранец; or inserted in the
 * genitive plural, ремесел from ремесло) restored or removed before the base's last consonant.
 */
export function lemmaCandidates(word: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([word]);
  const add = (x: string) => {
    if (!seen.has(x)) {
      seen.add(x);
      out.push(x);
    }
  };
  for (const inflection of INFLECTIONS) {
    if (!word.endsWith(inflection)) continue;
    const base = word.slice(0, word.length - inflection.length);
    if (base.length < MIN_RU) continue;
    for (const ending of LEMMA_ENDINGS) add(base + ending);
    const last = base.charAt(base.length - 1);
    const before = base.charAt(base.length - 2);
    if (!VOWELS.test(last) && !VOWELS.test(before)) {
      for (const vowel of ["е", "о"]) for (const ending of ["", "ь"]) add(base.slice(0, -1) + vowel + last + ending);
    }
    // First person and other present-tense forms of verbs in -овать / -евать (тренирую, тренировать).
    if (/^(?:ую|уешь|ует|уем|уете|уют|уя)$/.test(inflection) || (inflection === "ю" && base.endsWith("у"))) {
      const root = inflection === "ю" ? base.slice(0, -1) : base;
      if (root.length >= MIN_RU) for (const suffix of ["овать", "евать"]) add(root + suffix);
    }
    // First person singular with a consonant alternation (вожу водить, плачу платить, прошу просить,
    // чищу чистить) or an inserted л after a labial (ставлю ставить).
    if (inflection === "у" || inflection === "ю") {
      const alternations: Record<string, string[]> = { ж: ["д", "з"], ч: ["т", "к"], ш: ["с", "х"], щ: ["ст", "т"] };
      for (const original of alternations[last] ?? []) for (const suffix of ["ить", "еть", "ать"]) add(base.slice(0, -1) + original + suffix);
      if (last === "л" && /[бвпмф]/.test(before)) for (const suffix of ["ить", "еть"]) add(base.slice(0, -1) + suffix);
    }
    if (!VOWELS.test(last) && (before === "е" || before === "о") && base.length > MIN_RU) {
      const without = base.slice(0, -2) + last;
      for (const ending of ["о", "а", "я", "ь", ""]) add(without + ending);
    }
  }
  return out;
}

/**
 * The reflexive infinitives (-ться, -тись, -чься) a word ending in -ся or -сь may be a form of, most
 * likely first: the word without it read as a verb form (lemmaCandidates, and a past tense in -л,
 * -ла, -ло, -ли, and the present of an -овать verb) whose infinitive takes the reflexive ending back
 * (разбираюсь, разбирается, разбирался: разбираться; интересуется: интересоваться). Empty for any
 * other word.
 */
export function reflexiveLemmas(word: string): string[] {
  const m = /^(.{3,})(?:ся|сь)$/.exec(word);
  if (m === null) return [];
  const bare = m[1] as string;
  const past = /^(.{2,}[аеиоуыя])(?:л|ла|ло|ли)$/.exec(bare);
  // The present of an -овать verb in any person (интересуется, интересуются: интересоваться).
  const ova = /^(.{3,})у(?:ю|ешь|ет|ем|ете|ют|я)$/.exec(bare);
  const out: string[] = [];
  for (const form of [bare, ...(past ? [`${past[1]}ть`] : []), ...(ova ? [`${ova[1]}овать`] : []), ...lemmaCandidates(bare)]) {
    const reflexive = form.endsWith("ть") || form.endsWith("чь") ? `${form}ся` : form.endsWith("ти") ? `${form}сь` : null;
    if (reflexive !== null && !out.includes(reflexive)) out.push(reflexive);
  }
  return out;
}

/**
 * English for a Russian word: as written; a reflexive verb by its reflexive infinitive
 * (reflexiveLemmas: its stem is the plain verb's or a noun's, often of another sense: нуждаюсь
 * shares нужда with нуждающийся, "needy", where нуждаться is "need"); then by its Snowball stem;
 * then by a dictionary form it may be an inflection of (lemmaCandidates, as written in the
 * dictionary): the dictionary lists lemmas, and a stem of an inflected form is not always the stem
 * of its lemma (памяти, память).
 */
export function muellerLookup(index: MuellerIndex, word: string): string | undefined {
  const direct = index.get(word);
  if (direct !== undefined) return direct;
  for (const lemma of reflexiveLemmas(word)) {
    const hit = index.get(lemma);
    if (hit !== undefined) return hit;
  }
  const byStem = index.get(`~${snowballRu(word)}`);
  if (byStem !== undefined) return byStem;
  const lemmas = lemmaCandidates(word);
  for (const lemma of lemmas) {
    const hit = index.get(lemma);
    if (hit !== undefined) return hit;
  }
  // The later senses (FALLBACK_SENSE), the same way.
  for (const key of [word, `~${snowballRu(word)}`, ...lemmas]) {
    const hit = index.get(`+${key}`);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * Does the dictionary give `russian` as an equivalent of the English word `english` (in any sense)?
 * True when a listed equivalent has the word's Snowball stem, or one stem starts the other and the
 * shorter has at least five letters (дистанциях, дистанция). False when the headword is missing.
 */
export function muellerConfirms(index: MuellerIndex, english: string, russian: string): boolean {
  const listed = index.get(`>${english}`);
  if (listed === undefined) return false;
  const stem = snowballRu(russian);
  for (const s of listed.split(" ")) {
    if (s === stem) return true;
    const [short, long] = s.length <= stem.length ? [s, stem] : [stem, s];
    if (short.length >= 5 && long.startsWith(short)) return true;
  }
  return false;
}
