import path from "node:path";
import { googleClientId } from "./google.ts";
import type { AppConfig } from "../config.ts";
import type { TenantBundle } from "../community/load-tenants.ts";

/**
 * Sign-in methods a tenant lists that this server has no configuration for, as
 * "file: field: message". Not errors: a tenant file is valid on its own and may be applied before
 * the server gets its secrets, but the method's button would answer 501 until then.
 */
export function unconfiguredSignInMethods(bundles: TenantBundle[], config: Pick<AppConfig, "google" | "secrets">): string[] {
  const warnings: string[] = [];
  for (const b of bundles) {
    const file = path.join(b.dir, "tenant.json");
    b.config.authConfig.forEach((entry, i) => {
      if (entry.authType === "GOOGLE" && !googleClientId(b.config, config.google)) {
        warnings.push(`${file}: authConfig.${i}: GOOGLE has no client id: set GOOGLE_CLIENT_ID or externalContent.clientId`);
      }
      const ref = entry.authType === "OAUTH2" ? entry.oauth2?.clientSecretRef : undefined;
      if (ref && !config.secrets[ref]) {
        warnings.push(`${file}: authConfig.${i}.oauth2.clientSecretRef: the secret ${ref} is not set (environment variable TUESDAY_SECRET_${ref})`);
      }
    });
  }
  return warnings;
}
