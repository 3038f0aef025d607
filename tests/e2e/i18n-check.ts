import type { Page } from "@playwright/test";

/**
 * The rendered-screen half of "RU/EN complete" (issue 17): every visible text of a screen (text
 * nodes and the aria-label, placeholder, title and alt of visible elements) must come from the
 * app's translation files of the screen's language, or from data the page loaded (any JSON the
 * page fetched: member names, community texts, match reasons; whole strings, or several side by
 * side), or be a date as Intl writes it, or have no letters at all.
 * Screens are checked in Russian, so a hard-coded English text never passes by being equal to an
 * English value somewhere in the files.
 */

const LETTER = /\p{L}/u;
/** Leading and trailing characters that are neither letters nor digits: punctuation, arrows, bullets. */
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const core = (s: string) => s.replace(/\s+/g, " ").replace(EDGES, "");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Placeholders of i18next ({{name}}) and polyglot (%{name}). */
const PLACEHOLDER = /\{\{[^}]+\}\}|%\{[^}]+\}/g;
const HAS_PLACEHOLDER = new RegExp(PLACEHOLDER.source);
/** Markup of <Trans> values (<1>…</1>, <strong>…</strong>) and polyglot's plural separator. */
const PIECES = /<\/?\d+>|<\/?[a-z]+\s*\/?>|\s*\|\|\|\|\s*/;

export type Catalog = { exact: Set<string>; patterns: RegExp[] };

function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object") for (const v of Object.values(value)) leaves(v, out);
  return out;
}

/** Every value of a translation tree (and each piece of a value split by its markup) as exact texts and patterns. */
export function catalog(messages: unknown): Catalog {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const value of leaves(messages)) {
    for (const piece of value.split(PIECES)) {
      const c = core(piece);
      if (!c) continue;
      if (!HAS_PLACEHOLDER.test(piece)) {
        exact.add(c);
        continue;
      }
      // Only placeholders ("{{name}}"): nothing of the interface, the data check covers it.
      if (!LETTER.test(piece.replace(PLACEHOLDER, ""))) continue;
      const parts = piece.replace(/\s+/g, " ").trim().split(PLACEHOLDER).map(escapeRegExp);
      patterns.push(new RegExp(`^(?:[^\\p{L}\\p{N}]*)${parts.join(".+?")}(?:[^\\p{L}\\p{N}]*)$`, "su"));
    }
  }
  return { exact, patterns };
}

const HTML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** Collects every string in the JSON responses the page receives (data, not interface text). */
export type PageData = { strings: Set<string>; initials: Set<string>; pending: Set<Promise<void>> };

