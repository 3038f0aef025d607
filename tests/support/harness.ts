import pino from "pino";
import { afterAll, inject } from "vitest";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { allJobs, type AppConfig, applyTenants, createDb, createErrorReporter, type Db, type Deps, Jobs, listOutbox, openPools, type OutboxRow, type TenantConfigInput, TenantConfigSchema, TenantDirectory, testConfig, withDatabase } from "@tuesday/platform";
import { type AppEnv, type Bus, createApp, followCaches, loadDevRoutes, nodeRemoteAddr, openRealtime } from "@tuesday/platform/http";
import { checkContractOf, saveContractCount } from "./contract.ts";
import { TEMPLATE_DB } from "./global-setup.ts";
import { tenantFixture } from "./tenants.ts";

export type RequestOptions = {
  /** Tenant id: the request goes to Host `<id>.localhost`. */
  tenant?: string;
  token?: string;
  body?: unknown;
  /** Raw body (already encoded); wins over `body`. */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  /** The TCP peer address the app sees (as the node adapter reports it); none by default. */
  peer?: string;
};

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

export type TestEnv = {
  db: Db;
  deps: Deps;
  app: OpenAPIHono<AppEnv>;
  config: AppConfig;
  dbUrl: string;
  /** Adds (or replaces) tenants; returns their ids. */
  addTenants: (...tenants: TenantConfigInput[]) => Promise<string[]>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely; assertions check their shape
  request: <T = any>(method: string, path: string, opts?: RequestOptions) => Promise<ApiResponse<T>>;
  /** Mail to `to`, newest first. */
  mailTo: (to: string) => Promise<OutboxRow[]>;
  /** Runs queued jobs through pg-boss until none is left. */
  drainJobs: (name?: string) => Promise<number>;
  close: () => Promise<void>;
};

/** The source of tenant applies made by tests: as the operator CLI would. */
export const OPERATOR = { actor: { kind: "operator" } } as const;

let counter = 0;

/** The usual start of a test file, `const env = await testEnvForFile();`: closed after the file's tests. */
export async function testEnvForFile(opts: Parameters<typeof createTestEnv>[0] = {}): Promise<TestEnv> {
  const env = await createTestEnv(opts);
  afterAll(() => env.close());
  return env;
}

/**
 * A fresh database cloned from the migrated template, the real app and real pg-boss (workers
 * not polling: tests drain queues explicitly). Tenants `alpha` and `beta` exist by default.
 */
