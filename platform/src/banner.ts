import { type AppConfig, DEV_GOOGLE_SIGN_IN_URL } from "./config.ts";
import type { Tenant } from "./tenancy/schema.ts";

const label = (text: string) => `  ${text.padEnd(27)} `;

/** What `npm start` prints once the server answers: every URL a developer needs, on the port it really has. */
export async function startupBanner(config: AppConfig, started: { port: number; readyMs: number; tenants: Tenant[] }): Promise<string> {
  const { port, tenants } = started;
  const origin = `http://localhost:${port}`;
  // The development provider and the demo seed are loaded only when they are on: a production
  // start never imports them.
  const devOidc = config.devTools ? await import("./dev/oidc.ts") : undefined;
  const devSsoIssuer = devOidc?.devOidcIssuer(port);
  const hasDevSso = devOidc && devSsoIssuer ? devOidc.devOidcClients(tenants, devSsoIssuer, config.secrets).length > 0 : false;
  const demoLines = config.seedDemo && !config.isProduction ? (await import("./dev/seed/demo.ts")).demoBannerLines(config, tenants.map((t) => t.id)) : [];
  const lines = [
    "",
    `Tuesday is running (ready in ${(started.readyMs / 1000).toFixed(1)} s) on port ${port}.`,
    ...tenants.map((t) => `  ${t.config.title.padEnd(28)} ${t.url}`),
    `${label("API reference")}${origin}/api/docs`,
    ...(config.devTools ? [`${label("Dev outbox (mail)")}${origin}/dev/mail`] : []),
    ...(hasDevSso ? [`${label("Dev SSO provider")}${devSsoIssuer}`] : []),
    ...(config.devTools && config.google.devStandIn ? [`${label("Dev Google sign-in")}${origin}${DEV_GOOGLE_SIGN_IN_URL}`] : []),
    ...demoLines,
    "Press Ctrl-C to stop.",
    "",
  ];
  return `${lines.join("\n")}\n`;
}
