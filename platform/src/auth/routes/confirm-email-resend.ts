import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonResponse } from "../../http/openapi.ts";
import { resendEmailConfirmation } from "../account.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/auth/confirm-email/resend",
  tags: ["Auth"],
  summary: "Send the e-mail confirmation link again (at most 5 an hour)",
  responses: { 200: jsonResponse(OkSchema, "Sent, unless the address is already confirmed"), ...errors(401, 429) },
});

export function registerConfirmEmailResend(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await resendEmailConfirmation(c.get("ctx")), 200));
}
