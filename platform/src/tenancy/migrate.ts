/**
 * Upgrades of tenant.json from older versions to TENANT_SCHEMA_VERSION, one step per version.
 * Files are upgraded in memory when loaded (so an old file still applies) and rewritten by
 * `tuesday tenant migrate`; stored configs are upgraded when read. Add a step when a version changes
 * the shape of the file, and keep the old steps: any old file must stay upgradable.
 */
import { TENANT_SCHEMA_VERSION } from "./schema.ts";

type Json = Record<string, unknown>;

/** Step from version `from` to `from + 1`: the raw object in, the upgraded one out, and what changed. */
type Step = { from: number; describe: string; up: (raw: Json) => Json };

function rename(raw: Json, from: string, to: string): Json {
  if (!(from in raw)) return raw;
  const out: Json = {};
  for (const [k, v] of Object.entries(raw)) out[k === from ? to : k] = v;
  return out;
}

export const TENANT_UPGRADES: Step[] = [
  {
    from: 1,
    describe: "policyLinks.asPlainText renamed policyLinks.plainText",
    up: (raw) => {
      const links = raw.policyLinks;
      if (typeof links !== "object" || links === null || Array.isArray(links)) return raw;
      return { ...raw, policyLinks: rename(links as Json, "asPlainText", "plainText") };
    },
  },
];

export type TenantUpgrade = { config: unknown; from: number | undefined; to: number; changes: string[] };

/**
 * The raw tenant.json object upgraded to the current version; anything not an object, or of an
 * unknown version, is returned as it is (the schema then reports it).
 */
export function upgradeTenantConfig(raw: unknown): TenantUpgrade {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { config: raw, from: undefined, to: TENANT_SCHEMA_VERSION, changes: [] };
  let doc = raw as Json;
  const from = typeof doc.version === "number" ? doc.version : undefined;
  if (from === undefined || from >= TENANT_SCHEMA_VERSION || !Number.isInteger(from) || from < 1) return { config: raw, from, to: TENANT_SCHEMA_VERSION, changes: [] };
  const changes: string[] = [];
  for (let v = from; v < TENANT_SCHEMA_VERSION; v++) {
    const step = TENANT_UPGRADES.find((s) => s.from === v);
    if (!step) break;
    doc = { ...step.up(doc), version: v + 1 };
    changes.push(`${v} -> ${v + 1}: ${step.describe}`);
  }
  return { config: doc, from, to: TENANT_SCHEMA_VERSION, changes };
}
