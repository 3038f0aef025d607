/**
 * A phrase matcher over concept phrasings: maps a member's free text onto concept ids, taking
 * the sense from the phrase, not the single word ("снять квартиру" is renting a flat, "снять
 * ролик" is shooting a video; "sales tax" is tax, "sales team" is sales).
 *
 * Phrasings are compiled once to sequences of stems with the engine's own stemmer (text.ts,
 * `stemToken`), so inflected forms match, and stored in a trie keyed by stem.
 *
 * Phrasing syntax:
 * - "{a|b} c" spells alternatives, expanded at compile time: "{снять|снимать} {ролик|видео}" is four
 *   phrasings; "{|online} store" makes a word optional.
 * - "=word" matches that exact word form (lower-cased, ё as е) instead of its stem: "=accountants"
 *   without "Instagram account", whose stem is the same; it also lets a phrasing use a stop word
 *   ("=open innovation", "=no-code"), which stemming drops.
 * - Stop words of the engine (a, the, for, need, help, ищу, помочь, ...) are dropped, as in the
 *   engine; a phrasing made only of them is a compile error.
 * - Words are tokenized like the engine's (text.ts), except that "M&A" / "A/B" stay whole, single
 *   digits stay ("SOC 2"), and "IT" in capitals is the acronym (read as "ИТ"), not the stop word.
 *
 * Matching: a multi-word phrasing matches when its stems occur in order within one clause, with at
 * most MAX_CONTENT_GAP other content words (and MAX_TOTAL_GAP words of any kind, stop words
 * included) between two consecutive ones: "снять ролик" matches "снять короткий ролик", "raise
 * seed round" matches "raising our seed round". A clause ends at . ! ? ; : , ( ) | … – — newlines
 * and bullets; a conjunction ("and", "or", "&", "и", "или", ...) also ends it, unless the phrasing
 * itself has one at that place ("mergers and acquisitions").
 *
 * Overlaps: every phrasing occurrence is a candidate; candidates are taken longest phrasing first
 * (more stems), then the tighter span, then the earlier one, and a candidate is dropped when it
 * uses a word an accepted one already uses ("sales tax" takes "sales" away from "sales"). The same
 * words may carry two concepts only when two concepts share the very phrasing (a tenant's).
 */
import { stemToken } from "../engine/text.ts";

export type Lang = "en" | "ru";

export interface TopicDef {
  key: string;
  label: { en: string; ru: string };
}

export interface ConceptEntry {
  /** "vat", "technical_cofounder", "promo_video", ... */
  id: string;
  /** One key of STANDARD_TOPICS (or a tenant topic key for a tenant concept). */
  topic: string;
  /** Short noun phrase used in reasons: "VAT and indirect tax" / "НДС и косвенные налоги". */
  label: { en: string; ru: string };
  /** Phrasings, need-side and offer-side wording both. */
  en: readonly string[];
  ru: readonly string[];
}

export interface ConceptMatch {
  concept: string;
  topic: string;
  /** Offsets into the text; `surface` is text.slice(start, end), the member's own words. */
  start: number;
  end: number;
  surface: string;
}

/** Content words allowed between two consecutive words of a phrasing. */
export const MAX_CONTENT_GAP = 2;
/** Words of any kind (stop words included) allowed between two consecutive words of a phrasing. */
export const MAX_TOTAL_GAP = 4;
/** Alternatives one phrasing may expand to. */
const MAX_EXPANSIONS = 4096;
/** Distinct raw tokens remembered between calls before the cache starts over. */
const TOKEN_CACHE_LIMIT = 1_000_000;

const CONJUNCTIONS = new Set(["and", "or", "but", "nor", "и", "или", "либо", "но", "а", "да"]);

/** Token codes below 0: not a phrasing word. */
const UNKNOWN = -1;
const STOP = -2;
const CONJ = -3;

/** A trie node: children keyed by stem id * 2 + (1 when a conjunction may precede it). */
interface TrieNode {
  next: Map<number, TrieNode> | null;
  /** Concepts whose phrasing ends here (usually one). */
  concepts: number[] | null;
}


