import { timingSafeEqual } from "node:crypto";
import { mailingsRouter } from "./mailings/router.ts";
import { settingsRouter } from "./settings/router.ts";
import { telegramRouter } from "./telegram/router.ts";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { accountRouter } from "./account/router.ts";
import { apiKeysRouter } from "./apikeys/router.ts";
import { registerWebhookPayloads, webhooksRouter } from "./webhooks/router.ts";
import { adminRouter } from "./admin/router.ts";
import { auditRouter } from "./audit/router.ts";
import { chatRouter } from "./chat/router.ts";
import { authRouter } from "./auth/router.ts";
import { communityRouter, communityStaticRouter } from "./community/router.ts";
import { type AppConfig, testConfig } from "./config.ts";
import type { Deps } from "./context.ts";
import { type Db, poolStats, probeDatabase } from "./db/client.ts";
import { directoryRouter } from "./directory/router.ts";
import { EVENT_IMAGE_UPLOAD_API_PATH, isEventImageUpload } from "./events/index.ts";
import { eventsRouter } from "./events/router.ts";
import { mountDocs } from "./http/docs.ts";
import type { AppEnv } from "./http/env.ts";
import { errorHandler } from "./http/error-handler.ts";
import { DATABASE_WATCH, databaseWatch, loopbackOnly, payloadTooLarge, rejectMalformedHost, requestContext, requestEnvelope } from "./http/middleware.ts";
import { rethrowAdapterError } from "./http/node.ts";
import { API_KEY_SCHEME } from "./http/route.ts";
import { createRouter } from "./http/openapi.ts";
import { imageUploadBodyLimit } from "./images/index.ts";
import { IMAGE_UPLOAD_API_PATH, imagesRouter, mountMedia } from "./images/router.ts";
import { ErrorCode } from "./lib/errors.ts";
import { metricsRegistry, type PoolCount, setMetricsSource } from "./lib/metrics.ts";
import { countJobsByState, oldestWaitingJobs } from "./jobs/jobs.ts";
import { matchingApiRouter } from "./matching/api/router.ts";
import { meetingsRouter } from "./meetings/router.ts";
import { notificationsRouter } from "./notifications/router.ts";
import { matchingAdminPreviewRouter } from "./matching/preview/router.ts";
import { matchingControlRouter } from "./matching/weekly/router.ts";
import { moderationRouter } from "./moderation/router.ts";
import { onboardingRouter } from "./onboarding/router.ts";
import { questionnaireRouter } from "./questionnaire/router.ts";
import { participantRouter } from "./participant/router.ts";
import { relationsRouter } from "./relations/router.ts";
import { topicsRouter } from "./topics/router.ts";
import { mountWebApps } from "./web/static.ts";

export type AppOptions = {
  /** Returns the TCP peer address (the node adapter provides it; tests leave it out). */
  remoteAddr?: (c: Context<AppEnv>) => string | undefined;
  /** Readiness beyond the database (e.g. workers started). */
  isReady?: () => boolean;
  /** The development-only routes under /dev (`loadDevRoutes`); mounted only while devTools is on. */
  devRoutes?: Hono<AppEnv> | undefined;
};

/**
 * The development-only routes (dev/router.ts), imported only when devTools is on: production
 * never loads them. Pass the result to createApp as `devRoutes`.
 */
export async function loadDevRoutes(config: AppConfig): Promise<Hono<AppEnv> | undefined> {
  if (!config.devTools) return undefined;
  const { devRouter } = await import("./dev/router.ts");
  return devRouter(config);
}

const BODYLESS = new Set(["GET", "HEAD"]);

export const API_TITLE = "Tuesday API";
export const API_VERSION = "1.0.0";

