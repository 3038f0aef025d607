// The zod that @hono/zod-openapi extends: these schemas are reused in route declarations, and
// `.openapi()` must exist whichever module is imported first.
import { z } from "@hono/zod-openapi";

export const LANGS = ["en", "ru"] as const;
export const LangSchema = z.enum(LANGS);
export type Lang = z.infer<typeof LangSchema>;

export const AUTH_TYPES = ["EMAIL", "GOOGLE", "MAGIC", "OTP", "NONE", "OAUTH2"] as const;
export const AuthTypeSchema = z.enum(AUTH_TYPES);
export type AuthType = z.infer<typeof AuthTypeSchema>;

export const CONTACT_TYPES = [
  "EMAIL",
  "PHONE",
  "FACEBOOK",
  "INSTAGRAM",
  "LINKEDIN",
  "VK",
  "TELEGRAM",
  "GITHUB",
  "TWITTER",
  "SLACK",
  "DISCORD",
  "CALENDLY",
] as const;
export const ContactTypeSchema = z.enum(CONTACT_TYPES);
export type ContactType = z.infer<typeof ContactTypeSchema>;

/**
 * The current tenant.json version. Older files still load (tenancy/migrate.ts upgrades them in
 * memory, and `tuesday tenant migrate` rewrites them): version 2 renamed `policyLinks.asPlainText` to
 * `policyLinks.plainText`. Version 1 stays accepted for configs without the renamed field (test fixtures).
 */
export const TENANT_SCHEMA_VERSION = 2;

const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "lowercase letters, digits and hyphens, 2-63 characters");
const HostName = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, "a lowercase host name");
const Url = z.string().regex(/^(https?:\/\/|\/)/, "an absolute http(s) URL or a path starting with /");

/** Stands for the server's PORT in a provider URL, so a development provider served by the server follows it. */
export const PORT_PLACEHOLDER = "{port}";

const ProviderUrl = z
  .string()
  .refine((s) => URL.canParse(s.replaceAll(PORT_PLACEHOLDER, "1")), "an absolute URL ({port} stands for the server's PORT)")
  .meta({ format: "uri-template" });

/** OAuth2 / OpenID Connect provider of a tenant. The client secret is named, never written here. */
export const OAuth2ProviderSchema = z.strictObject({
  issuer: ProviderUrl,
  clientId: z.string().min(1),
  /** Name of the secret: the server reads it from the environment variable TUESDAY_SECRET_<name>. */
  clientSecretRef: z.string().regex(/^[A-Z0-9_]+$/).optional(),
  authorizationEndpoint: ProviderUrl.optional(),
  tokenEndpoint: ProviderUrl.optional(),
  jwksUri: ProviderUrl.optional(),
  scopes: z.array(z.string()).default(["openid", "email", "profile"]),
  buttonLabel: z.string().optional(),
});

export const AuthConfigEntrySchema = z.strictObject({
  authType: AuthTypeSchema,
  /** Free-form provider data; `codeUrl` as in the spec, plus `clientId` for GOOGLE. */
  externalContent: z
    .strictObject({ codeUrl: z.string().optional(), clientId: z.string().optional() })
    .optional(),
  oauth2: OAuth2ProviderSchema.optional(),
});

export const StepsConfigSchema = z.strictObject({
  profile: z.boolean().default(true),
  lookingFor: z.boolean().default(true),
  contacts: z.boolean().default(true),
  networks: z.boolean().default(true),
  avatar: z.boolean().default(true),
  about: z.boolean().default(true),
});

/** `meetings` (the /meetings page) shows only while the community has meetings on (tenant.json `meetings`), forceEnabled or not. */
export const STANDARD_TABS = ["my_communities", "participants", "contacts", "meetings", "events", "chats", "profile", "admin"] as const;

