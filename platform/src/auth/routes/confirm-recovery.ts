import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { confirmRecovery } from "../account.ts";
import { LoginResultSchema, PasswordSchema } from "../schemas.ts";

export const ConfirmRecoverySchema = z
  .strictObject({
    /** The code from the recovery link; without it the answer is 1016. */
    code: z.string().trim().max(256).optional(),
    password: PasswordSchema,
  })
  .openapi("ConfirmRecovery");

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/confirm-recovery",
  tags: ["Auth"],
  summary: "Set a new password with the recovery code",
  description:
    "No code: 1016. Unknown, used or expired code: 1010. Weak password: 1015. Success ends every session of the account and signs in with a new one.",
  request: { body: jsonBody(ConfirmRecoverySchema) },
  responses: { 200: jsonResponse(LoginResultSchema, "Password set and signed in"), ...errors(400, 403) },
});

export function registerConfirmRecovery(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await confirmRecovery(c.get("ctx"), c.req.valid("json")), 200));
}
