import { z } from "@hono/zod-openapi";
import { CurrentUserSchema, ModerationStatusSchema, ParticipantRoleSchema, PermissionsSchema } from "../account/schemas.ts";
import { CommunityPublicSchema } from "../community/schemas.ts";
import { personName } from "../lib/fields.ts";
import { ContactTypeSchema, LangSchema } from "../tenancy/schema.ts";
import { TopicPicksSchema } from "../topics/schemas.ts";

/** The spec's lookingFor choices (section 3). */
export const LOOKING_FOR = ["LOOKING_FOR", "CAN_HELP_WITH", "NEED_HELP_WITH", "MEET_NEW_PEOPLE", "OPEN_TO_ANY", "OTHER"] as const;
export const LookingForSchema = z.enum(LOOKING_FOR).openapi({
  description: "looking for, can help with, need help with, meet new people, open to any suggestions, other",
});
export type LookingFor = z.infer<typeof LookingForSchema>;

export const PRIVACY = ["NONE", "PRIVATE", "CUSTOM"] as const;
export const PrivacySchema = z.enum(PRIVACY).openapi({
  description: "NONE: contacts visible to members; PRIVATE: hidden; CUSTOM: all but hiddenContacts",
});
export type Privacy = z.infer<typeof PrivacySchema>;

export const ContactsSchema = z.partialRecord(ContactTypeSchema, z.string()).openapi("Contacts", {
  description: "Contact links by type, normalised (links as https URLs)",
});
export type Contacts = z.infer<typeof ContactsSchema>;

/** Text bounds of the profile form (the spec leaves the numbers open). */
export const LIMITS = {
  name: 60,
  company: 100,
  position: 100,
  about: 2000,
  goal: 500,
  freeText: 1000,
  city: 100,
  tag: 50,
  tags: 30,
  contact: 200,
} as const;

const atMost = (max: number) => `Must be at most ${max} characters`;

const Name = personName(LIMITS.name);
/** Optional text: "" or null clears it. */
const OptionalText = (max: number) => z.string().trim().max(max, atMost(max)).nullable().optional();

export const NotificationPrefSchema = z
  .object({ contactType: ContactTypeSchema, disable: z.boolean() })
  .openapi("NotificationPref");

export const AvatarSchema = z.record(z.string(), z.unknown()).nullable().openapi({ description: "Avatar image (see /api/images)" });

/** The member's own profile: everything. */
export const ParticipantProfileSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    userId: z.string().uuid(),
    slug: z.string(),
    role: ParticipantRoleSchema,
    moderationStatus: ModerationStatusSchema,
    moderationReason: z.string().nullable().openapi({ description: "Why the profile was rejected, when a moderator gave a reason" }),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    about: z.string().nullable(),
    lookingFor: z.array(LookingForSchema),
    lookingForText: z.string().nullable().openapi({ description: "What I look for" }),
    canHelpWithText: z.string().nullable().openapi({ description: "What I can help with" }),
    needTopics: z.array(z.string()).openapi({ description: "Keys of the community's active topics the member needs help with (GET /api/community/topics)" }),
    offerTopics: z.array(z.string()).openapi({ description: "Keys of the community's active topics the member can help with" }),
    goal: z.string().nullable(),
    city: z.string().nullable(),
    shareLocation: z.boolean(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    contacts: ContactsSchema,
    privacy: PrivacySchema,
    hiddenContacts: z.array(ContactTypeSchema),
    tags: z.array(z.string()),
    language: LangSchema.nullable(),
    networkingEnabled: z.boolean(),
    profileEnabled: z.boolean(),
    tutorialSeen: z.boolean(),
    notificationPrefs: z.array(NotificationPrefSchema),
    invitedBy: z.string().uuid().nullable(),
    avatar: AvatarSchema,
    profileCompleted: z.boolean(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("ParticipantProfile");
export type ParticipantProfile = z.infer<typeof ParticipantProfileSchema>;

/** Another member's profile as the viewer may see it (privacy applied by the server). */
export const ParticipantPublicSchema = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    about: z.string().nullable(),
    lookingFor: z.array(LookingForSchema),
    lookingForText: z.string().nullable(),
    canHelpWithText: z.string().nullable(),
    needTopics: z.array(z.string()).openapi({ description: "Keys of the community's active topics the member needs help with (GET /api/community/topics)" }),
    offerTopics: z.array(z.string()).openapi({ description: "Keys of the community's active topics the member can help with" }),
    goal: z.string().nullable(),
    tags: z.array(z.string()),
    city: z.string().nullable().openapi({ description: "Only when the member shares the location" }),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    avatar: AvatarSchema,
    moderationStatus: ModerationStatusSchema,
    createdAt: z.string().openapi({ format: "date-time" }),
    contacts: ContactsSchema.openapi({ description: "Only the contacts this viewer may see" }),
    phone: z.string().nullable(),
    hasHiddenContacts: z.boolean().openapi({ description: "Some contacts are hidden: an intro goes through a moderator" }),
    contactsLocked: z.boolean().openapi({
      description: "The viewer sees no contacts until signed in with a complete, confirmed profile in this community",
    }),
    isOwn: z.boolean(),
  })
  .openapi("ParticipantPublic");
export type ParticipantPublic = z.infer<typeof ParticipantPublicSchema>;

export const CreateParticipantQuerySchema = z.object({
  userId: z.string().uuid().openapi({ description: "Must be the signed-in user" }),
});