/** A label per member language; the member's language wins over `label` (which is the default). */
export const NavigationLabelsSchema = z.strictObject({ en: z.string().min(1).optional(), ru: z.string().min(1).optional() });
export const NavigationTabSchema = z.strictObject({
  enabled: z.boolean().default(true),
  label: z.string().optional(),
  labels: NavigationLabelsSchema.optional(),
  order: z.number().int(),
  forceEnabled: z.boolean().default(false),
});
export const CustomTabSchema = z.strictObject({
  id: z.string().min(1),
  label: z.string().min(1),
  labels: NavigationLabelsSchema.optional(),
  url: Url,
  order: z.number().int(),
  external: z.boolean().default(false),
});
export const NavigationConfigSchema = z.strictObject({
  tabs: z.partialRecord(z.enum(STANDARD_TABS), NavigationTabSchema).default({}),
  custom: z.array(CustomTabSchema).default([]),
});
export type NavigationConfig = z.infer<typeof NavigationConfigSchema>;

export const BrandConfigSchema = z.strictObject({
  title: z.string().min(1),
  logoUrl: Url.optional(),
  siteUrl: z.string().url().optional(),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default("#3b5bdb"),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/).default("#f08c00"),
});

/** A topic key: what members' picks and the matching engine refer to, stable across label edits. */
export const TOPIC_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const TopicKeySchema = z.string().regex(TOPIC_KEY_PATTERN, "a lowercase slug: a letter, then letters, digits or _, up to 40 characters");
/** At most this many topics per community (active and archived together). */
export const MAX_TOPICS = 100;
export const TopicLabelsSchema = z.partialRecord(LangSchema, z.string().trim().min(1).max(80));
export type TopicLabels = z.infer<typeof TopicLabelsSchema>;

/** One entry of tenant.json `topics`: a need / offer members can pick, with its label per language. */
export const TopicFileSchema = z.strictObject({
  key: TopicKeySchema,
  labels: TopicLabelsSchema,
});
export type TopicFile = z.infer<typeof TopicFileSchema>;

/** Days 1..7 (Monday = 1), wall-clock "HH:MM" in the member's time zone. */
export const AvailabilityWindowSchema = z.strictObject({
  day: z.number().int().min(1).max(7),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
});
export const MEETING_FORMATS = ["VIDEO", "PHONE", "IN_PERSON"] as const;

/** tenant.json `meetings`: proposed slots, availability defaults, where members meet. */
export const MeetingsConfigSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** An availability step in onboarding (the member app shows it when on). */
  onboardingStep: z.boolean().default(false),
  /** The windows of a member who set none (in their time zone, else the community's). */
  defaultWindows: z.array(AvailabilityWindowSchema).max(50).default([1, 2, 3, 4, 5].map((day) => ({ day, from: "10:00", to: "18:00" }))),
  defaultFormats: z.array(z.enum(MEETING_FORMATS)).min(1).default(["VIDEO"]),
  /** No slot starts sooner than this many hours from the proposal. */
  leadHours: z.number().int().min(0).max(72).default(12),
  /**
   * The video link of a meeting: `generated` puts a random room name in place of `{room}` in
   * `url` (a Jitsi server, say), `fixed` gives every meeting `url`.
   */
  video: z
    .strictObject({ kind: z.enum(["generated", "fixed"]), url: z.string().url() })
    .default({ kind: "generated", url: "https://meet.jit.si/{room}" }),
  /** Where in-person meetings happen when members meet in person (else their city). */
  place: z.string().max(300).optional(),
});
export type MeetingsConfig = z.infer<typeof MeetingsConfigSchema>;

/**
 * tenants/<slug>/tenant.json as a shape. The full schema, TenantConfigSchema in
 * community/tenant-config.ts, adds the checks of the features the file configures (the matching
 * lexicon and weights compile), which this foundation module cannot import.
 */
