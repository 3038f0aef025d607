import type { i18n as I18next, TFunction } from "i18next";
import { useMemo, useSyncExternalStore } from "react";

/**
 * The texts of the components in the entry bundle (issue 17): the login page, the layout around
 * every page and the not-found page. They render as soon as the core texts of the language are in
 * (the same translation files i18next reads, index.ts LOADERS), without waiting for i18next and
 * react-i18next, which load in parallel as a chunk of their own and take over once started
 * (takeI18next): from then on `t` is i18next's own, and a language switch re-renders these
 * components as react-i18next would. Only what the core texts use is read here: a key by its dotted
 * path and `{{name}}` values; first-paint.test.ts checks every core text in both
 * languages reads the same as through i18next. Every other component uses react-i18next directly.
 */
type Table = Record<string, unknown>;
type Options = { ns?: string } & Record<string, unknown>;

let table: Table = {};
let language = "en";
let instance: I18next | null = null;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** The core texts of the first render's language, by namespace. */
export function setFirstPaintTexts(lang: string, texts: Table): void {
  language = lang;
  table = texts;
  document.documentElement.lang = lang;
}

/** i18next has started: it answers from now on, and a language change re-renders. */
export function takeI18next(i18n: I18next): void {
  instance = i18n;
  i18n.on("languageChanged", changed);
  changed();
}

function lookup(texts: Table, ns: string, key: string): string | undefined {
  let node: unknown = texts[ns];
  for (const part of key.split(".")) node = node !== null && typeof node === "object" ? (node as Table)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** A text of `texts` (namespaces by name) with its `{{name}}` values, or the key when there is none (as i18next). */
export function readText(texts: Table, defaultNs: string, key: string, options?: Options): string {
  const text = lookup(texts, options?.ns ?? defaultNs, key);
  if (text === undefined) return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!options || !(name in options)) return whole;
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => version;

type FirstPaintI18n = Pick<I18next, "language" | "exists">;

/** react-i18next's useTranslation for the entry's components (see above); `ns` is one namespace. */
export function useTranslation<const N extends Parameters<I18next["getFixedT"]>[1] & string>(ns: N): { t: TFunction<N>; i18n: FirstPaintI18n } {
  const current = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    void current;
    if (instance) return { t: instance.getFixedT(null, ns), i18n: instance };
    const t = ((key: string, options?: Options) => readText(table, ns, key, options)) as unknown as TFunction<N>;
    const exists = ((key: string, options?: Options) => lookup(table, options?.ns ?? ns, key) !== undefined) as FirstPaintI18n["exists"];
    return { t, i18n: { language, exists } };
  }, [current, ns]);
}
