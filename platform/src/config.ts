/** Runtime configuration. Built from the environment by env.ts, or directly by tests and the CLI. */
export type AppConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  /** Where the embedded database, media and other local state live. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections of the request pool; unset: cores + 1 for the embedded database, else 10 (runtime.ts poolSizes). */
  databasePoolSize: number | undefined;
  /** Connections for directory searches; unset: this machine's cores for the embedded database, else 4. */
  searchPoolSize: number | undefined;
  smtpUrl: string | undefined;
  /** An OpenAI-compatible embeddings server for matching (EMBEDDINGS_URL); unset: the built-in encoder. */
  embeddings?: { url: string; model: string; apiKey: string | undefined } | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  defaultTenant: string | undefined;
  tenantsDir: string;
  /** Public base URL of a tenant; `{id}`, `{domain}` and `{port}` are substituted. Links in mail use it, never the Host header. */
  tenantUrlTemplate: string;
  adminRegistrationSecret: string | undefined;
  google: GoogleConfig;
  linkedinSearchUrl: string | undefined;
  secrets: Record<string, string>;
  /** Trust X-Forwarded-For / X-Forwarded-Host (only behind a proxy that sets them). */
  trustProxy: boolean;
  /** Every attempt limit (lib/rate-limit.ts) times this; 1 in production. */
  rateLimitScale: number;
  /** Requests a community API key may make per minute (API_KEY_RATE_LIMIT; times rateLimitScale). */
  apiKeyRateLimit: number;
  /** Lets webhooks reach private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE=1). Never in production. */
  webhookAllowPrivate: boolean;
  /** Waits between a webhook delivery's attempts; after the last one fails the endpoint is disabled. */
  webhookRetryDelaysSeconds: number[];
  /** How long a webhook receiver has to answer. */
  webhookTimeoutMs: number;
  /** /dev/mail and other development pages. */
  devTools: boolean;
  seedDemo: boolean;
  /** Where the built web apps are (`<webRoot>/member-web/dist`, `<webRoot>/admin-console/dist`); the checkout by default. */
  webRoot?: string | undefined;
  images: ImagesConfig;
  /** How long a validated session is reused in process (auth/session-cache.ts); 0 turns the cache off. */
  sessionCacheMs: number;
  /** Optional browser integrations, all off unless configured (docs/configuration.md). */
  browser: BrowserIntegrations;
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset: /metrics answers 404. */
  metricsToken?: string | undefined;
  /** Threads of the weekly matching's candidate lists (MATCHING_THREADS); unset: the engine's default. */
  matchingThreads?: number | undefined;
  /** The Telegram bot (TELEGRAM_BOT_TOKEN); unset: Telegram is off. */
  telegram?: TelegramConfig | undefined;
};

/** What the member app may call besides this server; handed to it in index.html (web/head.ts). */
export type BrowserIntegrations = {
  /** A Sentry-compatible DSN (`https://<key>@<host>/<project>`): uncaught browser errors go there. */
  errorDsn: string | undefined;
  /** Page views and sign-up events are POSTed here as JSON. */
  analyticsUrl: string | undefined;
  /** Services answering the caller's public IP (plain text or JSON `{ip}`), tried in order; none: no header. */
  publicIpUrls: string[];
  /** Answers the visitor's country (plain text ISO code or JSON `{country}`/`{country_code}`); none: the international documents. */
  geoLookupUrl: string | undefined;
};

export type TelegramConfig = {
  /** The Bot API's base URL (TELEGRAM_API_URL), https://api.telegram.org by default. */
  apiUrl: string;
  botToken: string;
  /** The bot's @name without the @, for the t.me deep link. */
  botUsername: string;
  /** Required in X-Telegram-Bot-Secret (the bot backend's connect) and X-Telegram-Bot-Api-Secret-Token (the webhook); unset: both refuse. */
  secret: string | undefined;
};

export type GoogleConfig = {
  jwksUrl: string;
  issuers: string[];
  clientId: string | undefined;
  /** Verification points at the development stand-in under /dev/google (devGoogleConfig), which is then served. */
  devStandIn?: boolean;
};

export const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";
export const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
export const DEV_GOOGLE_PATH = "/dev/google";
export const DEV_GOOGLE_SIGN_IN_URL = `${DEV_GOOGLE_PATH}/sign-in`;
/** Shaped like Google's issuer and client ids, under .localhost so they can never be the real ones. */
export const DEV_GOOGLE_ISSUER = "https://accounts.google.localhost";
export const DEV_GOOGLE_CLIENT_ID = "tuesday-dev.apps.googleusercontent.localhost";

/**
 * Google sign-in against the development stand-in this server serves on `port`: the same
 * verification as for Google (auth/google.ts), only the key set, issuer and client id differ.
 */
export function devGoogleConfig(port: number): GoogleConfig {
  return {
    jwksUrl: `http://localhost:${port}${DEV_GOOGLE_PATH}/certs`,
    issuers: [DEV_GOOGLE_ISSUER],
    clientId: DEV_GOOGLE_CLIENT_ID,
    devStandIn: true,
  };
}

export type ImagesConfig = {
  /** Largest accepted image file (upload or fetched link), in bytes. */
  maxBytes: number;
  /** Whole budget for fetching an image link, redirects included. */
  fetchTimeoutMs: number;
  /** Lets image links reach private, loopback and link-local addresses. Never in production. */
  allowPrivateFetch: boolean;
  /** Single addresses exempt from the private-address refusal (e.g. an intranet image host). */
  fetchAllowedIps: string[];
};

/**
 * Standard Webhooks' suggested schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 27.6 h in
 * all, so a receiver down for a day still gets its events).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: "test",
    isProduction: false,
    port: 0,
    host: "127.0.0.1",
    dataDir: ".data/test",
    databaseUrl: undefined,
    databasePoolSize: undefined,
    searchPoolSize: undefined,
    smtpUrl: undefined,
    logLevel: "silent",
    defaultTenant: undefined,
    tenantsDir: "tenants",
    tenantUrlTemplate: "http://{id}.localhost:3000",
    adminRegistrationSecret: "test-admin-secret-0123456789",
    google: { jwksUrl: "http://127.0.0.1:1/jwks", issuers: ["https://accounts.google.com"], clientId: undefined },
    linkedinSearchUrl: undefined,
    secrets: {},
    // The harness has no TCP peer; tests name the client through X-Forwarded-For.
    trustProxy: true,
    rateLimitScale: 1,
    apiKeyRateLimit: 600,
    webhookAllowPrivate: true,
    webhookRetryDelaysSeconds: WEBHOOK_RETRY_DELAYS_SECONDS,
    webhookTimeoutMs: 10_000,
    devTools: true,
    seedDemo: false,
    images: { maxBytes: 10 * 1024 * 1024, fetchTimeoutMs: 5000, allowPrivateFetch: false, fetchAllowedIps: [] },
    // Off unless a test asks: many tests change rows by hand and read them back at once.
    sessionCacheMs: 0,
    browser: { errorDsn: undefined, analyticsUrl: undefined, publicIpUrls: [], geoLookupUrl: undefined },
    ...overrides,
  };
}
