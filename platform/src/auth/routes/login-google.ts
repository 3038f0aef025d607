import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { loginWithGoogle } from "../google.ts";
import { LoginResultSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/login/google",
  tags: ["Auth"],
  summary: "Sign in with a Google ID token",
  description:
    "The ID token is verified against Google's key set (issuer, audience = the community's client id, expiry). A bad token is 401 1011; an unverified e-mail that belongs to another account is 409 1012. Requires GOOGLE in authConfig.",
  request: { body: jsonBody(z.strictObject({ token: z.string().min(1).max(8192) })) },
  responses: { 200: jsonResponse(LoginResultSchema, "Signed in"), ...errors(400, 401, 403, 409, 501, 502) },
});

export function registerLoginGoogle(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await loginWithGoogle(c.get("ctx"), { idToken: c.req.valid("json").token }), 200));
}
