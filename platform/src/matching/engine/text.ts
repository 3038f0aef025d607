/**
 * Text normalisation for relevance: tokenise, drop stop words, stem per token script
 * (Cyrillic -> Russian Snowball, Latin -> English Porter2), then fold a few derivational
 * suffixes so that "programmers" / "programming" and "программисты" / "программирование"
 * land on the same term. Stems are only ever compared with each other, never shown: the
 * reasons re-tokenise with `tokenizeWithSurface` to show the member's own words.
 */
import { stemmer as stemEn } from "@orama/stemmers/english";
import { stemmer as stemRu } from "@orama/stemmers/russian";

const EN_STOP = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
    "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
    "these they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours yourself yourselves also etc via per like get got really much many well lot lots " +
    // Template words every profile uses ("I am looking for someone who can help with ..."):
    // they carry no signal about WHAT a member needs or offers.
    "help helping looking look find finding want wanting need needs needed someone somebody anyone people person " +
    "interested interest interests open new meet meeting share sharing happy love glad able ready seeking seek " +
    "experience experienced year years work working know knows knowing ask advice"
  ).split(" "),
);

const RU_STOP = new Set(
  (
    "и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще " +
    "нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом " +
    "себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже себе под " +
    "будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее сейчас были куда " +
    "зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая " +
    "много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно " +
    "всю между это этим этих эта тех такие такая такое также которые который которая которых очень свой свои своих своей нам наш наши " +
    // Template words ("ищу людей, которые могут помочь с ...").
    "ищу ищем искать хочу хотим хотел хотела помочь помогу можем могу могут помощь помощи нужна нужен нужно нужны " +
    "людей люди человека человек кого кто-то интересно интересует интерес открыт открыта готов готова познакомиться " +
    "знакомства опыт опытом лет год года работаю работа работы тема темы теме темой темам темами разбираюсь " +
    "разбирается понимает понимаю поделиться совет совета советы"
  ).split(" "),
);

/** Derivational suffixes folded after stemming, longest first; applied while the rest stays >= 4 chars. */
const EN_FOLD = ["ist", "or", "er"];
const RU_FOLD = ["ировани", "ирован", "изаци", "ирова", "ист", "щик", "чик", "тель", "олог", "инг", "ств", "ер", "ор", "ик", "к"];
const MIN_STEM = 4;