/** Expands "{a|b} c" into ["a c", "b c"]. */
export function expandPhrasing(phrasing: string): string[] {
  let out = [""];
  const re = /\{([^{}]*)\}|[^{}]+/g;
  let consumed = 0;
  for (const m of phrasing.matchAll(re)) {
    if (m.index !== consumed) throw new Error(`lexicon: unbalanced braces in phrasing "${phrasing}"`);
    consumed = m.index + m[0].length;
    const options = m[1] !== undefined ? m[1].split("|") : [m[0]];
    const next: string[] = [];
    for (const prefix of out) for (const option of options) next.push(prefix + option);
    if (next.length > MAX_EXPANSIONS) throw new Error(`lexicon: phrasing "${phrasing}" expands to more than ${MAX_EXPANSIONS} phrasings`);
    out = next;
  }
  if (consumed !== phrasing.length) throw new Error(`lexicon: unbalanced braces in phrasing "${phrasing}"`);
  return [...new Set(out.map((p) => p.replace(/\s+/g, " ").trim()).filter((p) => p !== ""))];
}

// ── tokenizer ───────────────────────────────────────────────────────────────
// A hand-written scanner equivalent to the engine's token pattern (text.ts):
//   [\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[+#][\p{L}\p{M}\p{N}+#]*|[+#]+)?
// plus short "X&Y" / "X/Y" abbreviations kept whole (M&A, R&D, P&L, A/B), which the engine would
// drop as 1-letter words. ASCII and Cyrillic are classified by code; other characters by regex.

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const LETTER = /\p{L}/u;

/** A word character by code alone: ASCII letters and digits, Cyrillic; 0 = decide by regex (other non-ASCII). */
function quickWordChar(c: number): number {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) ? 1 : -1;
  if (c >= 0x400 && c <= 0x4ff) return 1;
  return 0;
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Starts a word: a letter or a digit. */
function startsWord(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return isAsciiAlnum(c);
  if (c >= 0x400 && c <= 0x4ff) return true;
  return LETTER_OR_DIGIT.test(text.charAt(i));
}

/** Continues a word: a letter, a combining mark or a digit. */
function continuesWord(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return isAsciiAlnum(c);
  if (c >= 0x400 && c <= 0x4ff) return true;
  return WORD_CHAR.test(text.charAt(i));
}

function isLetter(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return isAsciiLetter(c);
  if (c >= 0x400 && c <= 0x4ff) return true;
  return LETTER.test(text.charAt(i));
}

/** End of the token starting at `start` (a word start). */
function tokenEnd(text: string, start: number): number {
  const len = text.length;
  let i = start + 1;
  while (i < len) {
    const q = quickWordChar(text.charCodeAt(i));
    if (q < 0 || (q === 0 && !WORD_CHAR.test(text.charAt(i)))) break;
    i++;
  }
  const c = i < len ? text.charCodeAt(i) : 0;
  if (c === 0x2b || c === 0x23) {
    // C++ / C# tail.
    i++;
    while (i < len && (continuesWord(text, i) || text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x23)) i++;
    return i;
  }
  // "M&A" (1-3 letters & 1-3 letters) and "A/B" (letter / letter), not followed by a word char.
  const wordLen = i - start;
  if ((c === 0x26 && wordLen <= 3) || (c === 0x2f && wordLen === 1)) {
    let allLetters = true;
    for (let k = start; k < i; k++) if (!isLetter(text, k)) allLetters = false;
    if (allLetters) {
      let j = i + 1;
      const max = c === 0x26 ? 3 : 1;
      while (j < len && j - i - 1 < max && isLetter(text, j)) j++;
      if (j > i + 1 && !(j < len && continuesWord(text, j))) return j;
    }
  }
  return i;
}

/** Splits a phrasing into its words, with whether each is written "=word". */
function phrasingWords(phrasing: string): { word: string; exact: boolean; conjBefore: boolean }[] {
  const out: { word: string; exact: boolean; conjBefore: boolean }[] = [];
  let conj = false;
  let i = 0;
  while (i < phrasing.length) {
    if (!startsWord(phrasing, i)) {
      if (phrasing.charCodeAt(i) === 0x26) conj = true;
      i++;
      continue;
    }
    const end = tokenEnd(phrasing, i);
    out.push({ word: phrasing.slice(i, end), exact: i > 0 && phrasing.charCodeAt(i - 1) === 0x3d, conjBefore: conj });
    conj = false;
    i = end;
  }
  return out;
}

