/**
 * The HTTP surface (package `@tuesday/platform/http`): the app, its node server and realtime seam,
 * and the development providers, for tests and benches that serve requests.
 */
export { buildOpenApiDocument, createApp, describeApi, loadDevRoutes } from "./app.ts";
export { devOidcProvider } from "./dev/oidc.ts";
export type { AppEnv } from "./http/env.ts";
export { API_CSP, DEFAULT_CSP } from "./http/middleware.ts";
export { createHttpServer } from "./http/node-server.ts";
export { DEV_OIDC_PATH, nodeListener, nodeRemoteAddr } from "./http/node.ts";
export { createRouter, jsonResponse } from "./http/openapi.ts";
export { ACCESS_EXTENSION, API_KEY_EXTENSION, defineRoute } from "./http/route.ts";
export { type Bus, type BusMessage, createBus } from "./realtime/bus.ts";
export {
  attachRealtime,
  createStompServer,
  DEFAULT_STOMP_OPTIONS,
  followCaches,
  nodeHeaders,
  openRealtime,
  resolveContext,
  STOMP_PATH,
  type SendTrace,
  type StompOptions,
  type StompServer,
} from "./realtime/index.ts";
