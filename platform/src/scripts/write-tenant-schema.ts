import path from "node:path";
import { z } from "zod";
import { TenantConfigSchema } from "../community/tenant-config.ts";
import { writeOrCheck } from "./generated-file.ts";

/**
 * Writes tenants/tenant.schema.json (JSON Schema for editors) from the zod TenantConfigSchema,
 * so tenant.json files get completion and checks while typing. With --check, fails when the
 * committed file is stale.
 */
export const TENANT_SCHEMA_FILE = path.resolve(import.meta.dirname, "../../../tenants/tenant.schema.json");

export function renderTenantSchema(): string {
  // "input": what a file may contain (defaults make fields optional), not what the parser returns.
  const schema = z.toJSONSchema(TenantConfigSchema, { io: "input", unrepresentable: "any" });
  const doc = {
    ...schema,
    $id: "https://tuesday.community/schemas/tenant.schema.json",
    title: "Tuesday tenant configuration (tenants/<id>/tenant.json)",
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await writeOrCheck(TENANT_SCHEMA_FILE, await renderTenantSchema(), "npm run tenants:schema");
