import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { login } from "../login.ts";
import { LoginPayloadSchema, LoginResultSchema, SentSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/login",
  tags: ["Auth"],
  summary: "Sign in with the spec's login payload",
  description:
    "EMAIL: email + password. OTP/NONE: email alone sends a code (202); email + password (the code) signs in. MAGIC: email sends a one-time link (202). GOOGLE: token is the ID token. OAUTH2 starts at GET /api/auth/oauth2/authorize. A method the community does not allow is refused with 1008. Answers never reveal whether an account exists.",
  request: { body: jsonBody(LoginPayloadSchema) },
  responses: {
    200: jsonResponse(LoginResultSchema, "Signed in"),
    202: jsonResponse(SentSchema, "A code or link was sent"),
    ...errors(400, 401, 403, 429),
  },
});

export function registerLogin(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const outcome = await login(c.get("ctx"), c.req.valid("json"));
    if (outcome.kind === "sent") return c.json({ status: outcome.status }, 202);
    return c.json(outcome.result, 200);
  });
}
