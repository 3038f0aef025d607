import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { finishOAuth2, OAUTH_STATE_COOKIE } from "../oauth2.ts";

const Param = z.string().max(4096).optional();

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "get",
  path: "/auth/oauth2/callback",
  tags: ["Auth"],
  summary: "OAuth2 / OpenID Connect redirect target",
  description:
    "Checks state against the cookie and the stored state, exchanges the code, verifies the ID token (signature, issuer, audience, expiry, nonce) and redirects to backTo with `token` (a one-time transfer code for POST /api/auth/transfer/exchange) and `firstLogin`. Any failure redirects to /login?error=sso_failed.",
  request: {
    query: z.object({ code: Param, state: Param, error: Param, error_description: Param, iss: Param, session_state: Param }),
    cookies: z.object({ [OAUTH_STATE_COOKIE]: Param }),
  },
  responses: {
    302: { description: "To backTo with a transfer code, or to /login?error=sso_failed", headers: z.object({ Location: z.string() }) },
  },
});

export function registerOAuth2Callback(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const { location, setCookie } = await finishOAuth2(c.get("ctx"), {
      code: q.code,
      state: q.state,
      error: q.error,
      cookieState: c.req.valid("cookie")[OAUTH_STATE_COOKIE],
    });
    c.header("Set-Cookie", setCookie);
    c.header("Cache-Control", "no-store");
    return c.redirect(location, 302);
  });
}
