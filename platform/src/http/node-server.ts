import http from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";
import { type NodeHandler, nodeListener } from "./node.ts";
import { EnvelopedResponse } from "./enveloped-response.ts";

/**
 * The Node HTTP server for `app`, not listening yet: server.ts listens, and realtime/ attaches
 * its upgrade handlers to the same server. `devOidc` is the development OpenID provider, a plain
 * Node handler served beside the app (see nodeListener).
 */
export function createHttpServer(app: OpenAPIHono<AppEnv>, opts: { devOidc?: NodeHandler } = {}): http.Server {
  // Node answers an HTTP/1.1 request without a Host header itself, with a bare 400 and no body;
  // let it through, so the app answers it as any malformed request (JSON 400, X-Request-Id).
  return http.createServer(
    { requireHostHeader: false, keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000, ServerResponse: EnvelopedResponse },
    nodeListener(app, opts),
  );
}

/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is shorter than a
 * proxy's or a client's idle timeout (nginx keeps upstream connections 60 s): the server then
 * closes a socket just as the other side sends its next request on it, which that side sees as a
 * reset connection (a 502 behind nginx, `ECONNRESET` in a client). Longer than those, the other
 * side closes first. Headers must still arrive within a second more than this.
 */
export const KEEP_ALIVE_MS = 65_000;