const TenantConfigShapeSchema = z.strictObject({
    $schema: z.string().optional(),
    version: z.union([z.literal(1), z.literal(TENANT_SCHEMA_VERSION)]),
    id: Slug,
    domain: HostName,
    aliases: z.array(HostName).default([]),
    parentCommunityDomain: HostName.optional(),
    isDefault: z.boolean().default(false),
    lang: LangSchema.default("en"),
    langChoices: z.array(LangSchema).min(1).default([...LANGS]),
    timeZone: z.string().default("UTC"),
    title: z.string().min(1),
    description: z.string().default(""),
    landingTitle: z.string().default("Start networking with members of the community"),
    landingCopy: z.string().default(""),
    imgUrl: Url.optional(),
    logoUrl: Url.optional(),
    transparent: z.boolean().default(false),
    shortLanding: z.boolean().default(false),
    isTimCommunity: z.boolean().default(false),
    /** New participants start `confirmed` unless the community moderates them first. */
    moderationRequired: z.boolean().default(false),
    authConfig: z.array(AuthConfigEntrySchema).min(1),
    contactsConfig: z.array(ContactTypeSchema).default([...CONTACT_TYPES]),
    requiredContacts: z.array(ContactTypeSchema).default(["FACEBOOK", "LINKEDIN"]),
    requiredContactsMin: z.number().int().min(0).default(1),
    shownContacts: z.array(ContactTypeSchema).default(["TELEGRAM", "INSTAGRAM", "LINKEDIN", "FACEBOOK"]),
    stepsConfig: StepsConfigSchema.default({
      profile: true,
      lookingFor: true,
      contacts: true,
      networks: true,
      avatar: true,
      about: true,
    }),
    senderEmail: z.string().email(),
    brandConfig: BrandConfigSchema,
    policyLinks: z
      .strictObject({ terms: Url.optional(), privacy: Url.optional(), plainText: z.boolean().default(false) })
      .default({ plainText: false }),
    navigationConfig: NavigationConfigSchema.optional(),
    /** Spec 1 tenant variants; every one is off unless the tenant names it (docs/tenants.md, "Tenant variants"). */
    welcomeLayout: z.enum(["standard", "special"]).default("standard"),
    /** The welcome page is drawn from the landing files' `blocks` only (a custom landing). */
    customLanding: z.boolean().default(false),
    /** A donation button in the bar and on the welcome page. */
    donationUrl: z.string().url().optional(),
    /** The currency of paid events' prices (ISO 4217, "EUR"); unset, a price shows as a bare number. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "an ISO 4217 code in capitals, such as EUR")
      .optional(),
    /** An external "Apply now" link replaces the link to registration on the login page. */
    applyUrl: z.string().url().optional(),
    /** A signed-out visitor at the welcome page is sent to this external connect page. */
    connectUrl: z.string().url().optional(),
    /**
     * The legal document set by the visitor's country (spec 7): RU or BY gives `ru`, any other
     * country (or no lookup) `international`. The lookup runs only when the server sets GEO_LOOKUP_URL.
     */
    legalDocuments: z
      .strictObject({
        byGeolocation: z.boolean().default(false),
        ru: z.strictObject({ terms: Url, privacy: Url }),
        international: z.strictObject({ terms: Url, privacy: Url }),
      })
      .optional(),
    /** Page head branding served in the HTML for this community's domain (title comes from brandConfig). */
    head: z
      .strictObject({
        description: z.string().max(300).optional(),
        iconUrl: Url.optional(),
        ogImageUrl: Url.optional(),
      })
      .optional(),
    /**
     * A bank-partner community: six sections at /{slug}/services, education, contacts, events,
     * earnings and career (content under `partner` in the landing files), a welcome section and
     * the onboarding tour of spec 4.7.
     */
    partner: z
      .strictObject({
        slug: Slug,
        name: z.string().min(1),
        tour: z.boolean().default(true),
      })
      .optional(),
    /** Per-tenant override of the matching weights (any subset of engine/weights.ts DEFAULT_WEIGHTS). */
    matchingWeights: z.record(z.string(), z.unknown()).optional(),
    /**
     * The community's extension of the matching lexicon (platform/src/matching/lexicon): an entry
     * with a built-in id adds phrasings to that concept; a new id adds a concept of the community.
     */
    matchingLexicon: z
      .array(
        z.strictObject({
          id: z.string().regex(/^[a-z][a-z0-9_]{0,59}$/),
          topic: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
          label: z.strictObject({ en: z.string().min(1).max(80), ru: z.string().min(1).max(80) }),
          en: z.array(z.string().min(1).max(120)).max(100).default([]),
          ru: z.array(z.string().min(1).max(120)).max(100).default([]),
        }),
      )
      .max(500)
      .optional(),
    /**
     * The community's taxonomy of needs and offers, in display order. When present, applying the
     * tenant makes the community's topics match it (see community/apply-tenants.ts); absent leaves them as
     * the console made them.
     */
    topics: z.array(TopicFileSchema).max(MAX_TOPICS).optional(),
    /** Who may be paired, beside the rules every community has (docs/matching.md, "Pairing rules"). */
    matchingRules: z
      .strictObject({
        /** Members of the same company (normalised name) may be paired, weekly and on demand. */
        pairColleagues: z.boolean().default(false),
        /**
         * How members meet: "online" (city barely matters), "hybrid" (a modest bonus) or "offline"
         * (a larger one); scales the city's weight (matching weights cityByFormat).
         */
        format: z.enum(["online", "hybrid", "offline"]).default("hybrid"),
      })
      .default({ pairColleagues: false, format: "hybrid" }),
    /** Meetings of matched members (docs/meetings.md): off unless the community turns them on. */
    meetings: MeetingsConfigSchema.optional(),
  });

