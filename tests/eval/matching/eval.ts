/** `npm run eval:matching`: the labelled evaluation (evaluate.ts) on a scratch database, printed as a table. */
import pino from "pino";
import { applyTenants, createDeps, migrate, openPools, poolSizes, TenantConfigSchema, testConfig } from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { scratchDatabase } from "../../support/scratch-db.ts";
import { tenantFixture } from "../../support/tenants.ts";
import { evaluateMatching, printEvaluation } from "./evaluate.ts";

const TENANT = "evalcom";

async function main(): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const url = await scratchDatabase("eval", cleanups);
    const pools = openPools(url, poolSizes({ databasePoolSize: undefined, searchPoolSize: undefined }, true));
    cleanups.push(pools.end);
    await migrate(pools.db);
    const config = TenantConfigSchema.parse(tenantFixture(TENANT, { langChoices: ["en", "ru"], transparent: true }));
    await applyTenants(pools.db, [{ config, landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });
    const deps = await createDeps(testConfig({ logLevel: "silent", databaseUrl: url, devTools: false }), { ...pools, url, close: async () => {} }, pino({ level: "silent" }));
    cleanups.push(async () => {
      await deps.jobs.stop();
    });
    printEvaluation(await evaluateMatching({ db: pools.db, deps, app: createApp(deps) }, TENANT));
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error("cleanup:", err));
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
