import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { registerAuthMagic } from "./auth-magic.ts";
import { registerLoginGoogle } from "./login-google.ts";
import { registerOAuth2Authorize } from "./oauth2-authorize.ts";
import { registerOAuth2Callback } from "./oauth2-callback.ts";
import { registerOtpChallenge } from "./otp-challenge.ts";
import { registerOtpValidate } from "./otp-validate.ts";
import { registerTransferCreate } from "./transfer-create.ts";
import { registerTransferExchange } from "./transfer-exchange.ts";

/** Code, link, Google, OAuth2 and transfer routes. */
export function registerPasswordlessRoutes(app: OpenAPIHono<AppEnv>): void {
  registerOtpChallenge(app);
  registerOtpValidate(app);
  registerAuthMagic(app);
  registerLoginGoogle(app);
  registerOAuth2Authorize(app);
  registerOAuth2Callback(app);
  registerTransferCreate(app);
  registerTransferExchange(app);
}
