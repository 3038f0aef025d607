import type { IncomingMessage, ServerResponse } from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { getRequestListener, RequestError } from "@hono/node-server";
import type { Context } from "hono";
import { validation } from "../lib/errors.ts";
import type { AppEnv, NodeBindings } from "./env.ts";
import { isLoopbackAddress } from "./middleware.ts";

/** What the node adapter passes as `c.env`, and what nodeListener adds for an adapter error. */
/** Where the development OpenID provider (dev/oidc.ts) answers, beside the app. */
export const DEV_OIDC_PATH = "/dev/oidc";


/** The TCP peer address of a request served through `nodeListener` (createApp's `remoteAddr`). */
export function nodeRemoteAddr(c: Context<AppEnv>): string | undefined {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * Rethrows the error the node adapter met before the request reached the app, so the app's one
 * error handler answers it. Only requests made by `nodeListener`'s error handler carry one.
 */
export function rethrowAdapterError(c: Context<AppEnv>): void {
  const err = (c.env as NodeBindings | undefined)?.adapterError;
  if (err instanceof RequestError) throw validation("Malformed request: invalid Host header or request target");
  if (err !== undefined) throw err;
}

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

function isDevOidcPath(url: string | undefined): boolean {
  return url === DEV_OIDC_PATH || url?.startsWith(`${DEV_OIDC_PATH}/`) === true;
}

/**
 * The app as a node request listener. The adapter answers a request it cannot turn into a URL (a
 * malformed Host, a backslash in the path) with a bare, empty 400; such a request goes through
 * the app instead, so it gets the JSON error, X-Request-Id and the security headers like any other.
 *
 * `devOidc` (the development SSO provider) is a plain node handler outside the app, so the app's
 * /dev/* loopback rule is applied here too: another client falls through to the app, which
 * answers it 404.
 */
export function nodeListener(app: OpenAPIHono<AppEnv>, opts: { devOidc?: NodeHandler } = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(app.fetch, {
    errorHandler: (err) => app.fetch(new Request("http://localhost/"), { adapterError: err } satisfies NodeBindings),
  });
  const { devOidc } = opts;
  return (req, res) => {
    if (devOidc && isDevOidcPath(req.url) && isLoopbackAddress(req.socket.remoteAddress)) {
      devOidc(req, res);
      return;
    }
    void listener(req, res);
  };
}
