import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { challengeOtp } from "../otp.ts";
import { EmailSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/auth/otp/challenge",
  tags: ["Auth"],
  summary: "E-mail a one-time sign-in code",
  description:
    "Sends a 6-digit code valid for 10 minutes (a new code replaces the previous one). Unknown addresses get a code too (the account is created on first sign-in), so the answer never tells whether an account exists. Requires OTP or NONE in the community's authConfig.",
  request: { body: jsonBody(z.strictObject({ login: EmailSchema })) },
  responses: {
    200: jsonResponse(z.object({ status: z.literal("CODE_SENT") }).openapi("CodeSent"), "A code was sent"),
    ...errors(400, 403, 429),
  },
});

export function registerOtpChallenge(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await challengeOtp(c.get("ctx"), { email: c.req.valid("json").login }), 200));
}
