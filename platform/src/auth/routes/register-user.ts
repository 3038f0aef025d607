import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { registerUser } from "../account.ts";
import { EmailSchema, PasswordSchema } from "../schemas.ts";

export const RegisterUserSchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    /** The registration form's terms-of-use and privacy-policy checkbox. */
    agreePolicy: z.boolean().optional(),
  })
  .openapi("RegisterUser");

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/register-user",
  tags: ["Auth"],
  summary: "Register with e-mail and password",
  description:
    "Creates the account in this community and e-mails a confirmation link. Requires EMAIL in the community's authConfig (1008). Password 8-128 characters after trimming, not a common one (1015). A registered e-mail answers 409 with code 1012.",
  request: { body: jsonBody(RegisterUserSchema) },
  responses: {
    200: jsonResponse(z.literal("OK").openapi({ description: "The spec's success answer" }), "Registered"),
    ...errors(400, 403, 409, 429),
  },
});

export function registerRegisterUser(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await registerUser(c.get("ctx"), c.req.valid("json")), 200));
}
