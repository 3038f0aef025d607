import type { Ctx } from "../context.ts";

/** Hono environment: the request's service context is built once by middleware. */
export type AppEnv = { Variables: { ctx: Ctx; requestId: string } };
