import { isOperator, requireOperator } from "../authz/index.ts";
import fs from "node:fs/promises";
import path from "node:path";
import { googleClientId } from "../auth/google.ts";
import { type AppConfig, DEV_GOOGLE_SIGN_IN_URL } from "../config.ts";
import type { Ctx, Deps } from "../context.ts";
import { conflict, notFound } from "../lib/errors.ts";
import type { CommunityRow } from "../tenancy/queries.ts";
import type { TenantConfig } from "../tenancy/schema.ts";
import { applyTenants } from "./apply-tenants.ts";
import type { CommunityPublic } from "./schemas.ts";

/** How the member app gets a GOOGLE ID token: for whom (client id), and in development from which page. */
export type GoogleSignIn = { clientId: string | undefined; devSignInUrl: string | undefined };

export function googleSignIn(config: Pick<AppConfig, "google" | "devTools">, tenantConfig: Pick<TenantConfig, "authConfig">): GoogleSignIn {
  return { clientId: googleClientId(tenantConfig, config.google), devSignInUrl: config.devTools && config.google.devStandIn ? DEV_GOOGLE_SIGN_IN_URL : undefined };
}

/**
 * A GOOGLE entry carries the client id the server verifies tokens for (the community's own, else
 * GOOGLE_CLIENT_ID), and with the development stand-in its sign-in page as `codeUrl`.
 */
function publicExternalContent(entry: TenantConfig["authConfig"][number], google: GoogleSignIn): CommunityPublic["authConfig"][number]["externalContent"] {
  if (entry.authType !== "GOOGLE") return entry.externalContent ?? null;
  const content = { ...entry.externalContent };
  if (google.clientId) content.clientId = google.clientId;
  if (google.devSignInUrl) content.codeUrl = google.devSignInUrl;
  return Object.keys(content).length ? content : null;
}

export function toPublicCommunity(row: Pick<CommunityRow, "id" | "domain" | "config" | "navigation">, url: string, google: GoogleSignIn): CommunityPublic {
  const c = row.config;
  return {
    id: row.id,
    domain: row.domain,
    parentCommunityDomain: c.parentCommunityDomain ?? null,
    communityUrl: url,
    lang: c.lang,
    langChoices: c.langChoices,
    title: c.title,
    description: c.description,
    landingTitle: c.landingTitle,
    landingCopy: c.landingCopy,
    imgUrl: c.imgUrl ?? null,
    logoUrl: c.logoUrl ?? null,
    transparent: c.transparent,
    shortLanding: c.shortLanding,
    isTimCommunity: c.isTimCommunity,
    moderationRequired: c.moderationRequired,
    authConfig: c.authConfig.map((a) => ({
      authType: a.authType,
      externalContent: publicExternalContent(a, google),
      buttonLabel: a.oauth2?.buttonLabel ?? null,
    })),
    contactsConfig: c.contactsConfig,
    requiredContacts: c.requiredContacts,
    requiredContactsMin: c.requiredContactsMin,
    shownContacts: c.shownContacts,
    stepsConfig: c.stepsConfig,
    senderEmail: c.senderEmail,
    brandConfig: {
      title: c.brandConfig.title,
      logoUrl: c.brandConfig.logoUrl ?? null,
      siteUrl: c.brandConfig.siteUrl ?? null,
      primaryColor: c.brandConfig.primaryColor,
      accentColor: c.brandConfig.accentColor,
    },
    policyLinks: { terms: c.policyLinks.terms ?? null, privacy: c.policyLinks.privacy ?? null, asPlainText: c.policyLinks.plainText },
    navigationConfig: row.navigation ?? c.navigationConfig ?? null,
    welcomeLayout: c.welcomeLayout,
    customLanding: c.customLanding,
    donationUrl: c.donationUrl ?? null,
    currency: c.currency ?? null,
    applyUrl: c.applyUrl ?? null,
    connectUrl: c.connectUrl ?? null,
    legalDocuments: c.legalDocuments ?? null,
    partner: c.partner ?? null,
  };
}

async function publicById(ctx: Ctx, id: string): Promise<CommunityPublic> {
  const community = await publicCommunity(ctx.deps, id);
  if (!community) throw notFound("Community not found");
  return community;
}

