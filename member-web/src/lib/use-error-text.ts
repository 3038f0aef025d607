import { useTranslation } from "../i18n/first-paint.ts";
import { isApiFailure } from "../api/client.ts";

/**
 * Maps a failed call to a localized message by its code (spec 8); the server's own text is never
 * shown, so an unknown code reads as the generic message.
 */
export function useErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation("errors");
  return (err) => {
    if (isApiFailure(err)) {
      const key = `code.${err.code}`;
      if (i18n.exists(key, { ns: "errors" })) return t(key as "code.1000");
    }
    return t("generic");
  };
}
