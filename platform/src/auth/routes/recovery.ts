import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { requestRecovery } from "../account.ts";
import { EmailSchema } from "../schemas.ts";

export const RecoverySchema = z.strictObject({ email: EmailSchema }).openapi("RecoveryRequest");

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/recovery",
  tags: ["Auth"],
  summary: "Ask for a password recovery link",
  description:
    "Always answers 200, whether or not the account exists. The link (valid 60 minutes, once) is built from the community's configured URL.",
  request: { body: jsonBody(RecoverySchema) },
  responses: { 200: jsonResponse(OkSchema, "A link was sent if the account exists"), ...errors(400, 403, 429) },
});

export function registerRecovery(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await requestRecovery(c.get("ctx"), c.req.valid("json")), 200));
}
