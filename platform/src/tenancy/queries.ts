import type { Db } from "../db/client.ts";
import type { NavigationConfig, TenantConfig } from "./schema.ts";

export type CommunityRow = {
  id: string;
  domain: string;
  config: TenantConfig;
  landing: Record<string, Record<string, unknown>>;
  navigation: NavigationConfig | null;
  version: number;
  updatedAt: Date;
};

export async function findCommunityById(db: Db, id: string): Promise<CommunityRow | undefined> {
  const [row] = await db<CommunityRow[]>`
    select id, domain, config, landing, navigation, version, updated_at as "updatedAt"
    from communities where id = ${id}`;
  return row;
}

export async function findCommunityIdByDomain(db: Db, domain: string): Promise<string | undefined> {
  const [row] = await db<{ communityId: string }[]>`
    select community_id as "communityId" from community_domains where domain = ${domain}`;
  return row?.communityId;
}

export async function listCommunities(db: Db): Promise<CommunityRow[]> {
  return db<CommunityRow[]>`
    select id, domain, config, landing, navigation, version, updated_at as "updatedAt"
    from communities order by id`;
}

export type UpsertResult = { id: string; created: boolean };

export async function upsertCommunity(
  db: Db,
  input: { config: TenantConfig; landing: Record<string, Record<string, unknown>>; navigation: NavigationConfig | null },
): Promise<UpsertResult> {
  const { config } = input;
  const [row] = await db<{ id: string; created: boolean }[]>`
    insert into communities (id, domain, config, landing, navigation, version)
    values (${config.id}, ${config.domain}, ${db.json(config as never)}, ${db.json(input.landing as never)},
            ${input.navigation ? db.json(input.navigation as never) : null}, ${config.version})
    on conflict (id) do update set
      domain = excluded.domain, config = excluded.config, landing = excluded.landing,
      navigation = excluded.navigation, version = excluded.version, updated_at = now()
    returning id, (xmax = 0) as created`;
  const domains = [config.domain, ...config.aliases];
  await db`delete from community_domains where community_id = ${config.id} and domain <> all(${domains})`;
  for (const d of domains) {
    await db`
      insert into community_domains (domain, community_id) values (${d}, ${config.id})
      on conflict (domain) do update set community_id = excluded.community_id`;
  }
  if (!row) throw new Error("upsert returned no row");
  return row;
}

/** The row as it is before an apply, locked until the apply's transaction ends. */
export async function findCommunityForUpdate(db: Db, id: string): Promise<CommunityRow | undefined> {
  const [row] = await db<CommunityRow[]>`
    select id, domain, config, landing, navigation, version, updated_at as "updatedAt"
    from communities where id = ${id} for update`;
  return row;
}