/**
 * A community's public configuration (what GET /community/get-by-domain answers), or undefined;
 * also put in the member app's index.html of the community's domains (web/static.ts).
 */
export async function publicCommunity(deps: Pick<Deps, "tenants" | "config">, id: string): Promise<CommunityPublic | undefined> {
  const row = await deps.tenants.getRow(id);
  return row ? toPublicCommunity(row, deps.tenants.toTenant(row).url, googleSignIn(deps.config, row.config)) : undefined;
}

/** Public community data is readable by anyone: it is what the login page of that domain shows. */
export async function getCommunityById(ctx: Ctx, id: string): Promise<CommunityPublic> {
  return publicById(ctx, id);
}

export async function getCommunityByDomain(ctx: Ctx, domain: string): Promise<CommunityPublic> {
  const tenant = await ctx.deps.tenants.byHost(domain);
  if (!tenant) throw notFound("Community not found");
  return publicById(ctx, tenant.id);
}

/**
 * The communities a user belongs to. Only the user themself (or an operator) may ask: another
 * user's memberships are not public.
 */
export async function getCommunitiesByUserId(ctx: Ctx, userId: string): Promise<CommunityPublic[]> {
  if (!isOperator(ctx) && !(ctx.actor.kind === "user" && ctx.actor.userId === userId)) throw notFound("User not found");
  const rows = await ctx.db<{ id: string }[]>`
    select c.id from communities c
    where c.id in (select community_id from participants where user_id = ${userId})
       or c.id = (select home_community_id from users where id = ${userId} and deleted_at is null)
    order by c.id`;
  return Promise.all(rows.map((r) => publicById(ctx, r.id)));
}

/** Platform operators only: creates a community from a full tenant config. */
export async function createCommunity(ctx: Ctx, config: TenantConfig): Promise<CommunityPublic> {
  requireOperator(ctx);
  if (await ctx.deps.tenants.getRow(config.id)) throw conflict(`Community "${config.id}" already exists`);
  const taken = await ctx.db`select 1 from community_domains where domain = any(${[config.domain, ...config.aliases]})`;
  if (taken.length) throw conflict("One of the domains is already used by another community");
  await applyTenants(ctx.db, [{ config, landing: {}, navigation: config.navigationConfig ?? null, dir: "" }], { actor: ctx.actor, requestId: ctx.requestId });
  ctx.deps.tenants.invalidate();
  return publicById(ctx, config.id);
}

export async function getLandingDocument(ctx: Ctx, id: string, suffix: string): Promise<Record<string, unknown>> {
  const row = await ctx.deps.tenants.getRow(id);
  // Own keys only: the suffix comes from the URL, and "constructor" or "__proto__" would find
  // Object.prototype's members on a plain object.
  const doc = row && Object.hasOwn(row.landing, suffix) ? row.landing[suffix] : undefined;
  if (!doc) throw notFound("Landing document not found");
  return doc;
}

export async function getNavigationDocument(ctx: Ctx, id: string) {
  const row = await ctx.deps.tenants.getRow(id);
  if (!row) throw notFound("Community not found");
  const nav = row.navigation ?? row.config.navigationConfig;
  if (!nav) throw notFound("This community uses the default navigation");
  return nav;
}

const ASSET_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  ico: "image/x-icon",
  txt: "text/plain; charset=utf-8",
  pdf: "application/pdf",
};

/**
 * A static file from the tenant's folder (tenants/<id>/<file>): logos and plain-text policies
 * referenced from tenant.json. Only a flat file name with a known extension is served, so
 * neither tenant.json nor anything outside the folder can be reached.
 */
export async function getCommunityAsset(ctx: Ctx, id: string, file: string): Promise<{ body: Uint8Array; contentType: string }> {
  const ext = /^[a-z0-9][a-z0-9_-]*\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  const contentType = ext ? ASSET_TYPES[ext] : undefined;
  if (!contentType || !(await ctx.deps.tenants.getRow(id))) throw notFound("Asset not found");
  try {
    return { body: await fs.readFile(path.join(ctx.deps.config.tenantsDir, id, file)), contentType };
  } catch {
    throw notFound("Asset not found");
  }
}
