import path from "node:path";
import { z } from "zod";
import { type AppConfig, devGoogleConfig, GOOGLE_ISSUERS, GOOGLE_JWKS_URL, WEBHOOK_RETRY_DELAYS_SECONDS } from "./config.ts";

/**
 * The only place that reads process.env. Parsed once at start; a bad value prints every problem
 * and exits, so a misconfigured server never half-starts.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).optional(),
  DATABASE_SEARCH_POOL_SIZE: z.coerce.number().int().min(2).max(500).optional(),
  SMTP_URL: z.string().url().optional(),
  EMBEDDINGS_URL: z.string().url().optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(200).optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEFAULT_TENANT: z.string().optional(),
  TENANTS_DIR: z.string().optional(),
  TENANT_URL_TEMPLATE: z.string().optional(),
  ADMIN_REGISTRATION_SECRET: z.string().min(16).optional(),
  GOOGLE_JWKS_URL: z.string().url().optional(),
  GOOGLE_ISSUERS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  LINKEDIN_SEARCH_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  /** Where the built web apps are (`<WEB_ROOT>/member-web/dist`, ...): the checkout by default. */
  WEB_ROOT: z.string().optional(),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  /** Multiplies every per-IP / per-account attempt limit (one machine playing many users: browser tests). */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["0", "1"]).optional(),
  // Seconds between attempts, comma-separated (tests shorten them); the default is config.ts's.
  WEBHOOK_RETRY_DELAYS: z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/).optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  IMAGE_ALLOW_PRIVATE_FETCH: z.enum(["0", "1"]).default("0"),
  IMAGE_FETCH_ALLOWED_IPS: z.string().default(""),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  SENTRY_DSN: z.string().url().optional(),
  /** Bearer token for GET /metrics (Prometheus); unset: /metrics is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Threads that compute the weekly matching's candidate lists; unset: up to 4 (the cores) from 5,000 eligible members, else 1. */
  MATCHING_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  ANALYTICS_URL: z.string().url().optional(),
  PUBLIC_IP_URLS: z.string().optional(),
  GEO_LOOKUP_URL: z.string().url().optional(),
  /** The Telegram bot: off without a token (telegram/). */
  TELEGRAM_BOT_TOKEN: z.string().min(10).optional(),
  TELEGRAM_API_URL: z.string().url().default("https://api.telegram.org"),
  TELEGRAM_BOT_USERNAME: z.string().regex(/^[A-Za-z0-9_]{3,64}$/).optional(),
  /** Shared secret of the bot backend (POST /api/telegram/connect) and of Telegram's webhook calls. */
  TELEGRAM_SECRET: z.string().min(16).optional(),
});

/**
 * What a production start (NODE_ENV=production) needs beyond valid values: its own PostgreSQL
 * server and SMTP server (the embedded database and the dev outbox are development only), and no
 * demo seed. One line each.
 */
