/**
 * Community settings from the console (GET/PATCH /admin/{communityId}/settings).
 *
 * Tenants are code: tenant.json is the operator's source and `tuesday tenant apply` writes it to
 * the database. The console edits the safe subset of the same document in the database, validated
 * by the same TenantConfigSchema, audited as `community.settings` with before and after (the
 * console shows the diff, and the operator copies it into the file). The next apply of the file
 * wins: an operator who wants console edits to last copies them into tenant.json.
 */
import { recordAudit } from "../audit/index.ts";
import { requireCommunityAdmin } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { validationError } from "../http/openapi.ts";
import { notFound } from "../lib/errors.ts";
import { findCommunityForUpdate } from "../tenancy/queries.ts";
import { upgradeTenantConfig } from "../tenancy/migrate.ts";
import { TenantConfigSchema } from "../community/tenant-config.ts";
import type { TenantConfig } from "../tenancy/schema.ts";
import { findCommunitySettingsRow, updateCommunityConfig } from "./queries.ts";
import type { Settings, SettingsPatch, SettingsResult } from "./schemas.ts";

function settingsOf(config: TenantConfig): Settings {
  return {
    title: config.title,
    description: config.description,
    landingTitle: config.landingTitle,
    landingCopy: config.landingCopy,
    lang: config.lang,
    langChoices: config.langChoices,
    moderationRequired: config.moderationRequired,
    authTypes: config.authConfig.map((a) => a.authType),
    stepsConfig: config.stepsConfig,
    navigationConfig: config.navigationConfig ?? null,
  };
}

const result = (config: TenantConfig, updatedAt: Date): SettingsResult => ({
  settings: settingsOf(config),
  managedBy: "database-until-next-apply",
  updatedAt: updatedAt.toISOString(),
});

export async function getSettings(ctx: Ctx, communityId: string): Promise<SettingsResult> {
  await requireCommunityAdmin(ctx, communityId);
  const row = await findCommunitySettingsRow(ctx.db, ctx.tenant.id);
  if (!row) throw notFound("Community not found");
  return result(row.config, row.updatedAt);
}

/** The patch applied to the stored tenant.json document, then the document validated whole. */
function merge(config: TenantConfig, patch: SettingsPatch): unknown {
  const { authTypes, stepsConfig, navigationConfig, ...plain } = patch;
  const next: Record<string, unknown> = { ...config, ...plain };
  if (authTypes) {
    // Existing entries keep their provider data (SSO, Google client); new ones are bare.
    next.authConfig = authTypes.map((t) => config.authConfig.find((a) => a.authType === t) ?? { authType: t });
  }
  if (stepsConfig) next.stepsConfig = { ...config.stepsConfig, ...stepsConfig };
  if (navigationConfig !== undefined) {
    if (navigationConfig === null) delete next.navigationConfig;
    else next.navigationConfig = navigationConfig;
  }
  return next;
}

export async function updateSettings(ctx: Ctx, communityId: string, patch: SettingsPatch): Promise<SettingsResult> {
  await requireCommunityAdmin(ctx, communityId);
  const saved = await withTx(ctx.db, async (tx) => {
    const row = await findCommunityForUpdate(tx, ctx.tenant.id);
    if (!row) throw notFound("Community not found");
    const parsed = TenantConfigSchema.safeParse(merge(upgradeTenantConfig(row.config).config as TenantConfig, patch));
    if (!parsed.success) throw validationError(parsed.error.issues);
    const config = parsed.data;
    if (config.langChoices.length && !config.langChoices.includes(config.lang)) {
      throw validationError([{ path: ["langChoices"], message: "must include the community's language (lang)" }]);
    }
    const updatedAt = await updateCommunityConfig(tx, ctx.tenant.id, config);
    const before = settingsOf(row.config);
    const after = settingsOf(config);
    await recordAudit(withDb(ctx, tx), { action: "community.settings", target: { type: "community", id: ctx.tenant.id }, before, after });
    return result(config, updatedAt);
  });
  // This process sees the change at once; others when their short cache expires.
  ctx.deps.tenants.invalidate();
  return saved;
}