export function watchData(page: Page): PageData {
  const strings = new Set<string>();
  const initials = new Set<string>();
  const add = (v: unknown) => {
    for (const s of leaves(v)) {
      strings.add(core(s));
      for (const w of s.match(/\p{L}+/gu) ?? []) initials.add((w[0] ?? "").toUpperCase());
    }
  };
  const pending = new Set<Promise<void>>();
  page.on("response", (res) => {
    const type = res.headers()["content-type"] ?? "";
    // A page carries its community's configuration in a meta tag (platform/src/web/head.ts): data too.
    const fromPage = (html: string) => {
      const content = /<meta name="tuesday-community" content="([^"]*)"/.exec(html)?.[1];
      if (content) add(JSON.parse(content.replace(/&(amp|lt|gt|quot|#39);/g, (m) => HTML_ENTITIES[m] ?? m)));
    };
    if (!type.includes("json") && !(type.includes("text/html") && res.request().resourceType() === "document")) return;
    const read = (type.includes("json") ? res.json().then(add) : res.text().then(fromPage)).then(undefined, () => {
      // A redirect or an empty body: no data.
    });
    pending.add(read);
    void read.finally(() => pending.delete(read));
  });
  return { strings, initials, pending };
}

/** The visible texts of the page as the member sees them (and as assistive technology reads them). */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let last: Node | null = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest("script,style,noscript,template,[hidden],[aria-hidden=true]") || !el.checkVisibility()) continue;
      const t = n.textContent?.trim();
      if (!t) continue;
      // A word broken only by <wbr> (an e-mail address wrapping at its dots) is one text to a reader.
      if (last !== null && n.previousSibling?.nodeName === "WBR" && n.previousSibling.previousSibling === last) out[out.length - 1] += t;
      else out.push(t);
      last = n;
    }
    for (const el of document.body.querySelectorAll<HTMLElement>("[aria-label],[placeholder],[title],img[alt]")) {
      if (el.closest("[aria-hidden=true]") || !(el.checkVisibility() || el.matches("input,textarea"))) continue;
      for (const a of ["aria-label", "placeholder", "title", "alt"]) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** Month, weekday and time-zone names of the language as Intl formats dates (the app formats dates with Intl). */
function dateWords(lang: string): Set<string> {
  const words = new Set<string>();
  const add = (s: string) => {
    for (const w of s.match(/\p{L}+/gu) ?? []) words.add(w.toLowerCase());
  };
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2026, m, 15));
    for (const month of ["long", "short"] as const) add(new Intl.DateTimeFormat(lang, { day: "numeric", month, year: "numeric", weekday: "short" }).format(d));
    for (const month of ["long", "short"] as const) add(new Intl.DateTimeFormat(lang, { month }).format(d));
  }
  for (let day = 0; day < 7; day++) add(new Intl.DateTimeFormat(lang, { weekday: "long" }).format(new Date(Date.UTC(2026, 0, 4 + day))));
  // Time-zone names as Intl writes them (an event's time names its zone), in winter and in summer.
  for (const timeZone of Intl.supportedValuesOf("timeZone")) {
    for (const d of [new Date(Date.UTC(2026, 0, 15)), new Date(Date.UTC(2026, 6, 15))]) {
      add(new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: "long" }).formatToParts(d).find((p) => p.type === "timeZoneName")?.value ?? "");
    }
  }
  return words;
}

/** Waits until every response the page has received is read (its data known). */
export async function dataSettled(data: PageData): Promise<void> {
  while (data.pending.size) await Promise.all(data.pending);
}

/** The texts of `texts` that come neither from `cat` nor from the page's data. */
export function foreignTexts(texts: string[], cat: Catalog, data: PageData, lang: string): string[] {
  const dates = dateWords(lang);
  const isDate = (c: string) => (c.match(/\p{L}+/gu) ?? []).every((w) => dates.has(w.toLowerCase()));
  const single = (c: string) => cat.exact.has(c) || cat.patterns.some((p) => p.test(c)) || data.strings.has(c) || isDate(c);
  // Runs of words each of which is a known text ("Anna Maria" + "Smith": a first and a last name of
  // several words each): whether the words split into such runs, left to right.
  const runs = (c: string) => {
    const words = c.split(/\s+/).filter((w) => w !== "");
    const ok = [true];
    for (let i = 1; i <= words.length; i++) {
      ok[i] = false;
      for (let j = i - 1; j >= 0 && !ok[i]; j--) ok[i] = (ok[j] ?? false) && single(core(words.slice(j, i).join(" ")));
    }
    return words.length > 1 && (ok[words.length] ?? false);
  };
  // One known text, or several side by side (a first and a last name; reasons or language names in a list).
  const known = (c: string) =>
    single(c) ||
    runs(c) ||
    (() => {
      const parts = c.split(/\s*[;·•|,]\s*/).map(core).filter((p) => LETTER.test(p));
      return parts.length > 1 && parts.every((p) => single(p) || runs(p));
    })();
  const bad = new Set<string>();
  for (const text of texts) {
    if (!LETTER.test(text)) continue;
    const c = core(text);
    if (known(c) || cat.patterns.some((p) => p.test(text.replace(/\s+/g, " ").trim()))) continue;
    // Initials of a name (an avatar without a photo): each letter starts a word of the data.
    if (/^\p{Lu}{1,3}$/u.test(c) && [...c].every((ch) => data.initials.has(ch))) continue;
    bad.add(text);
  }
  return [...bad];
}
