import { z } from "@hono/zod-openapi";
import { AuthTypeSchema, LangSchema, NavigationConfigSchema, StepsConfigSchema } from "../tenancy/schema.ts";

export const SettingsParamSchema = z.object({
  communityId: z.string().min(1).max(100).openapi({ param: { name: "communityId", in: "path" }, description: "The current community's id" }),
});

/**
 * What the console may change in a community's configuration: texts, languages, sign-in methods,
 * onboarding steps, navigation and moderation. Domains, sender address, secrets, SSO providers
 * and matching tuning stay in tenant.json (the operator's file).
 */
const fields = {
  title: z.string().trim().min(1).max(120),
  description: z.string().max(2_000),
  landingTitle: z.string().max(300),
  landingCopy: z.string().max(5_000),
  lang: LangSchema,
  langChoices: z.array(LangSchema).min(1).max(2),
  moderationRequired: z.boolean(),
  /** The allowed sign-in methods; OAUTH2 keeps its provider from tenant.json and cannot be added here. */
  authTypes: z.array(AuthTypeSchema).min(1).max(6),
  stepsConfig: StepsConfigSchema,
  navigationConfig: NavigationConfigSchema.nullable(),
};

export const SettingsSchema = z.object(fields).openapi("CommunitySettings");
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = z
  .strictObject({
    title: fields.title.optional(),
    description: fields.description.optional(),
    landingTitle: fields.landingTitle.optional(),
    landingCopy: fields.landingCopy.optional(),
    lang: fields.lang.optional(),
    langChoices: fields.langChoices.optional(),
    moderationRequired: fields.moderationRequired.optional(),
    authTypes: fields.authTypes.optional(),
    stepsConfig: StepsConfigSchema.partial().optional(),
    navigationConfig: fields.navigationConfig.optional(),
  })
  .openapi("CommunitySettingsPatch");
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const SettingsResultSchema = z
  .object({
    settings: SettingsSchema,
    /** Console changes live in the database; the next `tuesday tenant apply` of tenant.json replaces them. */
    managedBy: z.literal("database-until-next-apply"),
    updatedAt: z.string(),
  })
  .openapi("CommunitySettingsResult");
export type SettingsResult = z.infer<typeof SettingsResultSchema>;