/** Builds the whole HTTP application. Never listens: server.ts does. */
export function createApp(deps: Deps, opts: AppOptions = {}): OpenAPIHono<AppEnv> {
  const app = createRouter({ isRoot: true });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "Session token `<id>.<secret>` returned by the sign-in calls",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "tsk_live_…",
    description:
      "A community API key made by an admin in the console (`tsk_live_…`), sent as `Authorization: Bearer <key>`. " +
      "It acts inside its community only, within its scopes; an operation's required scope is in its security requirement and in `x-api-key-scope`.",
  });

  app.use("*", requestEnvelope(deps.log, { hsts: deps.config.isProduction }));
  // Two checks before anything reads the request, in one layer (each layer of hono's chain is a
  // promise and a microtask more for every request).
  app.use("*", (c, next) => {
    rethrowAdapterError(c);
    rejectMalformedHost(c);
    return next();
  });
  app.onError(errorHandler(deps.log, deps.errors));
  app.notFound((c) => c.json({ code: ErrorCode.NOT_FOUND, msg: "Not found", requestId: c.get("requestId") }, 404));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    // Bounded: a load balancer's check must answer even when the database is frozen.
    if (!(await probeDatabase(deps.probeDb ?? deps.db, DATABASE_WATCH.probeTimeoutMs))) return c.json({ status: "unavailable", db: false }, 503);
    const ready = opts.isReady ? opts.isReady() : true;
    return c.json({ status: ready ? "ok" : "starting", db: true }, ready ? 200 : 503);
  });
  // Prometheus metrics: an operator's scrape, outside /api and the OpenAPI document as /readyz
  // is; served only with METRICS_TOKEN set, and only to a request bearing it.
  app.get("/metrics", async (c) => {
    const token = deps.config.metricsToken;
    if (!token) return c.json({ code: ErrorCode.NOT_FOUND, msg: "Not found", requestId: c.get("requestId") }, 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.json({ code: ErrorCode.UNAUTHENTICATED, msg: "Authentication required", requestId: c.get("requestId") }, 401, { "WWW-Authenticate": "Bearer" });
    }
    // Set at each scrape, not once: a test process builds several apps, each on its own database.
    setMetricsSource("jobCounts", () => countJobsByState(deps.db));
    setMetricsSource("queueAges", () => oldestWaitingJobs(deps.db));
    setMetricsSource("pools", () => poolCounts(deps));
    return c.body(await metricsRegistry.metrics(), 200, { "content-type": metricsRegistry.contentType, "cache-control": "no-store" });
  });
  mountDocs(app);

  const remote = opts.remoteAddr ?? (() => undefined);
  // The image upload carries a file: it alone gets a larger limit, still bounded and streamed.
  app.use(IMAGE_UPLOAD_API_PATH, bodyLimit({ maxSize: imageUploadBodyLimit(deps.config), onError: payloadTooLarge }));
  app.use(EVENT_IMAGE_UPLOAD_API_PATH, bodyLimit({ maxSize: imageUploadBodyLimit(deps.config), onError: payloadTooLarge }));
  app.use("/dev/*", loopbackOnly(remote));
  const defaultBodyLimit = bodyLimit({ maxSize: 1024 * 1024, onError: payloadTooLarge });
  for (const prefix of ["/api/*", "/community/*", "/dev/*"]) {
    // A GET or HEAD has no body to bound; asking for one would make the node adapter build a full
    // fetch Request for every read (a third of a directory request's JavaScript). The bound and
    // the database watch in one layer (each layer of hono's chain is a promise and a microtask more).
    const watch = databaseWatch(deps.probeDb ?? deps.db);
    app.use(prefix, (c, next) =>
      BODYLESS.has(c.req.method) || c.req.path === IMAGE_UPLOAD_API_PATH || isEventImageUpload(c.req.path)
        ? watch(c, next)
        : defaultBodyLimit(c, async () => {
            await watch(c, next);
          }),
    );
    // The origin check (CSRF) of a state-changing request runs inside requestContext, once the tenant is known.
    app.use(prefix, requestContext(deps, remote));
  }

  app.route("/api", authRouter());
  app.route("/api", accountRouter());
  app.route("/api", communityRouter());
  app.route("/api", participantRouter());
  app.route("/api", onboardingRouter());
  app.route("/api", questionnaireRouter());
  app.route("/api", topicsRouter());
  app.route("/api", directoryRouter());
  app.route("/api", matchingControlRouter());
  app.route("/api", matchingAdminPreviewRouter());
  app.route("/api", relationsRouter());
  app.route("/api", matchingApiRouter());
  app.route("/", communityStaticRouter());
  app.route("/api", imagesRouter());
  app.route("/api", auditRouter());
  app.route("/api", chatRouter());
  app.route("/api", notificationsRouter());
  app.route("/api", eventsRouter());
  app.route("/api", moderationRouter());
  app.route("/api", adminRouter());
  app.route("/api", apiKeysRouter());
  app.route("/api", webhooksRouter());
  registerWebhookPayloads(app);
  app.route("/api", mailingsRouter());
  app.route("/api", settingsRouter());
  app.route("/api", telegramRouter());
  app.route("/api", meetingsRouter());
  if (deps.config.devTools && opts.devRoutes) app.route("/", opts.devRoutes);
  mountMedia(app, deps);

  app.get("/api/openapi.json", (c) => c.json(buildOpenApiDocument(app)));
  mountWebApps(app, deps);
  return app;
}

/**
 * The API's OpenAPI document from the routes' declarations alone: building the app to read its
 * routes touches no database, server or logger (`npm run openapi`, `tuesday openapi`).
 */
export function describeApi() {
  return buildOpenApiDocument(createApp({ config: testConfig({ devTools: false }) } as unknown as Deps));
}

export function buildOpenApiDocument(app: OpenAPIHono<AppEnv>) {
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description:
        "Tuesday: white-label community networking. Every call runs in one community (tenant), chosen by the Host header, else the X-Community header, else the communityId query parameter, else the default community. Errors always have the shape {code, msg}; while the database is unreachable every call that needs it answers 503 {code: 503, msg: \"Server is unavailable\"} with Retry-After.",
    },
    servers: [{ url: "/" }],
  });
}

/** This process's database pools by name, for the /metrics pool gauges. */
function poolCounts(deps: Deps): PoolCount[] {
  const pools: [string, Db | undefined][] = [["main", deps.db], ["search", deps.searchDb], ["work", deps.workDb], ["probe", deps.probeDb]];
  const counts: PoolCount[] = [];
  for (const [pool, db] of pools) {
    const stats = db && poolStats(db);
    if (stats) counts.push({ pool, ...stats });
  }
  const jobs = deps.jobs.poolStats();
  if (jobs) counts.push({ pool: "jobs", ...jobs });
  return counts;
}

/** `Authorization: Bearer <token>` compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
