import { useTranslation } from "../i18n/first-paint.ts";
import { isApiFailure } from "../api/client.ts";

/** ACCESS_DENIED: on a sign-in, the one reason the server refuses an account it knows is that the account is disabled. */
const ACCESS_DENIED = 1005;

/**
 * Maps a failed call to a localized message by its code (spec 8); the server's own text is never
 * shown, so an unknown code reads as the generic message. `signIn`: the call was a sign-in, where
 * access denied means the account is disabled.
 */
export function useErrorText(opts: { signIn?: boolean } = {}): (err: unknown) => string {
  const { t, i18n } = useTranslation("errors");
  return (err) => {
    if (isApiFailure(err)) {
      if (opts.signIn && Number(err.code) === ACCESS_DENIED) return t("accountDisabled");
      const key = `code.${err.code}`;
      if (i18n.exists(key, { ns: "errors" })) return t(key as "code.1000");
    }
    return t("generic");
  };
}