/** Gap characters that end a clause. */
function isBreak(text: string, i: number): boolean {
  switch (text.charCodeAt(i)) {
    case 0x2e: // "." ends a sentence unless a word follows at once ("Node.js", "3.5").
      return !(i + 1 < text.length && continuesWord(text, i + 1));
    case 0x21: // !
    case 0x3f: // ?
    case 0x3b: // ;
    case 0x3a: // :
    case 0x2c: // ,
    case 0x28: // (
    case 0x29: // )
    case 0x0a: // \n
    case 0x0d: // \r
    case 0x7c: // |
    case 0x2022: // •
    case 0x00b7: // ·
    case 0x2013: // –
    case 0x2014: // —
    case 0x2026: // …
      return true;
    default:
      return false;
  }
}

/**
 * A word as the matcher stems it: lower-cased, except that "IT" in capitals is the acronym (the
 * engine's stop list has "it"), read as its Russian spelling "ИТ".
 */
function wordOf(token: string): string {
  return token === "IT" ? "ит" : token.toLowerCase();
}

/** 1-letter words are dropped like the engine does; single digits stay ("SOC 2", "Web 3"). */
function tooShort(word: string): boolean {
  return word.length < 2 && !(word >= "0" && word <= "9");
}

function exactKey(word: string): string {
  return `=${word.replaceAll("ё", "е")}`;
}

export class Lexicon {
  private readonly entries: ConceptEntry[] = [];
  private readonly byId = new Map<string, number>();
  /** Stem (or "=word") -> id. */
  private readonly vocab = new Map<string, number>();
  /** Trie roots by first stem id. */
  private readonly roots: (TrieNode | undefined)[] = [];
  // Raw tokens seen so far (open addressing, keyed by an FNV-1a hash of the token's characters), with
  // their stem id (or UNKNOWN / STOP / CONJ) and exact-form id (or -1): a hit allocates nothing.
  private tKeys: (string | undefined)[] = new Array(1 << 14);
  private tHash = new Int32Array(1 << 14);
  private tStem = new Int32Array(1 << 14);
  private tExact = new Int32Array(1 << 14);
  private tSize = 0;
  private compiled = false;
  private compiledCount = 0;

  // Per-call scratch buffers, grown on demand (match() is synchronous).
  private codes = new Int32Array(64);
  private exact = new Int32Array(64);
  private seg = new Int32Array(64);
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  private owner = new Int32Array(64);
  private contentBefore = new Int32Array(65);
  private conjBefore = new Int32Array(65);
  private readonly path = new Int32Array(64);
  private first = 0;
  private count = 0;
  // Candidates of the current call, as parallel arrays; `used` holds each one's word positions.
  private cConcept = new Int32Array(64);
  private cN = new Int32Array(64);
  private cFirst = new Int32Array(64);
  private cLast = new Int32Array(64);
  private cUsed = new Int32Array(64);
  private cOrder = new Int32Array(64);
  private cAccepted = new Int32Array(64);
  private cCount = 0;
  private used = new Int32Array(256);
  private usedLen = 0;

  /**
   * Compiles the phrasings at once (a bad phrasing throws here), or with `lazy` on first use (the
   * built-in lexicon, so that importing the module costs nothing).
   */
  constructor(entries: readonly ConceptEntry[], options: { lazy?: boolean } = {}) {
    for (const e of entries) {
      const at = this.byId.get(e.id);
      if (at === undefined) {
        this.byId.set(e.id, this.entries.length);
        this.entries.push({ ...e, label: { ...e.label }, en: [...e.en], ru: [...e.ru] });
      } else {
        const prev = this.entries[at] as ConceptEntry;
        this.entries[at] = { ...prev, en: [...prev.en, ...e.en], ru: [...prev.ru, ...e.ru] };
      }
    }
    if (!options.lazy) this.compile();
  }

  private compile(): void {
    if (this.compiled) return;
    let count = 0;
    this.entries.forEach((e, ci) => {
      for (const raw of [...e.en, ...e.ru]) {
        for (const text of expandPhrasing(raw)) {
          if (this.insert(ci, text)) count++;
        }
      }
    });
    this.compiledCount = count;
    this.compiled = true;
  }

  /** Phrasings compiled, after brace expansion and de-duplication. */
  get phrasingCount(): number {
    this.compile();
    return this.compiledCount;
  }

  get size(): number {
    return this.entries.length;
  }

  concept(id: string): ConceptEntry | undefined {
    const at = this.byId.get(id);
    return at === undefined ? undefined : this.entries[at];
  }

