import { api } from "../api/client.ts";
import type { Community } from "../api/community.ts";
import { i18nReady, isLang, type Lang } from "../i18n/index.ts";
import { storage } from "../lib/storage.ts";

/** Spec 4.2: the stored language when the community offers it, else the community's language. */
export function pickLanguage(community: Community): Lang {
  const stored = storage.lang();
  if (isLang(stored) && community.langChoices.includes(stored)) return stored;
  return community.lang;
}

let syncedLanguage: string | null = null;

/**
 * A signed-in user's preferred language applies only when nothing was chosen here yet, or the
 * choice is the default English (spec 4.2).
 */
export async function adoptPreferredLanguage(community: Community, preferred: string): Promise<void> {
  const current = storage.lang();
  if (current && current !== "en") {
    // The language chosen here stands; the server learns it, so its texts (match reasons, mail)
    // come in that language too. Once per session and language.
    const key = `${storage.token()}:${current}`;
    if (isLang(current) && current !== preferred && community.langChoices.includes(current) && syncedLanguage !== key) {
      syncedLanguage = key;
      try {
        await api.POST("/api/current-user/lang", { body: current });
      } catch {
        // The local choice stands.
      }
    }
    return;
  }
  if (isLang(preferred) && community.langChoices.includes(preferred)) {
    const i18n = await i18nReady();
    if (preferred !== i18n.language) void i18n.changeLanguage(preferred);
  }
}

/** Switches the interface language; saved locally even when the server call fails (spec 4.2). */
export async function switchLanguage(lang: Lang, signedIn: boolean): Promise<void> {
  storage.setLang(lang);
  await (await i18nReady()).changeLanguage(lang);
  if (signedIn) {
    try {
      await api.POST("/api/current-user/lang", { body: lang });
    } catch {
      // The local choice stands.
    }
  }
}
