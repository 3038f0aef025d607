import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { LoginResultSchema } from "../schemas.ts";
import { exchangeTransferCode } from "../transfer.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/transfer/exchange",
  tags: ["Auth"],
  summary: "Exchange a one-time transfer code for a session in this community",
  description: "Codes come from POST /api/auth/transfer or the OAuth2 callback. Used, expired or another community's codes are 1010.",
  request: { body: jsonBody(z.strictObject({ code: z.string().min(1).max(256) })) },
  responses: { 200: jsonResponse(LoginResultSchema, "Signed in"), ...errors(400) },
});

export function registerTransferExchange(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await exchangeTransferCode(c.get("ctx"), c.req.valid("json")), 200));
}
