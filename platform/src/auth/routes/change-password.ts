import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { changePassword } from "../account.ts";
import { PasswordSchema } from "../schemas.ts";

export const ChangePasswordSchema = z.strictObject({ currentPassword: PasswordSchema, newPassword: PasswordSchema }).openapi("ChangePassword");

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/auth/change-password",
  tags: ["Auth"],
  summary: "Change the password",
  description: "Wrong current password: 1014. Weak new password: 1015. Every other session of the account ends; this one stays.",
  request: { body: jsonBody(ChangePasswordSchema) },
  responses: { 200: jsonResponse(OkSchema, "Changed"), ...errors(400, 401, 429) },
});

export function registerChangePassword(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await changePassword(c.get("ctx"), c.req.valid("json")), 200));
}
