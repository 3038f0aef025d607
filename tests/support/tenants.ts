import type { TenantConfigInput } from "@tuesday/platform";

/** A tenant.json for tests: every sign-in method allowed unless overridden. */
export function tenantFixture(id: string, overrides: Partial<TenantConfigInput> = {}): TenantConfigInput {
  return {
    version: 1,
    id,
    domain: `${id}.test.example`,
    title: `${id[0]?.toUpperCase()}${id.slice(1)} Community`,
    lang: "en",
    langChoices: ["en", "ru"],
    transparent: true,
    authConfig: [{ authType: "EMAIL" }, { authType: "OTP" }, { authType: "NONE" }, { authType: "MAGIC" }, { authType: "GOOGLE" }],
    senderEmail: `hello@${id}.test.example`,
    brandConfig: { title: `${id} brand` },
    ...overrides,
  };
}