export async function createTestEnv(
  opts: {
    config?: Partial<AppConfig>;
    tenants?: TenantConfigInput[];
    /** Receives every log line at trace level. */ logLines?: string[];
    /** Another PostgreSQL server holding a migrated `tuesday_template` (tests/support/system-pg.ts); the suite's by default. */
    serverUrl?: string;
  } = {},
): Promise<TestEnv> {
  const serverUrl = opts.serverUrl ?? inject("pgServerUrl");
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = createDb(serverUrl, { max: 1 });
  await admin.unsafe(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const dbUrl = withDatabase(serverUrl, name);
  // The product's pools (no worker polls here: tests drain queues through `db`).
  const pools = openPools(dbUrl, { main: 5, search: 2, work: 1 });
  const { db, searchDb, probeDb } = pools;
  const lines = opts.logLines;
  const log = lines
    ? pino({ level: "trace" }, { write: (line: string) => void lines.push(line) })
    : pino({ level: process.env.TEST_LOG ?? "silent" });
  // TEST_SESSION_CACHE_MS=5000 runs a file with the in-process caches on, as `npm start` has them
  // (a read-your-writes audit: every write a test makes through the API must show at once).
  const cacheMs = process.env.TEST_SESSION_CACHE_MS;
  const config = testConfig({ ...(cacheMs ? { sessionCacheMs: Number(cacheMs) } : {}), ...opts.config });
  // Error reports (SENTRY_DSN) only when the test's config names a DSN.
  const errors = await createErrorReporter(config.browser.errorDsn, { log, environment: "test" });
  const jobs = await Jobs.start(dbUrl, log, allJobs, { errors });
  const tenants = new TenantDirectory(db, { urlTemplate: config.tenantUrlTemplate, port: config.port, defaultTenant: config.defaultTenant, ttlMs: 0 });
  // A real bus (one listening connection per test database), as a server process has.
  const deps: Deps = await followCaches({ db, searchDb, probeDb, config, tenants, jobs, log, errors, ...openRealtime(dbUrl, db, log, config) });

  const addTenants = async (...inputs: TenantConfigInput[]) => {
    const bundles = inputs.map((t) => ({ config: TenantConfigSchema.parse(t), landing: {}, navigation: null, dir: "" }));
    await applyTenants(db, bundles, OPERATOR);
    tenants.invalidate();
    return bundles.map((b) => b.config.id);
  };
  await addTenants(...(opts.tenants ?? [tenantFixture("alpha", { isDefault: true }), tenantFixture("beta", { lang: "ru" })]));
  // The /dev routes as a development server has them (loaded only when the config has devTools).
  const app = checkContractOf(createApp(deps, { remoteAddr: nodeRemoteAddr, devRoutes: await loadDevRoutes(config) }));

  const request = requester(app);

  return {
    db,
    deps,
    app,
    config,
    dbUrl,
    addTenants,
    request,
    mailTo: (to) => listOutbox(db, { to }),
    drainJobs: (n) => jobs.drain(deps, n),
    close: async () => {
      saveContractCount();
      await jobs.stop();
      await errors.close();
      await deps.bus.close();
      await pools.end();
      const a = createDb(serverUrl, { max: 1 });
      await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}

function requester(app: OpenAPIHono<AppEnv>): TestEnv["request"] {
  return async <T,>(method: string, path: string, ro: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { host: `${ro.tenant ?? "alpha"}.localhost:3000`, ...ro.headers };
    if (ro.token) headers.authorization = `Bearer ${ro.token}`;
    let body: BodyInit | undefined = ro.rawBody;
    if (body === undefined && ro.body !== undefined) {
      body = typeof ro.body === "string" ? ro.body : JSON.stringify(ro.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await app.request(path, { method, headers, body }, ro.peer ? { incoming: { socket: { remoteAddress: ro.peer } } } : undefined);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

export type PeerApp = Pick<TestEnv, "deps" | "app" | "request"> & { close: () => Promise<void> };

/**
 * A second server process on the test's database, as far as state goes: its own pools, bus,
 * caches and app, sharing only PostgreSQL (and the job queue) with `env`.
 */
export async function createPeer(env: TestEnv, opts: { /** Every bus message reaches this process's caches this much later. */ busLagMs?: number } = {}): Promise<PeerApp> {
  const pools = openPools(env.dbUrl, { main: 3, search: 1, work: 1 });
  const { db, searchDb } = pools;
  const log = env.deps.log;
  const tenants = new TenantDirectory(db, { urlTemplate: env.config.tenantUrlTemplate, port: env.config.port, defaultTenant: env.config.defaultTenant, ttlMs: 0 });
  const realtime = openRealtime(env.dbUrl, db, log, env.config);
  const bus = opts.busLagMs ? laggingBus(realtime.bus, opts.busLagMs) : realtime.bus;
  const deps: Deps = await followCaches({ db, searchDb, config: env.config, tenants, jobs: env.deps.jobs, log, ...realtime, bus });
  const app = checkContractOf(createApp(deps, { remoteAddr: nodeRemoteAddr, devRoutes: await loadDevRoutes(env.config) }));
  return {
    deps,
    app,
    request: requester(app),
    close: async () => {
      await deps.bus.close();
      await pools.end();
    },
  };
}

/**
 * A bus whose messages reach their handlers `ms` late, as on a loaded machine: what a process
 * reads right after its own write then shows whether it relied on the bus. sync() still means
 * "everything committed so far has been handled".
 */
function laggingBus(bus: Bus, ms: number): Bus {
  const later = () => new Promise<void>((r) => setTimeout(r, ms));
  return {
    ...bus,
    subscribe: (channel, handler, o) => bus.subscribe<Parameters<typeof handler>[0]["payload"]>(channel, (m) => void later().then(() => handler(m)), o),
    sync: async () => {
      await bus.sync();
      await later();
    },
  };
}
