import type { Hono } from "hono";
import type { Deps } from "../context.ts";
import type { AppEnv } from "../http/env.ts";

/** Serves the built member app at / and the console at /console (filled in with the web apps). */
export function mountWebApps(_app: Hono<AppEnv>, _deps: Deps): void {}
