/** Runtime configuration. Built from the environment by env.ts, or directly by tests and the CLI. */
export type AppConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  /** Where the embedded database, media and other local state live. */
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  defaultTenant: string | undefined;
  tenantsDir: string;
  /** Public base URL of a tenant; `{id}`, `{domain}` and `{port}` are substituted. Links in mail use it, never the Host header. */
  tenantUrlTemplate: string;
  adminRegistrationSecret: string | undefined;
  google: { jwksUrl: string; issuers: string[]; clientId: string | undefined };
  linkedinSearchUrl: string | undefined;
  secrets: Record<string, string>;
  /** /dev/mail and other development pages. */
  devTools: boolean;
  seedDemo: boolean;
};

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: "test",
    isProduction: false,
    port: 0,
    host: "127.0.0.1",
    dataDir: ".data/test",
    databaseUrl: undefined,
    smtpUrl: undefined,
    logLevel: "silent",
    defaultTenant: undefined,
    tenantsDir: "tenants",
    tenantUrlTemplate: "http://{id}.localhost:3000",
    adminRegistrationSecret: "test-admin-secret-0123456789",
    google: { jwksUrl: "http://127.0.0.1:1/jwks", issuers: ["https://accounts.google.com"], clientId: undefined },
    linkedinSearchUrl: undefined,
    secrets: {},
    devTools: true,
    seedDemo: false,
    ...overrides,
  };
}
