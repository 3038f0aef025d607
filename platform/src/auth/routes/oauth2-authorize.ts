import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { startOAuth2 } from "../oauth2.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "get",
  path: "/auth/oauth2/authorize",
  tags: ["Auth"],
  summary: "Start OAuth2 / OpenID Connect single sign-on",
  description:
    "Redirects to the community's provider (authorization code + PKCE S256, state, nonce) and sets the short-lived __Host-tuesday_oauth cookie. Requires OAUTH2 in authConfig.",
  request: { query: z.object({ backTo: z.string().max(2048).optional() }) },
  responses: {
    302: { description: "To the provider's authorization endpoint", headers: z.object({ Location: z.string(), "Set-Cookie": z.string() }) },
    ...errors(400, 403, 501, 502),
  },
});

export function registerOAuth2Authorize(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { location, setCookie } = await startOAuth2(c.get("ctx"), c.req.valid("query"));
    c.header("Set-Cookie", setCookie);
    c.header("Cache-Control", "no-store");
    return c.redirect(location, 302);
  });
}
