import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { requestEmailChange } from "../service.ts";
import { EmailSchema, PasswordSchema } from "../../auth/schemas.ts";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonBody, jsonResponse } from "../../http/openapi.ts";

export const ChangeEmailSchema = z
  .strictObject({
    email: EmailSchema,
    /** Accounts with a password confirm with it. */
    password: PasswordSchema.optional(),
  })
  .openapi("ChangeEmail");

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/current-user/email",
  tags: ["Account"],
  summary: "Change the e-mail (after confirmation)",
  description:
    "Sends a confirmation link (/confirmed?code=...) to the new address; the account moves there when it is confirmed with POST /api/auth/confirm-email. Wrong password: 1014; address taken: 1012; same address: 400.",
  request: { body: jsonBody(ChangeEmailSchema) },
  responses: { 200: jsonResponse(OkSchema, "Confirmation sent"), ...errors(400, 401, 409, 429) },
});

export function registerChangeEmail(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await requestEmailChange(c.get("ctx"), c.req.valid("json")), 200));
}