const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /[a-z]/;
/** Letters with their combining marks (Devanagari vowel signs are marks), digits, and a C++/C# tail. */
const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[+#][\p{L}\p{M}\p{N}+#]*|[+#]+)?/gu;

export type Script = "ru" | "en" | "other";

export function scriptOf(token: string): Script {
  if (CYRILLIC.test(token)) return "ru";
  if (LATIN.test(token)) return "en";
  return "other";
}

function fold(stem: string, suffixes: readonly string[]): string {
  let s = stem;
  for (let changed = true; changed; ) {
    changed = false;
    for (const suffix of suffixes) {
      if (s.length - suffix.length >= MIN_STEM && s.endsWith(suffix)) {
        s = s.slice(0, -suffix.length);
        changed = true;
        break;
      }
    }
  }
  return s;
}

const DOUBLE_CONSONANT = /([bcdfghjklmnpqrstvwxz])\1$/;

/** Stems one lower-cased token by its own script; returns "" for a stop word. */
export function stemToken(token: string): string {
  const script = scriptOf(token);
  if (script === "ru") {
    const t = token.replaceAll("ё", "е");
    if (RU_STOP.has(t)) return "";
    return fold(stemRu(t), RU_FOLD);
  }
  if (script === "en") {
    if (EN_STOP.has(token)) return "";
    // Porter2 leaves "programm" for "programmer" but "program" for "programming".
    let s = fold(stemEn(token), EN_FOLD);
    if (DOUBLE_CONSONANT.test(s)) s = s.slice(0, -1);
    return s;
  }
  return token;
}

/**
 * A memoising stemmer: a community's vocabulary is small compared with its word count, so
 * each distinct word is stemmed once per corpus build.
 */
export class Stemmer {
  private readonly cache = new Map<string, string>();

  stem(token: string): string {
    let s = this.cache.get(token);
    if (s === undefined) {
      s = stemToken(token);
      this.cache.set(token, s);
    }
    return s;
  }

  /** Stemmed terms of a text, in order, stop words and 1-char tokens removed. */
  terms(text: string | null | undefined): string[] {
    const out: string[] = [];
    if (!text) return out;
    for (const m of text.toLowerCase().matchAll(TOKEN)) {
      const token = m[0];
      if (token.length < 2) continue;
      const s = this.stem(token);
      if (s) out.push(s);
    }
    return out;
  }
}

export interface SurfaceToken {
  term: string;
  /** The word as the member wrote it (original case). */
  surface: string;
  /** Offsets of the word in the text. */
  start: number;
  end: number;
}

/** Like `Stemmer.terms` but keeps the surface form of every token, for reasons. */
export function tokenizeWithSurface(text: string | null | undefined, stemmer: Stemmer = defaultStemmer): SurfaceToken[] {
  const out: SurfaceToken[] = [];
  if (!text) return out;
  for (const m of text.matchAll(TOKEN)) {
    const surface = m[0];
    if (surface.length < 2) continue;
    const term = stemmer.stem(surface.toLowerCase());
    if (term) out.push({ term, surface, start: m.index, end: m.index + surface.length });
  }
  return out;
}

const defaultStemmer = new Stemmer();

/** Stemmed terms of a text with a shared process-wide cache (tests, single lookups). */
export function terms(text: string | null | undefined): string[] {
  return defaultStemmer.terms(text);
}

/** Normalises a tag for comparison: case, ё, inner whitespace and surrounding punctuation. */
export function normalizeTag(tag: string): string {
  return tag
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/^[\s#.,;:!?"'«»()-]+|[\s.,;:!?"'«»()-]+$/g, "")
    .replace(/\s+/g, " ");
}

/** City aliases: the same city is written in EN, RU and short forms by different members. */
const CITY_ALIASES: Record<string, string> = {
  moscow: "moscow",
  москва: "moscow",
  мск: "moscow",
  msk: "moscow",
  "saint petersburg": "saint petersburg",
  "st petersburg": "saint petersburg",
  "st. petersburg": "saint petersburg",
  "sankt-peterburg": "saint petersburg",
  "санкт-петербург": "saint petersburg",
  "санкт петербург": "saint petersburg",
  петербург: "saint petersburg",
  питер: "saint petersburg",
  спб: "saint petersburg",
  spb: "saint petersburg",
  "нью-йорк": "new york",
  nyc: "new york",
  "new york city": "new york",
  лондон: "london",
  берлин: "berlin",
  тбилиси: "tbilisi",
  ереван: "yerevan",
  алматы: "almaty",
  "almaty kazakhstan": "almaty",
  дубай: "dubai",
  белград: "belgrade",
  лиссабон: "lisbon",
  лимассол: "limassol",
  новосибирск: "novosibirsk",
  екатеринбург: "yekaterinburg",
  ekaterinburg: "yekaterinburg",
  казань: "kazan",
  минск: "minsk",
  киев: "kyiv",
  kiev: "kyiv",
  париж: "paris",
  амстердам: "amsterdam",
  "сан-франциско": "san francisco",
  sf: "san francisco",
};

/** Normalised city key ("" when unknown): case, ё, "г." / "city of" prefixes, aliases. */
export function normalizeCity(city: string | null | undefined): string {
  if (!city) return "";
  const base = city
    .toLowerCase()
    .replaceAll("ё", "е")
    .split(",")[0]
    ?.replace(/^\s*(г\.|город|city of)\s*/u, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!base) return "";
  return CITY_ALIASES[base] ?? base;
}

/** Legal-form words dropped from company names, compared after lowercasing and removing punctuation. */
const COMPANY_FORMS = new Set(["inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "co", "gmbh", "plc", "ооо", "оао", "зао", "пао", "ао", "ип"]);

/**
 * Normalised company key ("" when unknown, and "" never equals anything): case, ё, quotes and
 * punctuation, whitespace, and legal forms (Inc, LLC, Ltd, GmbH, ООО, АО, ...) anywhere in the name:
 * "Acme, Inc." = "ACME" and "ООО «Точка»" = "точка" (a transliteration is another name).
 */
export function normalizeCompany(company: string | null | undefined): string {
  if (!company) return "";
  return company
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .split(" ")
    .filter((w) => w !== "" && !COMPANY_FORMS.has(w))
    .join(" ");
}