function productionProblems(e: z.infer<typeof EnvSchema>): string[] {
  if (e.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!e.DATABASE_URL) problems.push("DATABASE_URL is required with NODE_ENV=production (postgres://user:password@host:5432/database): the embedded database is for development only");
  else if (!/^postgres(ql)?:$/.test(new URL(e.DATABASE_URL).protocol)) problems.push("Invalid environment variable DATABASE_URL: expected a postgres:// or postgresql:// URL");
  if (!e.SMTP_URL) problems.push("SMTP_URL is required with NODE_ENV=production (smtp://user:password@mail.example.com:587): the dev outbox is for development only");
  if (e.SEED_DEMO === "1") problems.push("SEED_DEMO=1 is not allowed with NODE_ENV=production: the demo seed is for development only");
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and .env files use it.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  const problems = parsed.success ? productionProblems(parsed.data) : parsed.error.issues.map((issue) => `Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  if (!parsed.success || problems.length > 0) {
    // One readable line per problem, then a non-zero exit: a misconfigured server never half-starts.
    for (const line of problems) console.error(line);
    process.exit(1);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === "production";
  // Secrets that tenant files refer to by name (OAuth2 client secrets): TUESDAY_SECRET_<NAME>.
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith("TUESDAY_SECRET_") && value) secrets[key.slice("TUESDAY_SECRET_".length)] = value;
  }
  // The demo tenant's SSO client secret, for the development identity provider only.
  if (!isProduction) secrets.DEMO_SSO ??= "tuesday-dev-sso-secret";
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    searchPoolSize: e.DATABASE_SEARCH_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    embeddings: e.EMBEDDINGS_URL ? { url: e.EMBEDDINGS_URL, model: e.EMBEDDINGS_MODEL ?? "default", apiKey: e.EMBEDDINGS_API_KEY } : undefined,
    logLevel: e.LOG_LEVEL,
    defaultTenant: e.DEFAULT_TENANT,
    tenantsDir: path.resolve(e.TENANTS_DIR ?? "tenants"),
    tenantUrlTemplate:
      e.TENANT_URL_TEMPLATE ?? (isProduction ? "https://{domain}" : `http://{id}.localhost:${e.PORT}`),
    adminRegistrationSecret: e.ADMIN_REGISTRATION_SECRET,
    // Development without any Google settings signs in through the stand-in at /dev/google.
    google:
      !isProduction && !e.GOOGLE_JWKS_URL && !e.GOOGLE_ISSUERS && !e.GOOGLE_CLIENT_ID
        ? devGoogleConfig(e.PORT)
        : {
            jwksUrl: e.GOOGLE_JWKS_URL ?? GOOGLE_JWKS_URL,
            issuers: e.GOOGLE_ISSUERS ? e.GOOGLE_ISSUERS.split(",").map((s) => s.trim()).filter(Boolean) : GOOGLE_ISSUERS,
            clientId: e.GOOGLE_CLIENT_ID,
          },
    linkedinSearchUrl: e.LINKEDIN_SEARCH_URL,
    secrets,
    trustProxy: e.TRUST_PROXY === "1",
    rateLimitScale: e.RATE_LIMIT_SCALE,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "1",
    webhookRetryDelaysSeconds: e.WEBHOOK_RETRY_DELAYS ? e.WEBHOOK_RETRY_DELAYS.split(",").map((x) => Number(x.trim())) : WEBHOOK_RETRY_DELAYS_SECONDS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    devTools: !isProduction,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "1" : !isProduction,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    images: {
      maxBytes: e.IMAGE_MAX_BYTES,
      fetchTimeoutMs: e.IMAGE_FETCH_TIMEOUT_MS,
      allowPrivateFetch: e.IMAGE_ALLOW_PRIVATE_FETCH === "1",
      fetchAllowedIps: e.IMAGE_FETCH_ALLOWED_IPS.split(",").map((s) => s.trim()).filter(Boolean),
    },
    sessionCacheMs: e.SESSION_CACHE_MS,
    metricsToken: e.METRICS_TOKEN,
    matchingThreads: e.MATCHING_THREADS,
    browser: {
      errorDsn: e.SENTRY_DSN,
      analyticsUrl: e.ANALYTICS_URL,
      publicIpUrls: (e.PUBLIC_IP_URLS ?? "").split(",").map((s) => s.trim()).filter((s) => URL.canParse(s)),
      geoLookupUrl: e.GEO_LOOKUP_URL,
    },
    ...(e.TELEGRAM_BOT_TOKEN
      ? {
          telegram: {
            apiUrl: e.TELEGRAM_API_URL,
            botToken: e.TELEGRAM_BOT_TOKEN,
            botUsername: e.TELEGRAM_BOT_USERNAME ?? "",
            secret: e.TELEGRAM_SECRET,
          },
        }
      : {}),
  };
}

/**
 * The environment for a `vite build` child: this process's, with NODE_ENV=production. A web app
 * built to be served is the production bundle whatever NODE_ENV this process runs under (vitest
 * runs the server with NODE_ENV=test, which would make React's development build).
 */
export function webBuildEnv(): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: "production" };
}
