/**
 * What `import … from "react-i18next"` resolves to in the member app (vite.config.ts alias): the
 * three exports the app uses, over runtime.ts. A namespace whose texts are not loaded yet
 * suspends the component (the router's pending spinner shows) until they are.
 */
import { createElement, Fragment, type ReactNode, useCallback, useSyncExternalStore } from "react";
import { i18n } from "./index.ts";

type Options = Record<string, unknown> & { ns?: string };

function subscribe(onChange: () => void): () => void {
  i18n.on("languageChanged", onChange);
  return () => i18n.off("languageChanged", onChange);
}
const getLanguage = () => i18n.language;

export function useTranslation(ns?: string | readonly string[]) {
  const namespaces: readonly string[] = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  const key = namespaces.join(",");
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const missing = i18n.missing(namespaces);
  if (missing.length > 0) throw Promise.all(missing.map((g) => i18n.load(language, g)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new t per language, as i18next gives
  const t = useCallback((k: string, options?: Options) => i18n.translate(k, options, key.split(",")), [key, language]);
  return { t, i18n, ready: true };
}

/** The app's texts live in one module-level instance; the provider is kept for the same tree. */
export function I18nextProvider({ children }: { i18n?: unknown; children?: ReactNode }) {
  return createElement(Fragment, null, children);
}

export const initReactI18next = { type: "3rdParty", init() {} };
