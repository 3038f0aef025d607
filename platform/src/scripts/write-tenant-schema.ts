import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { TenantConfigSchema } from "../community/tenant-config.ts";

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

async function main(): Promise<void> {
  const text = renderTenantSchema();
  const rel = path.relative(process.cwd(), TENANT_SCHEMA_FILE);
  if (process.argv.includes("--check")) {
    const current = await fs.readFile(TENANT_SCHEMA_FILE, "utf8").catch(() => "");
    if (current !== text) {
      console.error(`Stale: ${rel}. Run \`npm run tenants:schema\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${rel} is up to date.`);
    return;
  }
  await fs.writeFile(TENANT_SCHEMA_FILE, text);
  console.log(`Wrote ${rel}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
