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
  return http.createServer(nodeListener(app, opts));
}
