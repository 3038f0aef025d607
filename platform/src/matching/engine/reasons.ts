/**
 * Why two members were matched: structured reasons built from the relevance breakdown
 * (stored with the match, shown to both members) and their EN / RU sentences. A reason is
 * about the pair (A, B); the renderer phrases it from one viewer's side.
 */
import { textsFor } from "../../i18n/texts.ts";
import type { CommunityModel } from "./corpus.ts";
import { type RelevanceBreakdown, relevance } from "./relevance.ts";
import { Stemmer, tokenizeWithSurface } from "./text.ts";
import { pairComponents } from "./semantic.ts";
import type { Gender, MemberFeatures } from "./types.ts";

export type MatchReason =
  | { kind: "admin_pick" }
  | { kind: "shared_tags"; tags: string[] }
  /**
   * a_to_b: A can help with what B looks for. `terms` are phrases in the seeker's own words
   * ("grant writing for nonprofits"), strongest first.
   */
  | { kind: "can_help_with"; direction: "a_to_b" | "b_to_a"; terms: string[] }
  /**
   * a_to_b: A offers what B needs, matched over concepts / topics. `needs` name the matched need
   * in both languages (a lexicon concept's label, or the community's topic label), strongest first.
   */
  | { kind: "helps_with_need"; direction: "a_to_b" | "b_to_a"; needs: { en: string; ru: string }[] }
  /** `city` is the display name, `key` the normalised city. */
  | { kind: "same_city"; city: string; key: string }
  | { kind: "shared_answers"; count: number };

export type RecommendationWhy = "odd_count" | "no_free_candidate";

const surfaceStemmer = new Stemmer();

