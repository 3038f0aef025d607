import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";

/** Code, link, Google, OAuth2 and transfer routes. */
export function registerPasswordlessRoutes(_app: OpenAPIHono<AppEnv>): void {}