  /** All concepts in definition order (built-in first, then a tenant's new ones). */
  concepts(): readonly ConceptEntry[] {
    return this.entries;
  }

  /** The stems one expanded phrasing compiles to ("=word" for exact forms); [] when only stop words. */
  stemsOf(phrasing: string): string[] {
    const out: string[] = [];
    for (const w of phrasingWords(phrasing)) {
      const t = wordOf(w.word);
      if (tooShort(t) || CONJUNCTIONS.has(t)) continue;
      const s = w.exact ? exactKey(t) : stemToken(t);
      if (s) out.push(s);
    }
    return out;
  }

  /** Adds one expanded phrasing to the trie; false when it was already there for this concept. */
  private insert(concept: number, text: string): boolean {
    let node: TrieNode | undefined;
    let depth = 0;
    let conj = false;
    for (const w of phrasingWords(text)) {
      const t = wordOf(w.word);
      if (w.conjBefore || CONJUNCTIONS.has(t)) conj = true;
      if (CONJUNCTIONS.has(t) || tooShort(t)) continue;
      const s = w.exact ? exactKey(t) : stemToken(t);
      if (!s) continue;
      let id = this.vocab.get(s);
      if (id === undefined) {
        id = this.vocab.size;
        this.vocab.set(s, id);
      }
      if (node === undefined) {
        node = this.roots[id];
        if (!node) {
          node = { next: null, concepts: null };
          this.roots[id] = node;
        }
      } else {
        const key = id * 2 + (conj ? 1 : 0);
        if (!node.next) node.next = new Map();
        let child = node.next.get(key);
        if (!child) {
          child = { next: null, concepts: null };
          node.next.set(key, child);
        }
        node = child;
      }
      conj = false;
      depth++;
    }
    const entry = this.entries[concept] as ConceptEntry;
    if (node === undefined || depth === 0) throw new Error(`lexicon: phrasing "${text}" of concept "${entry.id}" has no content words after stemming`);
    if (!node.concepts) node.concepts = [];
    if (node.concepts.includes(concept)) return false;
    node.concepts.push(concept);
    return true;
  }

  /** The cache slot of the token text[start, end), hashed `hash`; computes its codes on a miss. */
  private slot(text: string, start: number, end: number, hash: number): number {
    const mask = this.tKeys.length - 1;
    let slot = hash & mask;
    for (;;) {
      const key = this.tKeys[slot];
      if (key === undefined) break;
      if (this.tHash[slot] === hash && key.length === end - start && text.startsWith(key, start)) return slot;
      slot = (slot + 1) & mask;
    }
    if (this.tSize >= TOKEN_CACHE_LIMIT) {
      this.resetTokens(this.tKeys.length);
      return this.slot(text, start, end, hash);
    }
    if ((this.tSize + 1) * 2 > this.tKeys.length) {
      this.rehash();
      return this.slot(text, start, end, hash);
    }
    const token = text.slice(start, end);
    const t = wordOf(token);
    let stem: number;
    let exact = -1;
    if (CONJUNCTIONS.has(t)) stem = CONJ;
    else if (tooShort(t)) stem = STOP;
    else {
      const st = stemToken(t);
      stem = st === "" ? STOP : (this.vocab.get(st) ?? UNKNOWN);
      exact = this.vocab.get(exactKey(t)) ?? -1;
    }
    this.tKeys[slot] = token;
    this.tHash[slot] = hash;
    this.tStem[slot] = stem;
    this.tExact[slot] = exact;
    this.tSize++;
    return slot;
  }

  private resetTokens(size: number): void {
    this.tKeys = new Array(size);
    this.tHash = new Int32Array(size);
    this.tStem = new Int32Array(size);
    this.tExact = new Int32Array(size);
    this.tSize = 0;
  }

  private rehash(): void {
    const { tKeys, tHash, tStem, tExact } = this;
    this.resetTokens(tKeys.length * 2);
    const mask = this.tKeys.length - 1;
    for (let k = 0; k < tKeys.length; k++) {
      const key = tKeys[k];
      if (key === undefined) continue;
      let slot = (tHash[k] as number) & mask;
      while (this.tKeys[slot] !== undefined) slot = (slot + 1) & mask;
      this.tKeys[slot] = key;
      this.tHash[slot] = tHash[k] as number;
      this.tStem[slot] = tStem[k] as number;
      this.tExact[slot] = tExact[k] as number;
      this.tSize++;
    }
  }

