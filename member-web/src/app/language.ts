import { api } from "../api/client.ts";
import type { Community } from "../api/community.ts";
import { i18n, isLang, type Lang } from "../i18n/index.ts";
import { storage } from "../lib/storage.ts";

/** Spec 4.2: the stored language when the community offers it, else the community's language. */
export function pickLanguage(community: Community): Lang {
  const stored = storage.lang();
  if (isLang(stored) && community.langChoices.includes(stored)) return stored;
  return community.lang;
}

/**
 * A signed-in user's preferred language applies only when nothing was chosen here yet, or the
 * choice is the default English (spec 4.2).
 */
export function adoptPreferredLanguage(community: Community, preferred: string): void {
  const current = storage.lang();
  if (current && current !== "en") return;
  if (isLang(preferred) && community.langChoices.includes(preferred) && preferred !== i18n.language) {
    void i18n.changeLanguage(preferred);
  }
}

/** Switches the interface language; saved locally even when the server call fails (spec 4.2). */
export async function switchLanguage(lang: Lang, signedIn: boolean): Promise<void> {
  storage.setLang(lang);
  await i18n.changeLanguage(lang);
  if (signedIn) {
    try {
      await api.POST("/api/current-user/lang", { body: lang });
    } catch {
      // The local choice stands.
    }
  }
}
