import type { ParticipantRole } from "../account/schemas.ts";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import type { ContactType, Lang } from "../tenancy/schema.ts";
import type { Contacts, LookingFor, Privacy } from "./schemas.ts";

export type ModerationStatus = "pending" | "confirmed" | "rejected";

export type ParticipantRow = {
  id: string;
  communityId: string;
  userId: string;
  slug: string;
  role: ParticipantRole;
  moderationStatus: ModerationStatus;
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  position: string | null;
  about: string | null;
  lookingFor: LookingFor[];
  lookingForText: string | null;
  canHelpWithText: string | null;
  goal: string | null;
  city: string | null;
  shareLocation: boolean;
  latitude: number | null;
  longitude: number | null;
  contacts: Contacts;
  privacy: Privacy;
  hiddenContacts: ContactType[];
  tags: string[];
  language: Lang | null;
  networkingEnabled: boolean;
  profileEnabled: boolean;
  tutorialSeen: boolean;
  notificationPrefs: Partial<Record<ContactType, boolean>>;
  invitedBy: string | null;
  avatar: Record<string, unknown> | null;
  profileCompletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `p.id, p.community_id as "communityId", p.user_id as "userId", p.slug, p.role,
  p.moderation_status as "moderationStatus", p.first_name as "firstName", p.last_name as "lastName", p.phone,
  p.company, p.position, p.about, p.looking_for as "lookingFor", p.looking_for_text as "lookingForText",
  p.can_help_with_text as "canHelpWithText", p.goal, p.city, p.share_location as "shareLocation", p.latitude,
  p.longitude, p.contacts, p.privacy, p.hidden_contacts as "hiddenContacts", p.tags, p.language,
  p.networking_enabled as "networkingEnabled", p.profile_enabled as "profileEnabled",
  p.tutorial_seen as "tutorialSeen", p.notification_prefs as "notificationPrefs", p.invited_by as "invitedBy",
  p.avatar, p.profile_completed_at as "profileCompletedAt", p.created_at as "createdAt",
  p.updated_at as "updatedAt"`;

export async function findParticipantById(db: Db, communityId: string, id: string): Promise<ParticipantRow | undefined> {
  const [row] = await db<ParticipantRow[]>`
    select ${db.unsafe(COLUMNS)} from participants p where p.community_id = ${communityId} and p.id = ${id}`;
  return row;
}

export async function findParticipantByUser(
  db: Db,
  communityId: string,
  userId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ParticipantRow | undefined> {
  const [row] = await db<ParticipantRow[]>`
    select ${db.unsafe(COLUMNS)} from participants p where p.community_id = ${communityId} and p.user_id = ${userId}
    ${opts.forUpdate ? db`for update` : db``}`;
  return row;
}

export async function findParticipantBySlug(db: Db, communityId: string, slug: string): Promise<ParticipantRow | undefined> {
  const [row] = await db<ParticipantRow[]>`
    select ${db.unsafe(COLUMNS)} from participants p where p.community_id = ${communityId} and p.slug = ${slug}`;
  return row;
}

/** Slugs in the community equal to `base` or `base-<n>`, to pick the next free suffix. */
export async function listSlugsLike(db: Db, communityId: string, base: string): Promise<string[]> {
  const rows = await db<{ slug: string }[]>`
    select slug from participants
    where community_id = ${communityId} and (slug = ${base} or slug ~ ${`^${base}-[0-9]+$`})`;
  return rows.map((r) => r.slug);
}

export type NewParticipant = {
  communityId: string;
  userId: string;
  slug: string;
  firstName: string;
  lastName: string;
  language: Lang;
  moderationStatus: ModerationStatus;
};

/** Inserts the participant unless the user already has one there; undefined when it existed. */
export async function insertParticipant(db: Db, p: NewParticipant): Promise<ParticipantRow | undefined> {
  const [row] = await db<{ id: string }[]>`
    insert into participants (community_id, user_id, slug, first_name, last_name, language, moderation_status, invited_by)
    values (${p.communityId}, ${p.userId}, ${p.slug}, ${p.firstName}, ${p.lastName}, ${p.language}, ${p.moderationStatus},
            (select i.id from users u join participants i on i.id = u.invited_by and i.community_id = ${p.communityId}
             where u.id = ${p.userId}))
    on conflict (community_id, user_id) do nothing
    returning id`;
  return row ? findParticipantById(db, p.communityId, row.id) : undefined;
}

export type MyCommunityRow = {
  id: string;
  communityId: string;
  slug: string;
  role: ParticipantRole;
  moderationStatus: ModerationStatus;
  firstName: string;
  lastName: string;
  avatar: Record<string, unknown> | null;
};

/** The user's own participants across communities, `firstCommunityId`'s first. */
export async function listMyParticipants(db: Db, userId: string, firstCommunityId: string): Promise<MyCommunityRow[]> {
  return db<MyCommunityRow[]>`
    select p.id, p.community_id as "communityId", p.slug, p.role, p.moderation_status as "moderationStatus",
           p.first_name as "firstName", p.last_name as "lastName", p.avatar
    from participants p
    where p.user_id = ${userId}
    order by (p.community_id = ${firstCommunityId}) desc, p.created_at, p.community_id`;
}

/** Every editable field of the profile, written at once (the service merges changes under a row lock). */
export type ProfileFields = Pick<
  ParticipantRow,
  | "slug"
  | "firstName"
  | "lastName"
  | "phone"
  | "company"
  | "position"
  | "about"
  | "lookingFor"
  | "lookingForText"
  | "canHelpWithText"
  | "goal"
  | "city"
  | "shareLocation"
  | "latitude"
  | "longitude"
  | "contacts"
  | "privacy"
  | "hiddenContacts"
  | "tags"
  | "language"
>;

export const SLUG_CONSTRAINT = "participants_community_slug";

export async function updateProfileFields(db: Db, communityId: string, id: string, f: ProfileFields): Promise<void> {
  try {
    await db`
      update participants set
        slug = ${f.slug}, first_name = ${f.firstName}, last_name = ${f.lastName}, phone = ${f.phone},
        company = ${f.company}, position = ${f.position}, about = ${f.about},
        looking_for = ${f.lookingFor}::text[], looking_for_text = ${f.lookingForText},
        can_help_with_text = ${f.canHelpWithText}, goal = ${f.goal}, city = ${f.city},
        share_location = ${f.shareLocation}, latitude = ${f.latitude}, longitude = ${f.longitude},
        contacts = ${db.json(f.contacts as Record<string, string>)}, privacy = ${f.privacy},
        hidden_contacts = ${f.hiddenContacts}::text[], tags = ${f.tags}::text[], language = ${f.language},
        updated_at = now()
      where community_id = ${communityId} and id = ${id}`;
  } catch (err) {
    if (isUniqueViolation(err, SLUG_CONSTRAINT)) {
      throw new AppError(ErrorCode.CONFLICT, "This profile address is already taken", { errors: { slug: "This address is already taken" } });
    }
    throw err;
  }
}

export async function setProfileCompletedAt(db: Db, communityId: string, id: string, completed: boolean): Promise<void> {
  await db`
    update participants set profile_completed_at = ${completed ? db`coalesce(profile_completed_at, now())` : null}
    where community_id = ${communityId} and id = ${id}
      and (profile_completed_at is null) = ${completed}`;
}

export async function setNetworkingEnabled(db: Db, communityId: string, id: string, enabled: boolean): Promise<void> {
  await db`
    update participants set networking_enabled = ${enabled}, updated_at = now()
    where community_id = ${communityId} and id = ${id}`;
}

export async function setNotificationPref(
  db: Db,
  communityId: string,
  id: string,
  contactType: ContactType,
  disable: boolean,
): Promise<Partial<Record<ContactType, boolean>>> {
  const [row] = await db<{ prefs: Partial<Record<ContactType, boolean>> }[]>`
    update participants set
      notification_prefs = case when ${disable}::boolean
        then notification_prefs || jsonb_build_object(${contactType}::text, true)
        else notification_prefs - ${contactType}::text end,
      updated_at = now()
    where community_id = ${communityId} and id = ${id}
    returning notification_prefs as prefs`;
  return row?.prefs ?? {};
}

export async function setTutorialSeen(db: Db, communityId: string, id: string): Promise<void> {
  await db`update participants set tutorial_seen = true, updated_at = now() where community_id = ${communityId} and id = ${id}`;
}

export async function setLanguage(db: Db, communityId: string, id: string, language: Lang): Promise<void> {
  await db`update participants set language = ${language}, updated_at = now() where community_id = ${communityId} and id = ${id}`;
}
