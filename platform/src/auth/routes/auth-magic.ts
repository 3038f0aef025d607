import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { signInWithMagicLink } from "../magic.ts";

const MagicResultSchema = z
  .object({
    token: z.string(),
    firstLogin: z.boolean(),
    backTo: z.string().nullable().openapi({ description: "Same-site path to continue at; null when none or when it pointed off-site" }),
  })
  .openapi("MagicLoginResult");

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/auth-magic",
  tags: ["Auth"],
  summary: "Sign in with a one-time link",
  description: "The link's url_auth_token works once, for 15 minutes, in the community that sent it. Used, expired or unknown links are 1010.",
  request: {
    body: jsonBody(z.strictObject({ url_auth_token: z.string().min(1).max(256), back_to: z.string().max(2048).nullable().optional() })),
  },
  responses: { 200: jsonResponse(MagicResultSchema, "Signed in"), ...errors(400, 403) },
});

export function registerAuthMagic(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    return c.json(await signInWithMagicLink(c.get("ctx"), { token: body.url_auth_token, backTo: body.back_to }), 200);
  });
}
