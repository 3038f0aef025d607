import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { confirmEmail } from "../account.ts";

export const ConfirmEmailSchema = z.strictObject({ code: z.string().trim().min(1).max(256) }).openapi("ConfirmEmail");

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/confirm-email",
  tags: ["Auth"],
  summary: "Confirm an e-mail address with the code from the confirmation link",
  description: "The code works once, for 7 days, in the community that sent it; otherwise 1010. A change of address whose new address was taken meanwhile is a 409.",
  request: { body: jsonBody(ConfirmEmailSchema) },
  responses: { 200: jsonResponse(OkSchema, "Confirmed"), ...errors(400, 409) },
});

export function registerConfirmEmail(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await confirmEmail(c.get("ctx"), c.req.valid("json")), 200));
}