/** A check the features add to tenant.json's own (community/tenant-config.ts); it runs first. */
export type TenantConfigCheck = (t: z.infer<typeof TenantConfigShapeSchema>, ctx: z.RefinementCtx<z.infer<typeof TenantConfigShapeSchema>>) => void;

/** tenants/<slug>/tenant.json. `version` lets the schema evolve; apply refuses unknown versions. */
export function tenantConfigSchema(featureChecks: TenantConfigCheck) {
  return TenantConfigShapeSchema.superRefine((t, ctx) => {
    featureChecks(t, ctx);
    if (!t.langChoices.includes(t.lang)) {
      ctx.addIssue({ code: "custom", path: ["lang"], message: `must be one of langChoices (${t.langChoices.join(", ")})` });
    }
    if (t.topics) {
      const keys = new Set<string>();
      t.topics.forEach((topic, i) => {
        if (keys.has(topic.key)) ctx.addIssue({ code: "custom", path: ["topics", i, "key"], message: `"${topic.key}" is listed twice` });
        keys.add(topic.key);
        for (const lang of t.langChoices) {
          if (!topic.labels[lang]) ctx.addIssue({ code: "custom", path: ["topics", i, "labels", lang], message: `a label in every language of langChoices is required (${lang})` });
        }
      });
    }
    const seen = new Set<string>();
    t.authConfig.forEach((entry, i) => {
      if (seen.has(entry.authType)) {
        ctx.addIssue({ code: "custom", path: ["authConfig", i, "authType"], message: `${entry.authType} is listed twice` });
      }
      seen.add(entry.authType);
      if (entry.authType === "OAUTH2" && !entry.oauth2) {
        ctx.addIssue({ code: "custom", path: ["authConfig", i, "oauth2"], message: "OAUTH2 needs an oauth2 provider block" });
      }
    });
  });
}

export type TenantConfigInput = z.input<typeof TenantConfigShapeSchema>;
export type TenantConfig = z.infer<typeof TenantConfigShapeSchema>;

/** A landing document is free-form JSON for the welcome page; only its top level must be an object. */
export const LandingDocumentSchema = z.record(z.string(), z.unknown());

/** The loaded, resolved tenant the request runs in. */
export type Tenant = {
  id: string;
  domain: string;
  config: TenantConfig;
  /** Public base URL built from configuration (never from the request's Host header). */
  url: string;
};
