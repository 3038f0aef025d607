import type { IncomingMessage, ServerResponse } from "node:http";
import type { Ctx } from "../context.ts";

/** Hono environment: the request's service context is built once by middleware. */
export type AppEnv = { Variables: { ctx: Ctx; requestId: string } };

export type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse; adapterError?: unknown };