  private grow(n: number): void {
    if (n < this.codes.length) return;
    const size = Math.max(n + 1, this.codes.length * 2);
    const copy = (a: Int32Array, extra: number) => {
      const b = new Int32Array(size + extra);
      b.set(a);
      return b;
    };
    this.codes = copy(this.codes, 0);
    this.exact = copy(this.exact, 0);
    this.seg = copy(this.seg, 0);
    this.starts = copy(this.starts, 0);
    this.ends = copy(this.ends, 0);
    this.owner = copy(this.owner, 0);
    this.contentBefore = copy(this.contentBefore, 1);
    this.conjBefore = copy(this.conjBefore, 1);
  }

  /** Concepts mentioned in a text, in text order; overlapping matches resolved longest-phrase-first. */
  match(text: string | null | undefined): ConceptMatch[] {
    if (!text) return [];
    if (!this.compiled) this.compile();
    // 1. Tokens: stem code, exact-form code, clause id, running counts of content words and conjunctions.
    const len = text.length;
    // A text has fewer words than characters: size the per-word buffers once.
    this.grow(len);
    let n = 0;
    let segment = 0;
    let content = 0;
    let conj = 0;
    let any = false;
    let gapBreak = false;
    for (let i = 0; i < len; ) {
      const ch = text.charCodeAt(i);
      const q = quickWordChar(ch);
      if (q < 0 || (q === 0 && !LETTER_OR_DIGIT.test(text.charAt(i)))) {
        if (!gapBreak && isBreak(text, i)) gapBreak = true;
        if (ch === 0x26) conj++;
        i++;
        continue;
      }
      const end = tokenEnd(text, i);
      let hash = 0x811c9dc5;
      for (let k = i; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
      const slot = this.slot(text, i, end, hash);
      const c = this.tStem[slot] as number;
      const x = this.tExact[slot] as number;
      if (c === STOP && x < 0 && end - i < 2 && !(ch >= 0x30 && ch <= 0x39)) {
        i = end;
        continue;
      }
      if (gapBreak) {
        segment++;
        gapBreak = false;
      }
      this.contentBefore[n] = content;
      this.conjBefore[n] = conj;
      this.codes[n] = c;
      this.exact[n] = x;
      this.seg[n] = segment;
      this.starts[n] = i;
      this.ends[n] = end;
      if (c >= 0 || x >= 0) any = true;
      if (c >= 0 || c === UNKNOWN) content++;
      else if (c === CONJ) conj++;
      n++;
      i = end;
    }
    if (!any) return [];
    this.contentBefore[n] = content;
    this.conjBefore[n] = conj;

    // 2. Candidates: every occurrence of every phrasing, walking the trie from each word.
    this.cCount = 0;
    this.usedLen = 0;
    this.count = n;
    for (let i = 0; i < n; i++) {
      this.first = i;
      const c = this.codes[i] as number;
      const x = this.exact[i] as number;
      if (c >= 0) {
        const root = this.roots[c];
        if (root) this.walk(root, 1, i);
      }
      if (x >= 0) {
        const root = this.roots[x];
        if (root) this.walk(root, 1, i);
      }
    }
    const count = this.cCount;
    if (count === 0) return [];

    // 3. Longest phrasing first, then the tighter span, then the earlier one; a word carries one phrasing.
    const { cConcept, cN, cFirst, cLast, cUsed, cOrder, cAccepted, used, owner } = this;
    for (let k = 0; k < count; k++) {
      let j = k;
      while (j > 0 && this.before(k, cOrder[j - 1] as number)) {
        cOrder[j] = cOrder[j - 1] as number;
        j--;
      }
      cOrder[j] = k;
    }
    owner.fill(-1, 0, n);
    let accepted = 0;
    for (let r = 0; r < count; r++) {
      const k = cOrder[r] as number;
      const from = cUsed[k] as number;
      const to = from + (cN[k] as number);
      let clash = false;
      for (let u = from; u < to; u++) {
        const o = owner[used[u] as number] as number;
        if (o < 0) continue;
        // The very same words of the same phrasing length, for another concept: keep both.
        if (cFirst[o] === cFirst[k] && cLast[o] === cLast[k] && cN[o] === cN[k] && cConcept[o] !== cConcept[k]) continue;
        clash = true;
        break;
      }
      if (clash) continue;
      for (let u = from; u < to; u++) if ((owner[used[u] as number] as number) < 0) owner[used[u] as number] = k;
      // Text order: by first word, then last word, then concept.
      let j = accepted;
      while (j > 0) {
        const o = cAccepted[j - 1] as number;
        const later = cFirst[o] !== cFirst[k] ? (cFirst[o] as number) > (cFirst[k] as number) : cLast[o] !== cLast[k] ? (cLast[o] as number) > (cLast[k] as number) : (cConcept[o] as number) > (cConcept[k] as number);
        if (!later) break;
        cAccepted[j] = o;
        j--;
      }
      cAccepted[j] = k;
      accepted++;
    }
    const out: ConceptMatch[] = [];
    for (let r = 0; r < accepted; r++) {
      const k = cAccepted[r] as number;
      const e = this.entries[cConcept[k] as number] as ConceptEntry;
      const start = this.starts[cFirst[k] as number] as number;
      const end = this.ends[cLast[k] as number] as number;
      out.push({ concept: e.id, topic: e.topic, start, end, surface: text.slice(start, end) });
    }
    return out;
  }

  /** Candidate a goes before b: more stems, then the tighter span, then the earlier start, then concept order. */
  private before(a: number, b: number): boolean {
    const { cN, cFirst, cLast, cConcept } = this;
    const na = cN[a] as number;
    const nb = cN[b] as number;
    if (na !== nb) return na > nb;
    const sa = (cLast[a] as number) - (cFirst[a] as number);
    const sb = (cLast[b] as number) - (cFirst[b] as number);
    if (sa !== sb) return sa < sb;
    if (cFirst[a] !== cFirst[b]) return (cFirst[a] as number) < (cFirst[b] as number);
    return (cConcept[a] as number) < (cConcept[b] as number);
  }

  private record(concept: number, depth: number, last: number): void {
    const k = this.cCount;
    if (k === this.cConcept.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.cConcept = grow(this.cConcept);
      this.cN = grow(this.cN);
      this.cFirst = grow(this.cFirst);
      this.cLast = grow(this.cLast);
      this.cUsed = grow(this.cUsed);
      this.cOrder = grow(this.cOrder);
      this.cAccepted = grow(this.cAccepted);
    }
    if (this.usedLen + depth > this.used.length) {
      const b = new Int32Array((this.usedLen + depth) * 2);
      b.set(this.used);
      this.used = b;
    }
    this.cConcept[k] = concept;
    this.cN[k] = depth;
    this.cFirst[k] = this.first;
    this.cLast[k] = last;
    this.cUsed[k] = this.usedLen;
    for (let d = 0; d < depth; d++) this.used[this.usedLen + d] = this.path[d] as number;
    this.usedLen += depth;
    this.cCount = k + 1;
  }

  /** Records the phrasings ending at `node` (its word at `p`), then follows children within the gap window. */
  private walk(node: TrieNode, depth: number, p: number): void {
    this.path[depth - 1] = p;
    if (node.concepts) for (const concept of node.concepts) this.record(concept, depth, p);
    const next = node.next;
    if (!next || depth >= this.path.length) return;
    const seg = this.seg[p] as number;
    const limit = Math.min(this.count - 1, p + 1 + MAX_TOTAL_GAP);
    const contentFrom = this.contentBefore[p + 1] as number;
    const conjFrom = this.conjBefore[p] as number;
    for (let q = p + 1; q <= limit; q++) {
      if (this.seg[q] !== seg) return;
      if ((this.contentBefore[q] as number) - contentFrom > MAX_CONTENT_GAP) return;
      const crossed = (this.conjBefore[q] as number) > conjFrom;
      const c = this.codes[q] as number;
      const x = this.exact[q] as number;
      if (c >= 0) this.follow(next, c, crossed, depth, q);
      if (x >= 0) this.follow(next, x, crossed, depth, q);
    }
  }

  private follow(next: Map<number, TrieNode>, id: number, crossed: boolean, depth: number, q: number): void {
    // A phrasing with a conjunction at this place also matches without one ("mergers acquisitions").
    const withConj = next.get(id * 2 + 1);
    if (withConj) this.walk(withConj, depth + 1, q);
    if (!crossed) {
      const plain = next.get(id * 2);
      if (plain) this.walk(plain, depth + 1, q);
    }
  }
}
