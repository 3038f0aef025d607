import type { Lang } from "../tenancy/schema.ts";
import type { OptionRow, QuestionRow } from "./queries.ts";
import type { Question, Translations } from "./schemas.ts";

/** A question row as the API shows it, options aside (the member's and the admin's views alike). */
export function questionFields(q: QuestionRow) {
  const { id, key, text, position, type, visible, required, translationKey, translations, maxChoices } = q;
  return { id, key, text, order: position, type, visible, required, translationKey, translations, maxChoices };
}

/** What a tenant offers: its default language and the languages members may choose. */
export type TenantLangs = { lang: Lang; langChoices: readonly Lang[] };

/** "ru", "RU", "ru-RU" and "ru_RU" all name ru when the tenant offers it. */
export function offeredLang(tenant: TenantLangs, value: string | null | undefined): Lang | undefined {
  const base = (value ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return tenant.langChoices.find((l) => l === base);
}

/** The languages of an Accept-Language header in the order written (q-values are not weighed). */
export function acceptLanguages(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim() ?? "")
    .filter(Boolean);
}

/** The first candidate the tenant offers, else the tenant's default language. */
export function chooseLang(tenant: TenantLangs, candidates: readonly (string | null | undefined)[]): Lang {
  for (const c of candidates) {
    const lang = offeredLang(tenant, c);
    if (lang) return lang;
  }
  return tenant.lang;
}

/** A text in `lang`, else the default text (written in whatever language the community wrote it). */
export function localizeText(text: string, translations: Translations, lang: Lang): string {
  return translations[lang] ?? text;
}

/**
 * The questions members see, in `lang`: visible questions in order, each with its visible, active
 * options in order.
 */
export function localizeQuestions(questions: QuestionRow[], options: OptionRow[], lang: Lang): Question[] {
  const byQuestion = new Map<string, OptionRow[]>();
  for (const o of options) {
    if (!o.visible || !o.active) continue;
    const list = byQuestion.get(o.questionId) ?? [];
    list.push(o);
    byQuestion.set(o.questionId, list);
  }
  return questions
    .filter((q) => q.visible)
    .map((q) => ({
      ...questionFields(q),
      text: localizeText(q.text, q.translations, lang),
      options: (byQuestion.get(q.id) ?? []).map((o) => ({
        id: o.id,
        key: o.key,
        text: localizeText(o.text, o.translations, lang),
        order: o.position,
        group: o.group,
        category: o.category,
        type: o.type,
      })),
    }));
}
