/**
 * Google's sign-in buttons, downloaded only by communities that offer Google sign-in (issue 17),
 * and what keeps their place while their code loads.
 */
import { lazy } from "react";
import { withI18n } from "../../i18n/index.ts";
import { Button } from "../../ui/button.tsx";

export const GoogleButton = lazy(withI18n(() => import("./google-button.tsx").then((m) => ({ default: m.GoogleButton }))));
export const DevGoogleButton = lazy(withI18n(() => import("./google-button.tsx").then((m) => ({ default: m.DevGoogleButton }))));

/**
 * The button's place while its code loads (a Suspense fallback): the card must not grow under a
 * pointer on its way to the links below it (a click meant for "Create an account" would open Google).
 * `dev`: the development stand-in's button, which carries `label`; Google's own is an empty box of its size.
 */
export function GoogleButtonPlaceholder({ dev, label }: { dev: boolean; label: string }) {
  return dev ? (
    <Button variant="secondary" block disabled>
      {label}
    </Button>
  ) : (
    <div className="google-button" aria-hidden="true" />
  );
}
