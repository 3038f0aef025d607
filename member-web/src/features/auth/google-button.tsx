import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";

type GoogleId = {
  initialize(opts: { client_id: string; callback: (response: { credential?: string }) => void }): void;
  renderButton(el: HTMLElement, opts: Record<string, string | number>): void;
};
type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleId } } };

const SCRIPT_SRC = "https://accounts.google.com/gsi/client";
let scriptPromise: Promise<GoogleId> | null = null;

function loadGoogleIdentity(): Promise<GoogleId> {
  scriptPromise ??= new Promise<GoogleId>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const id = (window as GoogleWindow).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error("Google Identity Services did not initialise"));
    };
    script.onerror = () => reject(new Error("Google Identity Services could not be loaded"));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    scriptPromise = null;
    throw err;
  });
  return scriptPromise;
}

/**
 * The identity-provider button (spec 2.3): Google renders it and hands back an ID token, which
 * the caller sends to the server. A failure here is only logged, as the spec says for this screen.
 */
export function GoogleButton({ clientId, onToken, text = "signin_with" }: { clientId: string; onToken: (idToken: string) => void; text?: "signin_with" | "signup_with" }) {
  const { t, i18n } = useTranslation("auth");
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !ref.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) onTokenRef.current(response.credential);
          },
        });
        google.renderButton(ref.current, { theme: "outline", size: "large", width: 320, text, locale: i18n.language });
      })
      .catch((err: unknown) => {
        console.warn("Google sign-in unavailable", err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n.language, text]);

  return (
    <div className="google-button">
      <span className="visually-hidden">{text === "signup_with" ? t("registration.google") : t("login.google")}</span>
      <div ref={ref} />
      {failed ? <p className="muted small">{t("login.googleUnavailable")}</p> : null}
    </div>
  );
}

/** What the development stand-in's page (the server's /dev/google) posts back to this window. */
const DEV_MESSAGE = "tuesday-dev-google";

/**
 * Development only: the server's Google stand-in instead of Google Identity Services. The button
 * opens its page in a popup; the page posts the ID token back (same origin only), and it goes to
 * the server exactly as Google's credential does.
 */
export function DevGoogleButton({ signInUrl, onToken, label }: { signInUrl: string; onToken: (idToken: string) => void; label?: string }) {
  const { t } = useTranslation("auth");
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; credential?: unknown } | null;
      if (event.origin !== window.location.origin || data?.type !== DEV_MESSAGE || typeof data.credential !== "string") return;
      onTokenRef.current(data.credential);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  return (
    // A new window each time ("_blank", not a name): a named one still closing after the last
    // answer would be reused, and its page then has no opener to answer.
    <Button variant="secondary" block onClick={() => window.open(signInUrl, "_blank", "popup,width=440,height=600")}>
      {label ?? t("login.google")}
    </Button>
  );
}
