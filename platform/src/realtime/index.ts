import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { createSessionCache, followSessionChanges } from "../auth/session-cache.ts";
import { createViewCache, followViewChanges } from "../auth/view-cache.ts";
import type { AppConfig } from "../config.ts";
import type { Deps } from "../context.ts";
import type { Db } from "../db/client.ts";
import { communityModelsOf, followModelChanges } from "../matching/community-model.ts";
import { createWebhookSubscriptions, followWebhookSubscriptions } from "../webhooks/subscriptions.ts";
import { type Bus, createBus } from "./bus.ts";

export type { Bus, BusHandler, BusMessage } from "./bus.ts";
export { nodeHeaders, resolveContext } from "../http/request-context.ts";
export { createStompServer, DEFAULT_STOMP_OPTIONS, STOMP_PATH, type SendTrace, type StompOptions, type StompServer } from "./stomp/server.ts";
export { chatTopic, notificationsTopic, presenceTopic, publishTopic, type TopicEvent } from "./topics.ts";

const SESSION_CACHE_ENTRIES = 10_000;

/** The bus of one process and the caches it keeps in step; `pool` is the request pool. */
export function openRealtime(url: string, pool: Db, log: Logger, config: Pick<AppConfig, "sessionCacheMs">): Pick<Deps, "bus" | "models" | "sessions" | "views" | "webhookSubscriptions"> {
  const bus: Bus = createBus(url, pool, log);
  const cache = { ttlMs: config.sessionCacheMs, maxEntries: SESSION_CACHE_ENTRIES };
  return { bus, models: communityModelsOf(pool), sessions: createSessionCache(bus, cache), views: createViewCache(bus, cache), webhookSubscriptions: createWebhookSubscriptions(bus) };
}

/** Subscribes this process's caches to the bus; resolves once they listen. */
export async function followCaches(deps: Deps): Promise<Deps> {
  await followModelChanges(deps.bus, deps.models);
  await followSessionChanges(deps.bus, deps.sessions);
  await followViewChanges(deps.bus, deps.views);
  await followWebhookSubscriptions(deps.bus, deps.webhookSubscriptions);
  return deps;
}

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The WebSocket side of the HTTP server server.ts listens with: `route("/api/ws", handler)` claims
 * an upgrade path (the STOMP endpoint will); any other upgrade gets a plain 404 instead of hanging.
 */
export function attachRealtime(server: Server): { route: (path: string, handler: UpgradeHandler) => void } {
  const routes = new Map<string, UpgradeHandler>();
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const handler = routes.get(path);
    if (handler) return handler(req, socket, head);
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
  return { route: (path, handler) => void routes.set(path, handler) };
}
