import http from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";
import { type NodeHandler, nodeListener } from "./node.ts";

/**
 * The Node HTTP server for `app`, not listening yet: server.ts listens, and realtime/ attaches
 * its upgrade handlers to the same server. `devOidc` is the development OpenID provider, a plain
 * Node handler served beside the app (see nodeListener).
 */
export function createHttpServer(app: OpenAPIHono<AppEnv>, opts: { devOidc?: NodeHandler } = {}): http.Server {
  // Node answers an HTTP/1.1 request without a Host header itself, with a bare 400 and no body;
  // let it through, so the app answers it as any malformed request (JSON 400, X-Request-Id).
  return http.createServer({ requireHostHeader: false }, nodeListener(app, opts));
}
