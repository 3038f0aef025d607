import { useNavigate } from "@tanstack/react-router";
import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import type { Community } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { completeSignIn, rememberAgreement } from "../../app/sign-in.ts";
import { DevGoogleButton, GoogleButton, GoogleButtonPlaceholder } from "./google-lazy.tsx";


/** The community's Google settings when its auth config lists GOOGLE (spec 2.3), else null. */
export function googleSignIn(community: Community): { clientId: string; devUrl: string | undefined } | null {
  const google = community.authConfig.find((a) => a.authType === "GOOGLE")?.externalContent;
  if (!google?.clientId) return null;
  // The server names its development stand-in here (only /dev/ paths, which production never serves).
  return { clientId: google.clientId, devUrl: google.codeUrl?.startsWith("/dev/") ? google.codeUrl : undefined };
}

/**
 * The identity-provider button on registration and on the short sign-up form (spec 2.3, 8).
 * Where the form has the agreement box, the box must be ticked first (`agreed`; otherwise
 * `onNeedsAgreement` is called and nothing is sent), and the agreement is recorded for the
 * account once signed in. A failed sign-in goes to the login page, as spec 8 says for these forms.
 */
export function GoogleSignUp({ agreed, onNeedsAgreement }: { agreed: boolean | null; onNeedsAgreement?: () => void }) {
  const { t } = useTranslation("auth");
  const community = useCommunity();
  const navigate = useNavigate();
  const agreedRef = useRef(agreed);
  agreedRef.current = agreed;
  const google = googleSignIn(community);
  if (!google) return null;

  const onToken = async (idToken: string) => {
    if (agreedRef.current === false) {
      onNeedsAgreement?.();
      return;
    }
    try {
      const result = await call(api.POST("/api/auth/login/google", { body: { token: idToken } }));
      if (agreedRef.current === true) rememberAgreement();
      const href = await completeSignIn(result);
      await navigate({ href, replace: true });
    } catch (err) {
      console.warn("Google sign-in failed", err);
      await navigate({ to: "/login" });
    }
  };

  return (
    <div className="google-sign-up" data-testid="google-sign-up">
      <div className="divider" aria-hidden="true">
        <span>{t("login.or")}</span>
      </div>
      <Suspense fallback={<GoogleButtonPlaceholder dev={Boolean(google.devUrl)} label={t("registration.google")} />}>
        {google.devUrl ? (
          <DevGoogleButton signInUrl={google.devUrl} label={t("registration.google")} onToken={(token) => void onToken(token)} />
        ) : (
          <GoogleButton clientId={google.clientId} text="signup_with" onToken={(token) => void onToken(token)} />
        )}
      </Suspense>
    </div>
  );
}
