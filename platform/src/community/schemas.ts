import { z } from "@hono/zod-openapi";
import {
  AuthTypeSchema,
  ContactTypeSchema,
  LangSchema,
  NavigationConfigSchema,
} from "../tenancy/schema.ts";
import { TenantConfigSchema } from "./tenant-config.ts";

/** What a visitor's browser may know of a community (no provider secrets, no internals). */
export const CommunityPublicSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    parentCommunityDomain: z.string().nullable(),
    communityUrl: z.string(),
    lang: LangSchema,
    langChoices: z.array(LangSchema),
    title: z.string(),
    description: z.string(),
    landingTitle: z.string(),
    landingCopy: z.string(),
    imgUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    transparent: z.boolean(),
    shortLanding: z.boolean(),
    isTimCommunity: z.boolean(),
    moderationRequired: z.boolean(),
    authConfig: z.array(
      z.object({
        authType: AuthTypeSchema,
        externalContent: z.object({ codeUrl: z.string().optional(), clientId: z.string().optional() }).nullable(),
        buttonLabel: z.string().nullable(),
      }),
    ),
    contactsConfig: z.array(ContactTypeSchema),
    requiredContacts: z.array(ContactTypeSchema),
    requiredContactsMin: z.number().int(),
    shownContacts: z.array(ContactTypeSchema),
    stepsConfig: z.object({
      profile: z.boolean(),
      lookingFor: z.boolean(),
      contacts: z.boolean(),
      networks: z.boolean(),
      avatar: z.boolean(),
      about: z.boolean(),
    }),
    senderEmail: z.string(),
    brandConfig: z.object({
      title: z.string(),
      logoUrl: z.string().nullable(),
      siteUrl: z.string().nullable(),
      primaryColor: z.string(),
      accentColor: z.string(),
    }),
    policyLinks: z.object({ terms: z.string().nullable(), privacy: z.string().nullable(), asPlainText: z.boolean() }),
    navigationConfig: NavigationConfigSchema.nullable(),
    welcomeLayout: z.enum(["standard", "special"]),
    customLanding: z.boolean(),
    donationUrl: z.string().nullable(),
    currency: z.string().nullable().openapi({ description: "ISO 4217 code of paid events' prices; null: prices are bare numbers", example: "EUR" }),
    applyUrl: z.string().nullable(),
    connectUrl: z.string().nullable(),
    legalDocuments: z
      .object({
        byGeolocation: z.boolean(),
        ru: z.object({ terms: z.string(), privacy: z.string() }),
        international: z.object({ terms: z.string(), privacy: z.string() }),
      })
      .nullable(),
    partner: z.object({ slug: z.string(), name: z.string(), tour: z.boolean() }).nullable(),
  })
  .openapi("Community");
export type CommunityPublic = z.infer<typeof CommunityPublicSchema>;

export const CreateCommunitySchema = TenantConfigSchema;

export const NavigationSchema = NavigationConfigSchema.openapi("Navigation");
