import { Hono } from "hono";
import type { AppConfig } from "../config.ts";
import type { AppEnv } from "../http/env.ts";
import { mailDevRouter } from "../mail/router.ts";
import { devGoogleRouter } from "./google.ts";

/**
 * The development-only routes under /dev (the outbox viewer, the Google stand-in). app.ts loads
 * this module only when devTools is on (`loadDevRoutes`): a production process never imports it.
 */
export function devRouter(config: AppConfig): Hono<AppEnv> {
  const dev = new Hono<AppEnv>();
  dev.route("/", mailDevRouter());
  if (config.google.devStandIn) dev.route("/", devGoogleRouter());
  return dev;
}
