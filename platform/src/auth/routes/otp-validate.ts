import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { validateOtp } from "../otp.ts";
import { EmailSchema, LoginResultSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/otp/validate",
  tags: ["Auth"],
  summary: "Sign in with an e-mailed one-time code",
  description:
    "`password` is the code, as in the spec's payload. A wrong, expired or used code is 1009; after 5 wrong tries a code is burned, and after 5 wrong tries for an address within 30 minutes further tries are refused with 429.",
  request: { body: jsonBody(z.strictObject({ login: EmailSchema, password: z.string().min(1).max(64) })) },
  responses: { 200: jsonResponse(LoginResultSchema, "Signed in"), ...errors(400, 403, 429) },
});

export function registerOtpValidate(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    return c.json(await validateOtp(c.get("ctx"), { email: body.login, code: body.password }), 200);
  });
}
