/**
 * The language a staff screen reads reasons in (decision 0233). The console sends its current
 * language as Accept-Language (`ReaderLangHeadersSchema`): an admin whose console is in Russian
 * reads Russian reasons though their profile says English. Without a language the product writes,
 * the member's own serves.
 */
import { acceptLanguages, chooseLang } from "../../questionnaire/localize.ts";
import { LANGS, type Lang } from "../../tenancy/schema.ts";

/** The first language of the header the product writes (en, ru), else `fallback`. */
export function readerLang(header: string | undefined, fallback: Lang): Lang {
  return chooseLang({ lang: fallback, langChoices: LANGS }, acceptLanguages(header));
}
