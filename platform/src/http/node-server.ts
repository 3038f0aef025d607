import { getRequestListener } from "@hono/node-server";
import http from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * The Node HTTP server for `app`, not listening yet: server.ts listens, and realtime/ attaches
 * its upgrade handlers to the same server. `mounts` are plain Node handlers served before the app
 * (by path prefix), such as the development OpenID provider.
 */
export function createHttpServer(app: OpenAPIHono<AppEnv>, mounts: { prefix: string; handler: NodeHandler }[] = []): http.Server {
  const honoListener = getRequestListener(app.fetch);
  return http.createServer((req, res) => {
    for (const m of mounts) {
      if (req.url === m.prefix || req.url?.startsWith(`${m.prefix}/`)) return m.handler(req, res);
    }
    void honoListener(req, res);
  });
}