function sharedTags(m: CommunityModel, a: number, b: number, max: number): string[] {
  const shared: number[] = [];
  const items = m.tags.items;
  let i = m.tags.offsets[a] as number;
  let j = m.tags.offsets[b] as number;
  while (i < (m.tags.offsets[a + 1] as number) && j < (m.tags.offsets[b + 1] as number)) {
    const x = items[i] as number;
    const y = items[j] as number;
    if (x === y) {
      shared.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  // Rarest (highest IDF) first: "you both care about Rust" says more than "about Startups".
  shared.sort((x, y) => (m.tagIdf[y] as number) - (m.tagIdf[x] as number) || x - y);
  return shared.slice(0, max).map((t) => m.tagNames[t] as string);
}

/** Punctuation between two words ends a phrase ("fundraising, pitch decks" is two). */
const PHRASE_BREAK = /[,.;:!?()\n]/;

/** A phrase that opened the member's sentence ("Scaling a startup") reads lower-case mid-sentence. */
function displayPhrase(text: string, before: string): string {
  const sentenceStart = /(^|[.!?]\s*)$/.test(before.trimEnd()) || before.trim() === "";
  return sentenceStart && /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * What `helper` offers of what `seeker` needs, in the seeker's own words, best first: runs
 * of consecutive matching words of the seeker's "looking for" / "need help with" become one
 * phrase ("grant writing for nonprofits"), ranked by the TF-IDF weight they carry.
 */
function helpTerms(m: CommunityModel, helper: number, seeker: number, max: number): string[] {
  const weightOf = new Map<string, number>();
  const o = m.offer;
  const nd = m.need;
  let i = o.offsets[helper] as number;
  let j = nd.offsets[seeker] as number;
  while (i < (o.offsets[helper + 1] as number) && j < (nd.offsets[seeker + 1] as number)) {
    const x = o.items[i] as number;
    const y = nd.items[j] as number;
    if (x === y) {
      weightOf.set(m.termNames[x] as string, (o.weights[i] as number) * (nd.weights[j] as number));
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  if (weightOf.size === 0) return [];
  const s = m.members[seeker];
  const phrases: { text: string; before: string; terms: string[]; weight: number }[] = [];
  for (const text of [s?.lookingFor ?? "", s?.needHelpWith ?? ""]) {
    const tokens = tokenizeWithSurface(text, surfaceStemmer);
    let run: typeof tokens = [];
    const close = (): void => {
      const first = run[0];
      const last = run[run.length - 1];
      if (first && last) {
        const terms = [...new Set(run.map((t) => t.term))];
        phrases.push({ text: text.slice(first.start, last.end), before: text.slice(0, first.start), terms, weight: terms.reduce((sum, t) => sum + (weightOf.get(t) ?? 0), 0) });
      }
      run = [];
    };
    for (const tok of tokens) {
      const prev = run[run.length - 1];
      if (prev && PHRASE_BREAK.test(text.slice(prev.end, tok.start))) close();
      if (weightOf.has(tok.term)) run.push(tok);
      else close();
    }
    close();
  }
  phrases.sort((p, q) => q.weight - p.weight);
  const out: string[] = [];
  const covered = new Set<string>();
  for (const p of phrases) {
    if (p.terms.every((t) => covered.has(t))) continue;
    const shown = displayPhrase(p.text, p.before);
    if (!out.includes(shown)) out.push(shown);
    for (const t of p.terms) covered.add(t);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * The needs of `seeker` that `helper` offers, named in both languages, strongest first: a shared
 * concept by its lexicon label; a shared topic by the community's label (or, for a topic only
 * known from a concept, that topic's own concept-free match is left out when a concept of it is
 * already named).
 */
function helpNeeds(m: CommunityModel, helper: number, seeker: number, max: number): { en: string; ru: string }[] {
  const shared: { name: string; weight: number }[] = [];
  const o = m.coffer;
  const nd = m.cneed;
  let i = o.offsets[helper] as number;
  let j = nd.offsets[seeker] as number;
  while (i < (o.offsets[helper + 1] as number) && j < (nd.offsets[seeker + 1] as number)) {
    const x = o.items[i] as number;
    const y = nd.items[j] as number;
    if (x === y) {
      shared.push({ name: m.conceptNames[x] as string, weight: (o.weights[i] as number) * (nd.weights[j] as number) });
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  shared.sort((p, q) => q.weight - p.weight || (p.name < q.name ? -1 : 1));
  const out: { en: string; ru: string }[] = [];
  const topicsNamed = new Set<string>();
  for (const f of shared.filter((s) => s.name.startsWith("c:"))) {
    const concept = m.concepts?.concept(f.name.slice(2));
    if (!concept) continue;
    topicsNamed.add(concept.topic);
    out.push({ en: concept.label.en, ru: concept.label.ru });
  }
  for (const f of shared.filter((s) => s.name.startsWith("t:"))) {
    const key = f.name.slice(2);
    if (topicsNamed.has(key)) continue;
    const label = m.topicLabels.get(key);
    const en = label?.en ?? label?.ru;
    const ru = label?.ru ?? label?.en;
    if (en && ru) out.push({ en, ru });
  }
  return out.slice(0, max);
}

/** Longest need the reason quotes in the member's own words. */
const NEED_QUOTE = 90;

/** The member's first stated need as they wrote it, cut at a sentence end or NEED_QUOTE characters. */
function needInOwnWords(member: MemberFeatures | undefined): string {
  const text = [member?.lookingFor, member?.needHelpWith].map((t) => (t ?? "").trim()).find((t) => t.length > 0) ?? "";
  const first = (text.split(/(?<=[.!?;])\s+|\n+/)[0] ?? "").replace(/[.!?;]+$/, "").trim();
  if (first.length <= NEED_QUOTE) return first;
  const cut = first.slice(0, NEED_QUOTE);
  const space = cut.lastIndexOf(" ");
  return `${(space > NEED_QUOTE / 2 ? cut.slice(0, space) : cut).trim()}…`;
}

/**
 * Reasons for the pair (a, b) (model indices or ids), strongest first. Pass the breakdown
 * when it is already computed.
 */
export function explainPair(m: CommunityModel, aRef: number | string, bRef: number | string, breakdown?: RelevanceBreakdown): MatchReason[] {
  const resolve = (ref: number | string): number => {
    const i = typeof ref === "number" ? ref : m.indexOf.get(ref);
    if (i === undefined || i < 0 || i >= m.n) throw new Error(`matching: unknown member ${String(ref)}`);
    return i;
  };
  const a = resolve(aRef);
  const b = resolve(bRef);
  const r = breakdown ?? relevance(m, a, b).breakdown;
  const cfg = m.weights.reasons;
  const ranked: { reason: MatchReason; weight: number }[] = [];
  if (r.admin && r.admin.score >= m.weights.admin.pickThreshold) ranked.push({ reason: { kind: "admin_pick" }, weight: Number.POSITIVE_INFINITY });
  if (r.tags.similarity > 0) {
    const tags = sharedTags(m, a, b, cfg.maxItems);
    if (tags.length > 0) ranked.push({ reason: { kind: "shared_tags", tags }, weight: r.tags.contribution });
  }
  const comp = m.components.complementarity;
  const named = new Set<string>();
  for (const [direction, sim, helper, seeker] of [
    ["a_to_b", r.topics.aToB, a, b],
    ["b_to_a", r.topics.bToA, b, a],
  ] as const) {
    if (sim < cfg.minComplementarity) continue;
    const needs = helpNeeds(m, helper, seeker, cfg.maxItems);
    if (needs.length === 0) continue;
    named.add(direction);
    ranked.push({ reason: { kind: "helps_with_need", direction, needs }, weight: m.components.topics * sim });
  }
  // The meaning of the texts met a need the lexicon did not name: the need in the seeker's own words.
  const sc = pairComponents(m, a, b);
  for (const [direction, sim, seeker] of [
    ["a_to_b", r.semantic.aToB, b],
    ["b_to_a", r.semantic.bToA, a],
  ] as const) {
    if (sim < m.weights.semantic.minReason || named.has(direction)) continue;
    const need = needInOwnWords(m.members[seeker]);
    if (need === "") continue;
    named.add(direction);
    ranked.push({ reason: { kind: "helps_with_need", direction, needs: [{ en: need, ru: need }] }, weight: sc.semantic * sim });
  }
  for (const [direction, sim, helper, seeker] of [
    ["a_to_b", r.complementarity.aToB, a, b],
    ["b_to_a", r.complementarity.bToA, b, a],
  ] as const) {
    // The need is already named by its concept: the same help in the seeker's words would repeat it.
    if (sim < cfg.minComplementarity || named.has(direction)) continue;
    const terms = helpTerms(m, helper, seeker, cfg.maxItems);
    if (terms.length > 0) ranked.push({ reason: { kind: "can_help_with", direction, terms }, weight: comp * sim });
  }
  if (r.city.same) {
    const id = m.cityId[a] as number;
    const display = m.cityNames[id] ?? "";
    const key = m.cityKeys[id] ?? "";
    ranked.push({ reason: { kind: "same_city", city: display, key }, weight: r.city.contribution });
  }
  if (r.answers.shared >= cfg.minSharedAnswers) ranked.push({ reason: { kind: "shared_answers", count: r.answers.shared }, weight: r.answers.contribution });
  ranked.sort((x, y) => y.weight - x.weight);
  return ranked.map((x) => x.reason);
}

// ---------------------------------------------------------------------------------------
// Rendering

export type Lang = "en" | "ru";

export interface RenderOptions {
  lang: Lang;
  /** Which member of the pair reads the sentence. */
  viewer: "a" | "b";
  /** Gender of the other member; unknown -> neutral wording. */
  partnerGender?: Gender | null;
}

/** Russian genitive ("из Москвы") and English names of the cities the normaliser knows. */
const CITY_RU_GENITIVE: Record<string, string> = {
  moscow: "Москвы",
  "saint petersburg": "Санкт-Петербурга",
  london: "Лондона",
  berlin: "Берлина",
  tbilisi: "Тбилиси",
  yerevan: "Еревана",
  almaty: "Алматы",
  dubai: "Дубая",
  belgrade: "Белграда",
  lisbon: "Лиссабона",
  limassol: "Лимассола",
  "new york": "Нью-Йорка",
  "san francisco": "Сан-Франциско",
  novosibirsk: "Новосибирска",
  yekaterinburg: "Екатеринбурга",
  kazan: "Казани",
  minsk: "Минска",
  kyiv: "Киева",
  paris: "Парижа",
  amsterdam: "Амстердама",
};

function titleCase(s: string): string {
  return s.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** One reason as a sentence for the viewer (texts in platform/src/i18n, `reasons.*`). */
export function renderReason(reason: MatchReason, o: RenderOptions): string {
  const t = textsFor(o.lang);
  const context = o.partnerGender === "female" || o.partnerGender === "male" ? o.partnerGender : undefined;
  switch (reason.kind) {
    case "admin_pick":
      return t("reasons.adminPick");
    case "shared_tags":
      return t("reasons.sharedTags", { tags: reason.tags.join(", ") });
    case "can_help_with": {
      const partnerHelps = (reason.direction === "b_to_a") === (o.viewer === "a");
      return t(partnerHelps ? "reasons.partnerCanHelp" : "reasons.youCanHelp", { list: reason.terms.join(", "), context });
    }
    case "helps_with_need": {
      const list = reason.needs.map((x) => x[o.lang]).join(", ");
      const partnerHelps = (reason.direction === "b_to_a") === (o.viewer === "a");
      return t(partnerHelps ? "reasons.partnerHelpsNeed" : "reasons.youHelpNeed", { list, context });
    }
    case "same_city": {
      const genitive = CITY_RU_GENITIVE[reason.key];
      if (!genitive) return t("reasons.sameCity", { city: reason.city });
      return t("reasons.sameCity", { city: o.lang === "ru" ? genitive : titleCase(reason.key), context: "known" });
    }
    case "shared_answers":
      return t("reasons.sharedAnswers", { count: reason.count });
  }
}

export function renderReasons(reasons: readonly MatchReason[], o: RenderOptions): string[] {
  return reasons.map((r) => renderReason(r, o));
}

/** Why a member got a recommendation instead of a weekly pair. */
export function renderRecommendationWhy(why: RecommendationWhy, lang: Lang): string {
  return textsFor(lang)(why === "odd_count" ? "reasons.oddCount" : "reasons.noFreeCandidate");
}
