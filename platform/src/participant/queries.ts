import type { ParticipantRole } from "../authz/roles.ts";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import type { ContactType, Lang } from "../tenancy/schema.ts";
import { activePicksSql } from "../topics/queries.ts";
import type { Contacts, LookingFor, Privacy } from "./schemas.ts";

export type ModerationStatus = "pending" | "confirmed" | "rejected";

export type ParticipantRow = {
  id: string;
  communityId: string;
  userId: string;
  slug: string;
  role: ParticipantRole;
  moderationStatus: ModerationStatus;
  /** Why a rejected profile was rejected (the rejection banner shows it). */
  moderationReason: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  position: string | null;
  about: string | null;
  lookingFor: LookingFor[];
  lookingForText: string | null;
  canHelpWithText: string | null;
  /** Topic keys picked as needs / offers, only of the community's active topics (archived picks stay stored unseen). */
  needTopics: string[];
  offerTopics: string[];
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

/**
 * Every column of a participant row, defined once: the full row and each narrower projection
 * (cards, the authorization snapshot) pick from this map, so a renamed column changes one line.
 */
const FIELDS = {
  id: "p.id",
  communityId: "p.community_id",
  userId: "p.user_id",
  slug: "p.slug",
  role: "p.role",
  moderationStatus: "p.moderation_status",
  moderationReason: "p.moderation_reason",
  firstName: "p.first_name",
  lastName: "p.last_name",
  phone: "p.phone",
  company: "p.company",
  position: "p.position",
  about: "p.about",
  lookingFor: "p.looking_for",
  lookingForText: "p.looking_for_text",
  canHelpWithText: "p.can_help_with_text",
  needTopics: activePicksSql("p.need_topics", "p.community_id"),
  offerTopics: activePicksSql("p.offer_topics", "p.community_id"),
  goal: "p.goal",
  city: "p.city",
  shareLocation: "p.share_location",
  latitude: "p.latitude",
  longitude: "p.longitude",
  contacts: "p.contacts",
  privacy: "p.privacy",
  hiddenContacts: "p.hidden_contacts",
  tags: "p.tags",
  language: "p.language",
  networkingEnabled: "p.networking_enabled",
  profileEnabled: "p.profile_enabled",
  tutorialSeen: "p.tutorial_seen",
  notificationPrefs: "p.notification_prefs",
  invitedBy: "p.invited_by",
  avatar: "p.avatar",
  profileCompletedAt: "p.profile_completed_at",
  createdAt: "p.created_at",
  updatedAt: "p.updated_at",
} as const satisfies Record<keyof ParticipantRow, string>;

type Field = keyof ParticipantRow;

/** A select list of `fields` over `participants p`, aliased to the row's property names. */
function columnsOf(fields: readonly Field[]): string {
  return fields.map((f) => `${FIELDS[f]} as "${f}"`).join(", ");
}

const COLUMNS = columnsOf(Object.keys(FIELDS) as Field[]);

/** What a member card shows (the directory's cards, matching's and relations' member cards). */
const CARD_FIELDS = [
  "id",
  "communityId",
  "slug",
  "firstName",
  "lastName",
  "company",
  "position",
  "avatar",
  "tags",
  "city",
  "shareLocation",
  "lookingFor",
  "contacts",
  "phone",
  "privacy",
  "hiddenContacts",
  "moderationStatus",
] as const satisfies readonly Field[];

export type CardRow = Pick<ParticipantRow, (typeof CARD_FIELDS)[number]>;

/** The card projection over `participants p` (the directory's search reads it for one page of ids). */
export const CARD_COLUMNS = columnsOf(CARD_FIELDS);

/** A participant is found by one of its keys, always within its community. */
export type ParticipantKey = { id: string } | { userId: string } | { slug: string };

function byKey(db: Db, communityId: string, key: ParticipantKey) {
  if ("id" in key) return db`p.community_id = ${communityId} and p.id = ${key.id}`;
  if ("userId" in key) return db`p.community_id = ${communityId} and p.user_id = ${key.userId}`;
  return db`p.community_id = ${communityId} and p.slug = ${key.slug}`;
}

/** The participant of the community with `key` (its id, its user's id, or its slug). */
export async function findParticipant(
  db: Db,
  communityId: string,
  key: ParticipantKey,
  opts: { forUpdate?: boolean } = {},
): Promise<ParticipantRow | undefined> {
  const [row] = await db<ParticipantRow[]>`
    select ${db.unsafe(COLUMNS)} from participants p where ${byKey(db, communityId, key)}
    ${opts.forUpdate ? db`for update` : db``}`;
  return row;
}

/** A member card plus what mails need: the member's e-mail and language. */
export type MemberCardRow = CardRow & Pick<ParticipantRow, "userId" | "role"> & { email: string | null; lang: Lang };

const MEMBER_CARD_COLUMNS = `${columnsOf([...CARD_FIELDS, "userId", "role"])}, u.email::text as email,
  coalesce(p.language, u.preferred_lang) as lang`;

/** Member cards of the community by participant id, deleted accounts left out. */
export async function listMemberCards(db: Db, communityId: string, ids: readonly string[]): Promise<MemberCardRow[]> {
  if (ids.length === 0) return [];
  return db<MemberCardRow[]>`
    select ${db.unsafe(MEMBER_CARD_COLUMNS)}
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.id = any(${[...new Set(ids)]}::uuid[]) and u.deleted_at is null`;
}

export async function findMemberCard(db: Db, communityId: string, id: string): Promise<MemberCardRow | undefined> {
  const [row] = await listMemberCards(db, communityId, [id]);
  return row;
}

/** The community's admins and moderators with a live account and an e-mail. */
export async function listStaffCards(db: Db, communityId: string): Promise<MemberCardRow[]> {
  return db<MemberCardRow[]>`
    select ${db.unsafe(MEMBER_CARD_COLUMNS)}
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.role in ('admin', 'moderator') and u.deleted_at is null and u.email is not null
    order by p.created_at, p.id`;
}

/** The participant's language, else their user's preferred one. */
export async function preferredLangOf(db: Db, communityId: string, participantId: string): Promise<Lang | undefined> {
  const [row] = await db<{ lang: Lang }[]>`
    select coalesce(p.language, u.preferred_lang) as lang from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.id = ${participantId}`;
  return row?.lang;
}

/** Serialises one participant's `what` (credit spending, on-demand top-ups) until the transaction ends. */
export async function lockParticipant(db: Db, communityId: string, participantId: string, what: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtext(${`${what}:${communityId}:${participantId}`}))`;
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
  return row ? findParticipant(db, p.communityId, { id: row.id }) : undefined;
}

/** Makes the user a confirmed admin of the community, creating the participant if needed (`created`). */
export async function upsertAdminParticipant(db: Db, communityId: string, userId: string): Promise<{ id: string; created: boolean }> {
  const [row] = await db<{ id: string; created: boolean }[]>`
    insert into participants (community_id, user_id, role, moderation_status)
    values (${communityId}, ${userId}, 'admin', 'confirmed')
    on conflict (community_id, user_id) do update set role = 'admin', moderation_status = 'confirmed', updated_at = now()
    returning id, (xmax = 0) as created`;
  if (!row) throw new Error("participant upsert returned no row");
  return row;
}

/** Sets the user's role in the community, creating a confirmed participant if needed (`created`). */
export async function upsertParticipantRole(db: Db, communityId: string, userId: string, role: ParticipantRole): Promise<{ id: string; created: boolean }> {
  const [row] = await db<{ id: string; created: boolean }[]>`
    insert into participants (community_id, user_id, role, moderation_status)
    values (${communityId}, ${userId}, ${role}, 'confirmed')
    on conflict (community_id, user_id) do update set role = ${role}, updated_at = now()
    returning id, (xmax = 0) as created`;
  if (!row) throw new Error("participant upsert returned no row");
  return row;
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

/** The topic picks as stored, archived topics' included (the row lock is the caller's). */
export async function findStoredTopicPicks(db: Db, communityId: string, id: string): Promise<{ needTopics: string[]; offerTopics: string[] }> {
  const [row] = await db<{ needTopics: string[]; offerTopics: string[] }[]>`
    select need_topics as "needTopics", offer_topics as "offerTopics" from participants where community_id = ${communityId} and id = ${id}`;
  return row ?? { needTopics: [], offerTopics: [] };
}

export async function updateTopicPicks(db: Db, communityId: string, id: string, picks: { needTopics: string[]; offerTopics: string[] }): Promise<void> {
  await db`
    update participants set need_topics = ${picks.needTopics}::text[], offer_topics = ${picks.offerTopics}::text[], updated_at = now()
    where community_id = ${communityId} and id = ${id}
      and (need_topics is distinct from ${picks.needTopics}::text[] or offer_topics is distinct from ${picks.offerTopics}::text[])`;
}
