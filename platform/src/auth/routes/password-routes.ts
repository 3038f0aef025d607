import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";

/** Password and account routes (register, login EMAIL, recovery, confirm, delete, ...). */
export function registerPasswordRoutes(_app: OpenAPIHono<AppEnv>): void {}
