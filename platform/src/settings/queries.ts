import type { Db } from "../db/client.ts";
import type { TenantConfig } from "../tenancy/schema.ts";

export async function findCommunitySettingsRow(db: Db, id: string): Promise<{ config: TenantConfig; updatedAt: Date } | undefined> {
  const [row] = await db<{ config: TenantConfig; updatedAt: Date }[]>`select config, updated_at as "updatedAt" from communities where id = ${id}`;
  return row;
}

export async function updateCommunityConfig(db: Db, id: string, config: TenantConfig): Promise<Date> {
  const [row] = await db<{ updatedAt: Date }[]>`
    update communities set config = ${db.json(config as never)}, updated_at = now() where id = ${id} returning updated_at as "updatedAt"`;
  if (!row) throw new Error("community vanished");
  return row.updatedAt;
}
