import type { Db } from "../db/client.ts";
import { notFound } from "../lib/errors.ts";
import {
  type CommunityRow,
  findCommunityById,
  findCommunityIdByDomain,
  listCommunities,
} from "./queries.ts";
import { upgradeTenantConfig } from "./migrate.ts";
import { PORT_PLACEHOLDER, TENANT_SCHEMA_VERSION, type Tenant, type TenantConfig } from "./schema.ts";

export function tenantUrl(config: Pick<TenantConfig, "id" | "domain">, template: string, port?: number): string {
  return template
    .replaceAll("{id}", config.id)
    .replaceAll("{domain}", config.domain)
    .replaceAll("{port}", String(port ?? ""))
    .replace(/\/+$/, "");
}

/**
 * The tenant's config with `{port}` in its OAuth2 provider URLs replaced by the server's port:
 * the demo tenant's SSO provider is served by this process in development, on whatever PORT it has.
 */
export function withServerPort(config: TenantConfig, port: number | undefined): TenantConfig {
  const hasPlaceholder = (a: TenantConfig["authConfig"][number]) =>
    Object.values(a.oauth2 ?? {}).some((v) => typeof v === "string" && v.includes(PORT_PLACEHOLDER));
  if (!config.authConfig.some(hasPlaceholder)) return config;
  const fill = <T extends string | undefined>(url: T): T => url?.replaceAll(PORT_PLACEHOLDER, String(port ?? "")) as T;
  return {
    ...config,
    authConfig: config.authConfig.map((a) =>
      a.oauth2
        ? {
            ...a,
            oauth2: {
              ...a.oauth2,
              issuer: fill(a.oauth2.issuer),
              authorizationEndpoint: fill(a.oauth2.authorizationEndpoint),
              tokenEndpoint: fill(a.oauth2.tokenEndpoint),
              jwksUri: fill(a.oauth2.jwksUri),
            },
          }
        : a,
    ),
  };
}

/** Distinct Host headers remembered: clients choose them, so the map is emptied when it reaches this. */
const MAX_HOST_HEADERS = 1_000;

export type ResolveInput = { host: string | undefined; communityHeader: string | undefined; communityQuery: string | undefined };

/**
 * Finds the tenant of a request: Host (a configured domain or `<id>.localhost`), then the
 * X-Community header, then the communityId query parameter, then the default tenant.
 * Rows are cached briefly; `invalidate()` after apply makes changes visible at once in-process.
 */
export class TenantDirectory {
  private byId = new Map<string, { tenant: Tenant; row: CommunityRow; at: number }>();
  private byDomain = new Map<string, { id: string | null; at: number }>();
  /** Host header exactly as sent → its tenant: the lookup of nearly every request, without a promise. */
  private byHostHeader = new Map<string, { tenant: Tenant; at: number }>();
  private ttlMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: { urlTemplate: string; port?: number; defaultTenant?: string | undefined; ttlMs?: number },
  ) {
    this.ttlMs = opts.ttlMs ?? 5_000;
  }

  invalidate(): void {
    this.byId.clear();
    this.byDomain.clear();
    this.byHostHeader.clear();
  }

  toTenant(row: Pick<CommunityRow, "id" | "domain" | "config">): Tenant {
    // Stored by an older version: upgraded like a file (tenancy/migrate.ts) until the next apply.
    const config = (row.config.version === TENANT_SCHEMA_VERSION ? row.config : upgradeTenantConfig(row.config).config) as TenantConfig;
    return { id: row.id, domain: row.domain, config: withServerPort(config, this.opts.port), url: tenantUrl(row.config, this.opts.urlTemplate, this.opts.port) };
  }

  async getRow(id: string): Promise<CommunityRow | undefined> {
    const hit = this.byId.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.row;
    const row = await findCommunityById(this.db, id);
    if (!row) return undefined;
    this.byId.set(id, { tenant: this.toTenant(row), row, at: Date.now() });
    return row;
  }

  async get(id: string): Promise<Tenant | undefined> {
    const hit = this.byId.get(id);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.tenant;
    const row = await this.getRow(id);
    return row ? (this.byId.get(id)?.tenant ?? this.toTenant(row)) : undefined;
  }

  async require(id: string): Promise<Tenant> {
    const t = await this.get(id);
    if (!t) throw notFound("Community not found");
    return t;
  }

  async byHost(hostHeader: string | undefined): Promise<Tenant | undefined> {
    if (!hostHeader) return undefined;
    const host = hostHeader.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
    const cached = this.byDomain.get(host);
    let id: string | null | undefined = cached && Date.now() - cached.at < this.ttlMs ? cached.id : undefined;
    if (id === undefined) {
      id = (await findCommunityIdByDomain(this.db, host)) ?? null;
      if (!id && host.endsWith(".localhost")) {
        const label = host.slice(0, -".localhost".length);
        if (!label.includes(".") && (await this.getRow(label))) id = label;
      }
      this.byDomain.set(host, { id, at: Date.now() });
    }
    const tenant = id ? await this.get(id) : undefined;
    if (tenant) {
      if (this.byHostHeader.size >= MAX_HOST_HEADERS) this.byHostHeader.clear();
      this.byHostHeader.set(hostHeader, { tenant, at: Date.now() });
    }
    return tenant;
  }

  /**
   * The tenant of a Host header seen within the TTL, synchronously; undefined when it must be
   * looked up (`resolve`). A hit is what `resolve` would answer, Host coming first.
   */
  cachedByHost(hostHeader: string | undefined): Tenant | undefined {
    const hit = hostHeader === undefined ? undefined : this.byHostHeader.get(hostHeader);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.tenant : undefined;
  }

  async byIdOrDomain(value: string | undefined): Promise<Tenant | undefined> {
    if (!value) return undefined;
    const v = value.trim().toLowerCase();
    return (await this.get(v)) ?? (await this.byHost(v));
  }

  async defaultTenant(): Promise<Tenant | undefined> {
    if (this.opts.defaultTenant) return this.get(this.opts.defaultTenant);
    const rows = await listCommunities(this.db);
    const row = rows.find((r) => r.config.isDefault) ?? rows[0];
    return row ? this.toTenant(row) : undefined;
  }

  async resolve(input: ResolveInput): Promise<Tenant | undefined> {
    return (
      (await this.byHost(input.host)) ??
      (await this.byIdOrDomain(input.communityHeader)) ??
      (await this.byIdOrDomain(input.communityQuery)) ??
      (await this.defaultTenant())
    );
  }

  async list(): Promise<Tenant[]> {
    return (await listCommunities(this.db)).map((r) => this.toTenant(r));
  }
}
