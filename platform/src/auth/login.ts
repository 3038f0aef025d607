import type { Ctx } from "../context.ts";
import { validation } from "../lib/errors.ts";
import { safeBackTo } from "../lib/back-to.ts";
import { loginWithGoogle } from "./google.ts";
import { requestMagicLink } from "./magic.ts";
import { loginWithCode, requestLoginCode } from "./otp.ts";
import { loginWithPassword } from "./password-login.ts";
import type { LoginPayload } from "./schemas.ts";
import { assertMethodAllowed, type LoginResult } from "./sign-in.ts";

export type LoginOutcome = { kind: "session"; result: LoginResult & { backTo: string | null } } | { kind: "sent"; status: "CODE_SENT" | "LINK_SENT" };

/**
 * POST /api/auth/login: one entry for the spec's login payload, dispatched on authType. The
 * tenant's authConfig is checked first, so a method the community does not list is refused.
 */
export async function login(ctx: Ctx, payload: LoginPayload): Promise<LoginOutcome> {
  const backTo = safeBackTo(payload.backTo);
  const needEmail = () => {
    if (!payload.email) throw validation("E-mail is required", { email: "required" });
    return payload.email;
  };
  switch (payload.authType) {
    case "EMAIL": {
      assertMethodAllowed(ctx.tenant, "EMAIL");
      const email = needEmail();
      if (!payload.password) throw validation("Password is required", { password: "required" });
      return { kind: "session", result: { ...(await loginWithPassword(ctx, { email, password: payload.password })), backTo } };
    }
    case "OTP":
    case "NONE": {
      assertMethodAllowed(ctx.tenant, "OTP", "NONE");
      const email = needEmail();
      if (!payload.password) {
        await requestLoginCode(ctx, { email });
        return { kind: "sent", status: "CODE_SENT" };
      }
      return { kind: "session", result: { ...(await loginWithCode(ctx, { email, code: payload.password })), backTo } };
    }
    case "MAGIC": {
      assertMethodAllowed(ctx.tenant, "MAGIC");
      await requestMagicLink(ctx, { email: needEmail(), backTo });
      return { kind: "sent", status: "LINK_SENT" };
    }
    case "GOOGLE": {
      assertMethodAllowed(ctx.tenant, "GOOGLE");
      if (!payload.token) throw validation("The identity provider's ID token is required", { token: "required" });
      return { kind: "session", result: { ...(await loginWithGoogle(ctx, { idToken: payload.token })), backTo } };
    }
    case "OAUTH2":
      assertMethodAllowed(ctx.tenant, "OAUTH2");
      throw validation("OAuth2 sign-in starts at GET /api/auth/oauth2/authorize", { authType: "use /api/auth/oauth2/authorize" });
  }
}
