import { describe, expect, it } from "vitest";
import { upgradeTenantConfig } from "./migrate.ts";
import { TenantConfigSchema } from "../community/tenant-config.ts";
import { TENANT_SCHEMA_VERSION } from "./schema.ts";

const v1 = {
  version: 1,
  id: "old",
  domain: "old.example",
  title: "Old",
  senderEmail: "a@old.example",
  brandConfig: { title: "Old" },
  authConfig: [{ authType: "EMAIL" }],
  policyLinks: { terms: "/terms.txt", asPlainText: true },
};

describe("tenant.json upgrades", () => {
  it("version 1 -> 2 renames policyLinks.asPlainText to plainText, and the result validates", () => {
    expect(TenantConfigSchema.safeParse(v1).success).toBe(false);
    const up = upgradeTenantConfig(v1);
    expect(up).toMatchObject({ from: 1, to: TENANT_SCHEMA_VERSION, changes: ["1 -> 2: policyLinks.asPlainText renamed policyLinks.plainText"] });
    expect(up.config).toEqual({ ...v1, version: 2, policyLinks: { terms: "/terms.txt", plainText: true } });
    expect(TenantConfigSchema.parse(up.config).policyLinks.plainText).toBe(true);
  });

  it("leaves current files, unknown versions and non-objects as they are", () => {
    const current = { ...v1, version: 2 };
    expect(upgradeTenantConfig(current)).toMatchObject({ config: current, changes: [] });
    expect(upgradeTenantConfig({ version: 9 }).config).toEqual({ version: 9 });
    expect(upgradeTenantConfig("x").config).toBe("x");
    expect(upgradeTenantConfig({ ...v1, policyLinks: undefined }).config).toMatchObject({ version: 2 });
  });
});
