import type { IncomingMessage, ServerResponse } from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { Context } from "hono";
import { validation } from "../lib/errors.ts";
import type { AppEnv } from "./env.ts";

type NodeBindings = { incoming?: IncomingMessage; adapterError?: unknown };

/** The TCP peer address of a request served through `nodeListener` (createApp's `remoteAddr`). */
export function nodeRemoteAddr(c: Context<AppEnv>): string | undefined {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * Rethrows the error the node adapter met before the request reached the app, so the app's one
 * error handler answers it. Only requests made by `nodeListener`'s error handler carry one.
 */
export function rethrowAdapterError(): (c: Context<AppEnv>, next: () => Promise<void>) => Promise<void> {
  return async (c, next) => {
    const err = (c.env as NodeBindings | undefined)?.adapterError;
    if (err instanceof RequestError) throw validation("Malformed request: invalid Host header or request target");
    if (err !== undefined) throw err;
    await next();
  };
}

/**
 * The app as a node request listener. The adapter answers a request it cannot turn into a URL (a
 * malformed Host, a backslash in the path) with a bare, empty 400; such a request goes through
 * the app instead, so it gets the JSON error, X-Request-Id and the security headers like any other.
 */
export function nodeListener(app: OpenAPIHono<AppEnv>): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(app.fetch, {
    errorHandler: (err) => app.fetch(new Request("http://localhost/"), { adapterError: err } satisfies NodeBindings),
  });
}
