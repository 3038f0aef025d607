import { type AppConfig, DEV_GOOGLE_SIGN_IN_URL } from "./config.ts";
import { devOidcClients, devOidcIssuer } from "./dev/oidc.ts";
import { demoBannerLines } from "./dev/seed/demo.ts";
import type { Tenant } from "./tenancy/schema.ts";

const label = (text: string) => `  ${text.padEnd(27)} `;

/** What `npm start` prints once the server answers: every URL a developer needs, on the port it really has. */
export function startupBanner(config: AppConfig, started: { port: number; readyMs: number; tenants: Tenant[] }): string {
  const { port, tenants } = started;
  const origin = `http://localhost:${port}`;
  const hasDevSso = config.devTools && devOidcClients(tenants, devOidcIssuer(port), config.secrets).length > 0;
  const lines = [
    "",
    `Tuesday is running (ready in ${(started.readyMs / 1000).toFixed(1)} s) on port ${port}.`,
    ...tenants.map((t) => `  ${t.config.title.padEnd(28)} ${t.url}`),
    `${label("API reference")}${origin}/api/docs`,
    ...(config.devTools ? [`${label("Dev outbox (mail)")}${origin}/dev/mail`] : []),
    ...(hasDevSso ? [`${label("Dev SSO provider")}${devOidcIssuer(port)}`] : []),
    ...(config.devTools && config.google.devStandIn ? [`${label("Dev Google sign-in")}${origin}${DEV_GOOGLE_SIGN_IN_URL}`] : []),
    ...demoBannerLines(config, tenants.map((t) => t.id)),
    "Press Ctrl-C to stop.",
    "",
  ];
  return `${lines.join("\n")}\n`;
}
