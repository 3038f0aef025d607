/**
 * Server texts (decision 0111): typed per-language catalogues (`en.ts`, `ru.ts`) in i18next's
 * format (`{{name}}`, plural `_one` / `_few` / `_many` / `_other` by `count`, variants `_<context>`),
 * and `textsFor(lang)`, a `t` fixed to a language whose keys are checked against `en.ts`. The
 * resolver is this file's few lines rather than i18next itself: i18next's `t` measured 0.12-0.18 ms
 * a call, several per weekly e-mail, on a path that mails every member.
 */
import type { Lang } from "../tenancy/schema.ts";
import { type Catalogue, en, type Texts } from "./en.ts";
import { ru } from "./ru.ts";

type Suffix = "one" | "few" | "many" | "other" | "hidden" | "forwarded" | "link" | "position" | "female" | "male" | "known";
type Base<K extends string> = K extends `${infer B}_${Suffix}` ? Base<B> : K;
type Leaves<T, P extends string = ""> = { [K in keyof T & string]: T[K] extends string ? Base<`${P}${K}`> : Leaves<T[K], `${P}${K}.`> }[keyof T & string];
/** Every key of the server catalogue, as `t` takes it ("mail.otp.subject"). */
export type TextKey = Leaves<Catalogue>;

export type Translate = (key: TextKey, vars?: Record<string, string | number | undefined>) => string;

export const catalogues: Record<Lang, Texts> = { en, ru };

/** Each language's texts by full key ("mail.otp.subject", "mail.digest.title_one"). */
const flat = new Map<Lang, Map<string, string>>();
function flatten(texts: Texts, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [k, v] of Object.entries(texts)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}
for (const lang of Object.keys(catalogues) as Lang[]) flat.set(lang, flatten(catalogues[lang], "", new Map()));

const plurals = new Map<Lang, Intl.PluralRules>();
const VAR = /\{\{\s*(\w+)\s*\}\}/g;

/** `t` for one language: the key's context variant, then its plural form, then the key itself; a missing key answers the key. */
export function textsFor(lang: Lang): Translate {
  const texts = flat.get(lang) ?? new Map<string, string>();
  let rules = plurals.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    plurals.set(lang, rules);
  }
  const pluralRules = rules;
  return (key, vars) => {
    const base = vars?.context ? `${key}_${vars.context}` : key;
    const count = vars?.count;
    const text =
      (typeof count === "number" ? (texts.get(`${base}_${pluralRules.select(count)}`) ?? texts.get(`${base}_other`)) : undefined) ?? texts.get(base) ?? texts.get(key);
    if (text === undefined) return key;
    return vars ? text.replace(VAR, (m, name: string) => (vars[name] === undefined ? m : String(vars[name]))) : text;
  };
}