export const CreateParticipantBodySchema = z
  .strictObject({
    firstName: Name.optional(),
    lastName: Name.optional(),
    language: LangSchema.optional(),
  })
  .openapi("CreateParticipant");
export type CreateParticipantBody = z.infer<typeof CreateParticipantBodySchema>;

export const MyCommunitySchema = z
  .object({
    participant: z.object({
      id: z.string().uuid(),
      slug: z.string(),
      role: ParticipantRoleSchema,
      moderationStatus: ModerationStatusSchema,
      firstName: z.string(),
      lastName: z.string(),
      avatar: AvatarSchema,
    }),
    community: z.object({
      id: z.string(),
      title: z.string(),
      communityUrl: z.string(),
      logoUrl: z.string().nullable(),
    }),
  })
  .openapi("MyCommunity");
export type MyCommunity = z.infer<typeof MyCommunitySchema>;

export const SlugParamSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(80)
    .openapi({ param: { name: "slug", in: "path" }, example: "anna-ivanova" }),
});

export const ParticipantIdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" } }),
});

export const UpdateProfileSchema = z
  .strictObject({
    firstName: Name.optional(),
    lastName: Name.optional(),
    phone: OptionalText(32),
    company: OptionalText(LIMITS.company),
    position: OptionalText(LIMITS.position),
    about: OptionalText(LIMITS.about),
    goal: OptionalText(LIMITS.goal),
    city: OptionalText(LIMITS.city),
    shareLocation: z.boolean().optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    tags: z.array(z.string().max(500)).max(200).optional().openapi({
      description: `Trimmed, deduplicated, "Other" dropped, over ${LIMITS.tag} characters cut to 47 + "…"; at most ${LIMITS.tags}`,
    }),
    contacts: z
      .partialRecord(ContactTypeSchema, z.string().max(500).nullable())
      .optional()
      .openapi({ description: "Contacts to set, by type; a type given as null or \"\" is removed; others are kept" }),
    privacy: PrivacySchema.optional(),
    hiddenContacts: z.array(ContactTypeSchema).max(20).optional(),
    slug: z.string().trim().toLowerCase().max(80).optional(),
    language: LangSchema.optional(),
  })
  .openapi("UpdateProfile");
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

export const UpdateLookingForSchema = z
  .strictObject({
    lookingFor: z.array(LookingForSchema).max(LOOKING_FOR.length),
    lookingForText: OptionalText(LIMITS.freeText),
    canHelpWithText: OptionalText(LIMITS.freeText),
    needTopics: TopicPicksSchema,
    offerTopics: TopicPicksSchema,
  })
  .openapi("UpdateLookingFor");
export type UpdateLookingFor = z.infer<typeof UpdateLookingForSchema>;

export const STEPS = ["profile", "lookingFor", "contacts", "networks", "avatar", "about"] as const;
export const StepSchema = z.enum(STEPS);
export type Step = z.infer<typeof StepSchema>;

export const ProfileCompletionSchema = z
  .object({
    percent: z.number().int().min(0).max(100),
    completed: z.boolean().openapi({ description: "Every visible required step is done" }),
    steps: z.array(
      z.object({
        step: StepSchema,
        visible: z.boolean(),
        required: z.boolean().openapi({ description: "networks and avatar may be skipped" }),
        done: z.boolean(),
      }),
    ),
  })
  .openapi("ProfileCompletion");
export type ProfileCompletion = z.infer<typeof ProfileCompletionSchema>;

export const NetworkingPrefSchema = z
  .strictObject({ participantId: z.string().uuid(), networkingEnabled: z.boolean() })
  .openapi("NetworkingPref");
export const NetworkingPrefResultSchema = z.object({ participantId: z.string().uuid(), networkingEnabled: z.boolean() });

export const NotificationPrefInputSchema = z
  .strictObject({ contactType: ContactTypeSchema, disable: z.boolean() })
  .openapi("NotificationPrefInput");
export const NotificationPrefsResultSchema = z.object({ notificationPrefs: z.array(NotificationPrefSchema) });

export const UpdateLanguageSchema = z
  .strictObject({ communityId: z.string().min(1).max(63), language: LangSchema })
  .openapi("UpdateLanguage");
export const LanguageResultSchema = z.object({ communityId: z.string(), language: LangSchema });

export const LinkedInQuerySchema = z.object({ linkedInProfileUrl: z.string().min(1).max(300) });
export const LinkedInProfileSchema = z
  .object({
    linkedInProfileUrl: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    about: z.string().nullable(),
    city: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  })
  .openapi("LinkedInProfile");
export type LinkedInProfile = z.infer<typeof LinkedInProfileSchema>;

export const ContactInfoSchema = z
  .object({
    communityId: z.string(),
    title: z.string(),
    supportEmail: z.string().openapi({ description: "Where members write for help (the community's sender address)" }),
    siteUrl: z.string().openapi({ description: "The brand's site, else the community URL" }),
    communityUrl: z.string(),
  })
  .openapi("ContactInfo");
export type ContactInfo = z.infer<typeof ContactInfoSchema>;

export const InitResultSchema = z
  .object({
    community: CommunityPublicSchema,
    // Unions, not .nullable(): the generator renders a nullable registered schema as an allOf
    // that null itself breaks.
    currentUser: z.union([CurrentUserSchema, z.null()]),
    participant: z.union([ParticipantProfileSchema, z.null()]),
    permissions: PermissionsSchema,
  })
  .openapi("InitResult");
