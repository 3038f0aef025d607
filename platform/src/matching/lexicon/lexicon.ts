/**
 * A phrase matcher over concept phrasings: maps a member's free text onto concept ids, taking
 * the sense from the phrase, not the single word ("снять квартиру" is renting a flat, "снять
 * ролик" is shooting a video; "sales tax" is tax, "sales team" is sales).
 *
 * Phrasings are compiled once to sequences of stems with the engine's own stemmer (text.ts), so
 * inflected forms match. A phrasing may spell alternatives in braces, expanded at compile time:
 * "{снять|снимать|сниму} {ролик|видео}" is six phrasings; "{|online} store" makes a word optional.
 * A word written "=word" matches that exact word form (lower-cased, ё as е) instead of its stem:
 * "=accountants" without "Instagram account", whose stem is the same.
 *
 * A multi-word phrasing matches when its stems occur in order within one clause, with at most
 * MAX_CONTENT_GAP other content words (and MAX_TOTAL_GAP words of any kind) between two of them.
 * A clause ends at . ! ? ; : , ( ) newlines and bullets; a conjunction ("and", "or", "и", "или",
 * "&") also ends it unless the phrasing itself has one at that place ("mergers and acquisitions").
 * Overlapping matches are resolved longest-phrasing-first (more stems), then the tighter span, then
 * the earlier one; two matches overlap when they use the same word.
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
const MAX_EXPANSIONS = 2048;

/**
 * The engine's token pattern (text.ts: letters with marks, digits, a C++/C# tail), plus short
 * "X&Y" and "X/Y" abbreviations kept whole (M&A, R&D, P&L, A/B), which the engine would drop as
 * 1-letter words.
 */
