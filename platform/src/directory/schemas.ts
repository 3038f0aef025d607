import { z } from "@hono/zod-openapi";
import { ModerationStatusSchema } from "../account/schemas.ts";
import { pageParam, queryInteger, sizeParam } from "../lib/fields.ts";
import { AvatarSchema, ContactsSchema, LookingForSchema } from "../participant/schemas.ts";

/** Paging bounds: deep offsets cost a walk over every skipped row, so the list stops at 10,000 rows; search narrows further. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const MAX_OFFSET = 10_000;
/** `total` counts matches up to this number; above it `totalCapped` is true. */
/**
 * Searches rank at most this many matches and count up to it: ranking every match of a broad word
 * ("marketing" in a 100k community) costs the database far more than a member gains from page 50.
 */
export const TOTAL_CAP = 200;
export const SEARCH_MAX = 200;
export const PREVIEW_SIZE = 8;

export const CommunityIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(63)
    .openapi({ param: { name: "id", in: "path" }, description: "The current community's id; another community's id is a 404", example: "alpha" }),
});

export const ParticipantIdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" }, description: "A participant of the current community" }),
});

const Page = pageParam();
const Size = sizeParam(PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT);
const Search = z
  .string()
  .max(SEARCH_MAX)
  .optional()
  .openapi({
    description:
      "Words matched against name, company, position, tags, about and the lookingFor texts (the last word as a prefix), or a name with typos",
    example: "anna design",
  });

const pageWithinBounds = (v: { page: number; size: number }) => v.page * v.size <= MAX_OFFSET;
const PAGE_BOUND_MESSAGE = `page * size must be at most ${MAX_OFFSET}: narrow the list with search or filters`;

export const DirectoryQuerySchema = z
  .object({
    page: Page,
    size: Size,
    search: Search,
    tag: z.string().trim().min(1).max(50).optional().openapi({ description: "Only members with this tag (exact spelling, see /options)" }),
    city: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "Only members who share their location in this city (case-insensitive)" }),
    lookingFor: LookingForSchema.optional(),
  })
  .refine(pageWithinBounds, { message: PAGE_BOUND_MESSAGE, path: ["page"] });
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

export const PickerQuerySchema = z
  .object({ page: Page, size: Size, search: Search })
  .refine(pageWithinBounds, { message: PAGE_BOUND_MESSAGE, path: ["page"] });
export type PickerQuery = z.infer<typeof PickerQuerySchema>;

export const DirectoryCardSchema = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    avatar: AvatarSchema,
    tags: z.array(z.string()),
    city: z.string().nullable().openapi({ description: "Only when the member shares the location" }),
    lookingFor: z.array(LookingForSchema),
    contacts: ContactsSchema.openapi({ description: "Only the contacts this viewer may see" }),
    phone: z.string().nullable(),
    hasHiddenContacts: z.boolean(),
    contactsLocked: z.boolean().openapi({ description: "The viewer sees no contacts until their own profile is complete" }),
    moderationStatus: ModerationStatusSchema.optional().openapi({ description: "Admins and moderators only" }),
  })
  .openapi("DirectoryCard");
export type DirectoryCard = z.infer<typeof DirectoryCardSchema>;

export const DirectoryPageSchema = z
  .object({
    items: z.array(DirectoryCardSchema),
    page: z.number().int(),
    size: z.number().int(),
    hasMore: z.boolean(),
    total: z.number().int().openapi({ description: `Matching members, counted up to ${TOTAL_CAP}` }),
    totalCapped: z.boolean().openapi({ description: `More than ${TOTAL_CAP} members match: total is a lower bound` }),
  })
  .openapi("DirectoryPage");
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

export const PickerItemSchema = z
  .object({ id: z.string().uuid(), firstName: z.string(), lastName: z.string(), avatar: AvatarSchema })
  .openapi("DirectoryPickerItem");
export type PickerItem = z.infer<typeof PickerItemSchema>;

export const PickerPageSchema = z
  .object({ items: z.array(PickerItemSchema), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() })
  .openapi("DirectoryPickerPage");
export type PickerPage = z.infer<typeof PickerPageSchema>;

export const PreviewSchema = z
  .object({
    count: z.number().int().openapi({ description: "Confirmed members of the community" }),
    items: z
      .array(z.object({ id: z.string().uuid(), firstName: z.string(), avatar: AvatarSchema }))
      .openapi({ description: `Up to ${PREVIEW_SIZE} members who did not choose PRIVATE privacy, those with a photo first` }),
  })
  .openapi("DirectoryPreview");
export type Preview = z.infer<typeof PreviewSchema>;

export const TagCountSchema = z.object({ tag: z.string(), count: z.number().int() }).openapi("TagCount");
export type TagCount = z.infer<typeof TagCountSchema>;

export const TopTagsQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 100 }, 20).openapi({ type: "integer", example: 20 }),
});

export const TopTagsSchema = z.object({ items: z.array(TagCountSchema) }).openapi("TopTags");
export type TopTags = z.infer<typeof TopTagsSchema>;

export const DirectoryOptionsSchema = z
  .object({
    cities: z.array(z.object({ city: z.string(), count: z.number().int() })).openapi({ description: "Shared cities, most members first" }),
    tags: z.array(TagCountSchema),
    lookingFor: z.array(z.object({ value: LookingForSchema, count: z.number().int() })).openapi({ description: "Every choice, with its count" }),
  })
  .openapi("DirectoryOptions");
export type DirectoryOptions = z.infer<typeof DirectoryOptionsSchema>;

export const LocationItemSchema = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    city: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    avatar: AvatarSchema,
  })
  .openapi("DirectoryLocation");
export type LocationItem = z.infer<typeof LocationItemSchema>;

export const LocationsQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: 5000 }, 1000).openapi({ type: "integer", example: 1000 }),
});

export const LocationsSchema = z
  .object({ items: z.array(LocationItemSchema), hasMore: z.boolean() })
  .openapi("DirectoryLocations");
export type Locations = z.infer<typeof LocationsSchema>;

export const NearbyQuerySchema = z.object({
  radiusKm: z.coerce.number().min(1).max(20_000).default(100).openapi({ type: "number", example: 100 }),
  limit: queryInteger({ min: 1, max: PAGE_SIZE_MAX }, PAGE_SIZE_DEFAULT).openapi({ type: "integer", example: 20 }),
});
export type NearbyQuery = z.infer<typeof NearbyQuerySchema>;

export const NearbySchema = z
  .object({
    origin: z
      .object({ id: z.string().uuid(), city: z.string().nullable(), latitude: z.number().nullable(), longitude: z.number().nullable() })
      .nullable()
      .openapi({ description: "Where the search starts; null when the participant shares no location with this viewer" }),
    radiusKm: z.number(),
    items: z.array(LocationItemSchema.extend({ latitude: z.number().nullable(), longitude: z.number().nullable(), distanceKm: z.number().nullable() })),
  })
  .openapi("DirectoryNearby");
export type Nearby = z.infer<typeof NearbySchema>;