const TOKEN = /(?<![\p{L}\p{N}])(?:\p{L}{1,3}&\p{L}{1,3}|\p{L}\/\p{L})(?![\p{L}\p{N}])|[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[+#][\p{L}\p{M}\p{N}+#]*|[+#]+)?/gu;
const CONJUNCTIONS = new Set(["and", "or", "but", "nor", "и", "или", "либо", "но", "а", "да"]);

/**
 * A word as the matcher stems it: lower-cased, except that "IT" in capitals is the acronym
 * (the engine's stop list has "it"), read as its Russian spelling "ИТ".
 */
function wordOf(token: string): string {
  return token === "IT" ? "ит" : token.toLowerCase();
}

/** 1-letter words are dropped like the engine does; single digits stay ("SOC 2", "Web 3"). */
function tooShort(word: string): boolean {
  return word.length < 2 && !(word >= "0" && word <= "9");
}

/** Token codes below 0: not a phrasing word. */
const UNKNOWN = -1;
const STOP = -2;
const CONJ = -3;
const EXACT_SPAN = 1 << 22;

interface Phrase {
  concept: number;
  stems: Int32Array;
  /** conjOk[j]: a conjunction may stand between stems[j] and stems[j + 1]. */
  conjOk: Uint8Array | null;
  text: string;
}

interface Candidate {
  concept: number;
  n: number;
  first: number;
  last: number;
  used: number[];
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
  return out.map((p) => p.replace(/\s+/g, " ").trim()).filter((p) => p !== "");
}

function isBreakChar(text: string, i: number): boolean {
  switch (text.charCodeAt(i)) {
    case 0x2e: {
      // "." ends a sentence unless a word follows at once ("Node.js", "3.5").
      const next = text.charCodeAt(i + 1);
      return !(next >= 0x30 && next <= 0x39) && !/[\p{L}]/u.test(text.charAt(i + 1));
    }
    case 0x21: // !
    case 0x3f: // ?
    case 0x3b: // ;
    case 0x3a: // :
    case 0x2c: // ,
    case 0x28: // (
    case 0x29: // )
    case 0x0a: // \n
    case 0x0d: // \r
    case 0x2022: // •
    case 0x00b7: // ·
    case 0x2014: // —
    case 0x2013: // –
    case 0x7c: // |
    case 0x2026: // …
      return true;
    default:
      return false;
  }
}

export class Lexicon {
  private readonly entries: ConceptEntry[];
  private readonly byId = new Map<string, number>();
  private readonly vocab = new Map<string, number>();
  private readonly byFirst: Phrase[][] = [];
  private readonly tokenCache = new Map<string, number>();
  /** Phrasings compiled, after brace expansion and de-duplication. */
  readonly phrasingCount: number;

  // Per-call scratch buffers, grown on demand (match() is synchronous).
  private codes = new Int32Array(64);
  private exact = new Int32Array(64);
  private seg = new Int32Array(64);
  private contentBefore = new Int32Array(65);
  private conjBefore = new Int32Array(65);
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);

  constructor(entries: readonly ConceptEntry[]) {
    this.entries = [];
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
    let count = 0;
    this.entries.forEach((e, ci) => {
      const seen = new Set<string>();
      for (const raw of [...e.en, ...e.ru]) {
        for (const text of expandPhrasing(raw)) {
          const phrase = this.compile(ci, text);
          const key = Array.from(phrase.stems).join(" ") + (phrase.conjOk ? `|${Array.from(phrase.conjOk).join("")}` : "");
          if (seen.has(key)) continue;
          seen.add(key);
          count++;
          const first = phrase.stems[0] as number;
          let list = this.byFirst[first];
          if (!list) {
            list = [];
            this.byFirst[first] = list;
          }
          list.push(phrase);
        }
      }
    });
    this.phrasingCount = count;
  }

  get size(): number {
    return this.entries.length;
  }

  concept(id: string): ConceptEntry | undefined {
    const at = this.byId.get(id);
    return at === undefined ? undefined : this.entries[at];
  }

  /** All concepts, built-in first, in definition order. */
  concepts(): readonly ConceptEntry[] {
    return this.entries;
  }

  /** Stems of one expanded phrasing, as the matcher sees them (for tests and tooling). */
  stemsOf(phrasing: string): string[] {
    const out: string[] = [];
    for (const m of phrasing.matchAll(TOKEN)) {
      const t = wordOf(m[0]);
      if (tooShort(t) || CONJUNCTIONS.has(t)) continue;
      const s = m.index > 0 && phrasing.charAt(m.index - 1) === "=" ? `=${t.replaceAll("ё", "е")}` : stemToken(t);
      if (s) out.push(s);
    }
    return out;
  }

  private compile(concept: number, text: string): Phrase {
    const stems: number[] = [];
    const conj: number[] = [];
    let pendingConj = false;
    let last = 0;
    for (const m of text.matchAll(TOKEN)) {
      if (text.slice(last, m.index).includes("&")) pendingConj = true;
      last = m.index + m[0].length;
      const t = wordOf(m[0]);
      if (CONJUNCTIONS.has(t)) {
        pendingConj = true;
        continue;
      }
      if (tooShort(t)) continue;
      const exact = m.index > 0 && text.charAt(m.index - 1) === "=";
      const s = exact ? `=${t.replaceAll("ё", "е")}` : stemToken(t);
      if (!s) continue;
      let id = this.vocab.get(s);
      if (id === undefined) {
        id = this.vocab.size;
        this.vocab.set(s, id);
      }
      if (stems.length > 0) conj.push(pendingConj ? 1 : 0);
      pendingConj = false;
      stems.push(id);
    }
    const entry = this.entries[concept] as ConceptEntry;
    if (stems.length === 0) throw new Error(`lexicon: phrasing "${text}" of concept "${entry.id}" has no content words after stemming`);
    return { concept, stems: Int32Array.from(stems), conjOk: conj.includes(1) ? Uint8Array.from(conj) : null, text };
  }

  /** A token's codes packed in one number: (stem code + 8) * EXACT_SPAN + (exact-form id + 1). */
  private code(token: string): number {
    let c = this.tokenCache.get(token);
    if (c === undefined) {
      const t = wordOf(token);
      let stem: number;
      let exact = -1;
      if (CONJUNCTIONS.has(t)) stem = CONJ;
      else if (tooShort(t)) stem = STOP;
      else {
        const s = stemToken(t);
        stem = s === "" ? STOP : (this.vocab.get(s) ?? UNKNOWN);
        exact = this.vocab.get(`=${t.replaceAll("ё", "е")}`) ?? -1;
      }
      c = (stem + 8) * EXACT_SPAN + exact + 1;
      if (this.tokenCache.size >= 1_000_000) this.tokenCache.clear();
      this.tokenCache.set(token, c);
    }
    return c;
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
    this.contentBefore = copy(this.contentBefore, 1);
    this.conjBefore = copy(this.conjBefore, 1);
  }

  /** Concepts mentioned in a text, in text order; overlapping matches resolved longest-phrase-first. */
  match(text: string | null | undefined): ConceptMatch[] {
    if (!text) return [];
    // 1. Tokens: code, clause id, and running counts of content words and conjunctions.
    let n = 0;
    let segment = 0;
    let content = 0;
    let conj = 0;
    let prevEnd = 0;
    let any = false;
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
      const start = m.index;
      for (let i = prevEnd; i < start; i++) {
        if (isBreakChar(text, i)) {
          segment++;
          break;
        }
      }
      for (let i = prevEnd; i < start; i++) if (text.charCodeAt(i) === 0x26) conj++;
      const token = m[0];
      prevEnd = start + token.length;
      const packed = this.code(token);
      const c = Math.floor(packed / EXACT_SPAN) - 8;
      const x = (packed % EXACT_SPAN) - 1;
      if (c === STOP && tooShort(token)) continue;
      this.grow(n + 1);
      this.contentBefore[n] = content;
      this.conjBefore[n] = conj;
      this.codes[n] = c;
      this.exact[n] = x;
      this.seg[n] = segment;
      this.starts[n] = start;
      this.ends[n] = prevEnd;
      if (c >= 0 || x >= 0) any = true;
      if (c >= 0 || c === UNKNOWN) content++;
      else if (c === CONJ) conj++;
      n++;
    }
    if (!any) return [];
    this.contentBefore[n] = content;
    this.conjBefore[n] = conj;

    // 2. Candidate matches of every phrasing starting at every word.
    const candidates: Candidate[] = [];
    const used: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 2; k++) {
        const c = (k === 0 ? this.codes[i] : this.exact[i]) as number;
        if (c < 0) continue;
        const list = this.byFirst[c];
        if (!list) continue;
        for (const phrase of list) {
          used.length = 0;
          used.push(i);
          if (phrase.stems.length === 1 || this.extend(phrase, 1, i, n, used)) {
            candidates.push({ concept: phrase.concept, n: phrase.stems.length, first: i, last: used[used.length - 1] as number, used: used.slice() });
          }
        }
      }
    }
    if (candidates.length === 0) return [];

    // 3. Longest phrasing first, then the tighter span, then the earlier one.
    candidates.sort((a, b) => b.n - a.n || a.last - a.first - (b.last - b.first) || a.first - b.first || a.concept - b.concept);
    const taken = new Map<number, Candidate>();
    const accepted: Candidate[] = [];
    for (const cand of candidates) {
      let clash = false;
      for (const p of cand.used) {
        const owner = taken.get(p);
        // The same words carrying two concepts (a tenant phrasing equal to a built-in one) keep both.
        if (owner && !(owner.first === cand.first && owner.last === cand.last && owner.n === cand.n && owner.concept !== cand.concept)) {
          clash = true;
          break;
        }
      }
      if (clash) continue;
      if (accepted.some((a) => a.concept === cand.concept && a.first === cand.first && a.last === cand.last)) continue;
      for (const p of cand.used) if (!taken.has(p)) taken.set(p, cand);
      accepted.push(cand);
    }
    accepted.sort((a, b) => a.first - b.first || a.last - b.last || a.concept - b.concept);
    return accepted.map((a) => {
      const e = this.entries[a.concept] as ConceptEntry;
      const start = this.starts[a.first] as number;
      const end = this.ends[a.last] as number;
      return { concept: e.id, topic: e.topic, start, end, surface: text.slice(start, end) };
    });
  }

  /** Finds stems[j..] after word `p` within the gap limits; backtracks over nearer/farther choices. */
  private extend(phrase: Phrase, j: number, p: number, n: number, used: number[]): boolean {
    if (j === phrase.stems.length) return true;
    const want = phrase.stems[j] as number;
    const conjOk = phrase.conjOk ? phrase.conjOk[j - 1] === 1 : false;
    const seg = this.seg[p] as number;
    const limit = Math.min(n - 1, p + 1 + MAX_TOTAL_GAP);
    for (let q = p + 1; q <= limit; q++) {
      if (this.seg[q] !== seg) return false;
      if ((this.contentBefore[q] as number) - (this.contentBefore[p + 1] as number) > MAX_CONTENT_GAP) return false;
      if (!conjOk && (this.conjBefore[q] as number) > (this.conjBefore[p] as number)) return false;
      if (!conjOk && this.codes[q] === CONJ) return false;
      if (this.codes[q] !== want && this.exact[q] !== want) continue;
      used.push(q);
      if (this.extend(phrase, j + 1, q, n, used)) return true;
      used.pop();
    }
    return false;
  }
}
