import type { Db } from "../../db/client.ts";
import type { MediaObjectRow } from "../../images/queries.ts";
import type { StoredAvatar } from "../../images/schemas.ts";
import type { ModerationStatus, ProfileFields } from "../../participant/queries.ts";
import type { Lang } from "../../tenancy/schema.ts";

// The rows hold only JSON values (strings, numbers, arrays, plain objects); postgres.js's JSON type is stricter than their inferred one.
type Json = Parameters<Db["json"]>[0];

/** Participants whose account is not a demo account (`@<domain>`): a community in real use has them. */
export async function countRealParticipants(db: Db, communityId: string, demoDomain: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*) as n from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and (u.email is null or lower(u.email::text) not like ${`%@${demoDomain}`})`;
  return row?.n ?? 0;
}

/** The participant of the community's demo admin, if it exists (the seed writes it last). */
export async function findDemoAdminParticipant(db: Db, communityId: string, email: string): Promise<{ id: string } | undefined> {
  const [row] = await db<{ id: string }[]>`
    select p.id from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and u.email = ${email} and p.role = 'admin'`;
  return row;
}

/** Which of `emails` already have an account (deleted accounts have none). */
export async function listExistingEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const rows = await db<{ email: string }[]>`select lower(email::text) as email from users where email = any(${emails}::citext[])`;
  return new Set(rows.map((r) => r.email));
}

export async function listTakenSlugs(db: Db, communityId: string, slugs: string[]): Promise<Set<string>> {
  const rows = await db<{ slug: string }[]>`
    select slug from participants where community_id = ${communityId} and slug = any(${slugs}::text[])`;
  return new Set(rows.map((r) => r.slug));
}

export type DemoUserRow = { email: string; homeCommunityId: string; preferredLang: Lang; createdAt: string };

/** Verified accounts without a password: demo members sign in by code or link through the dev outbox. */
export async function insertDemoUsers(db: Db, rows: DemoUserRow[]): Promise<Map<string, string>> {
  const inserted = await db<{ id: string; email: string }[]>`
    insert into users (email, home_community_id, preferred_lang, email_verified_at, policy_agreed_at, created_at, updated_at)
    select x.email, x.home_community_id, x.preferred_lang, x.created_at, x.created_at, x.created_at, x.created_at
    from jsonb_to_recordset(${db.json(rows.map((r) => ({ email: r.email, home_community_id: r.homeCommunityId, preferred_lang: r.preferredLang, created_at: r.createdAt })))})
      as x(email text, home_community_id text, preferred_lang text, created_at timestamptz)
    returning id, lower(email::text) as email`;
  return new Map(inserted.map((r) => [r.email, r.id]));
}

export type DemoParticipantRow = ProfileFields & {
  userId: string;
  moderationStatus: ModerationStatus;
  networkingEnabled: boolean;
  tutorialSeen: boolean;
  avatar: StoredAvatar | null;
  profileCompletedAt: string | null;
  createdAt: string;
  needTopics: string[];
  offerTopics: string[];
};

/** Inserts the participants; returns participant id by user id. */
export async function insertDemoParticipants(db: Db, communityId: string, rows: DemoParticipantRow[]): Promise<Map<string, string>> {
  const records = rows.map((r) => ({
    user_id: r.userId,
    slug: r.slug,
    moderation_status: r.moderationStatus,
    first_name: r.firstName,
    last_name: r.lastName,
    phone: r.phone,
    company: r.company,
    position: r.position,
    about: r.about,
    looking_for: r.lookingFor,
    looking_for_text: r.lookingForText,
    can_help_with_text: r.canHelpWithText,
    goal: r.goal,
    city: r.city,
    share_location: r.shareLocation,
    latitude: r.latitude,
    longitude: r.longitude,
    contacts: r.contacts,
    privacy: r.privacy,
    hidden_contacts: r.hiddenContacts,
    tags: r.tags,
    language: r.language,
    networking_enabled: r.networkingEnabled,
    tutorial_seen: r.tutorialSeen,
    avatar: r.avatar,
    profile_completed_at: r.profileCompletedAt,
    created_at: r.createdAt,
    need_topics: r.needTopics,
    offer_topics: r.offerTopics,
  }));
  const inserted = await db<{ id: string; userId: string }[]>`
    insert into participants (
      community_id, user_id, role, slug, moderation_status, first_name, last_name, phone, company, position, about,
      looking_for, looking_for_text, can_help_with_text, goal, city, share_location, latitude, longitude, contacts,
      privacy, hidden_contacts, tags, language, networking_enabled, tutorial_seen, avatar, profile_completed_at,
      created_at, updated_at, need_topics, offer_topics)
    select ${communityId}, x.user_id, 'member', x.slug, x.moderation_status, x.first_name, x.last_name, x.phone, x.company,
      x.position, x.about, x.looking_for, x.looking_for_text, x.can_help_with_text, x.goal, x.city, x.share_location,
      x.latitude, x.longitude, x.contacts, x.privacy, x.hidden_contacts, x.tags, x.language, x.networking_enabled,
      x.tutorial_seen, x.avatar, x.profile_completed_at, x.created_at, x.created_at, x.need_topics, x.offer_topics
    from jsonb_to_recordset(${db.json(records as unknown as Json)}) as x(
      user_id uuid, slug text, moderation_status text, first_name text, last_name text, phone text, company text,
      position text, about text, looking_for text[], looking_for_text text, can_help_with_text text, goal text, city text,
      share_location boolean, latitude double precision, longitude double precision, contacts jsonb, privacy text,
      hidden_contacts text[], tags text[], language text, networking_enabled boolean, tutorial_seen boolean, avatar jsonb,
      profile_completed_at timestamptz, created_at timestamptz, need_topics text[], offer_topics text[])
    returning id, user_id as "userId"`;
  return new Map(inserted.map((r) => [r.userId, r.id]));
}

export type DemoAnswerRow = { participantId: string; questionId: string; optionIds: string[]; text: string | null; answeredAt: string };

export async function insertDemoAnswers(db: Db, communityId: string, rows: DemoAnswerRow[]): Promise<void> {
  if (!rows.length) return;
  const records = rows.map((r) => ({
    participant_id: r.participantId,
    question_id: r.questionId,
    option_ids: r.optionIds,
    text: r.text,
    answered_at: r.answeredAt,
  }));
  await db`
    insert into participant_answers (community_id, participant_id, question_id, option_ids, text, answered_at)
    select ${communityId}, x.participant_id, x.question_id, x.option_ids, x.text, x.answered_at
    from jsonb_to_recordset(${db.json(records)}) as x(participant_id uuid, question_id uuid, option_ids uuid[], text text, answered_at timestamptz)
    on conflict (community_id, participant_id, question_id) do nothing`;
}

export type DemoMediaRow = Omit<MediaObjectRow, "createdAt" | "communityId">;

/**
 * media_objects rows of the demo avatars. The ids are stable per member, so a member seeded again
 * (after being deleted) takes the row over instead of failing on it.
 */
export async function upsertDemoMediaObjects(db: Db, communityId: string, rows: DemoMediaRow[]): Promise<void> {
  if (!rows.length) return;
  const records = rows.map((r) => ({
    id: r.id,
    owner_user_id: r.ownerUserId,
    participant_id: r.participantId,
    kind: r.kind,
    keys: r.keys,
    bytes: r.bytes,
    width: r.width,
    height: r.height,
  }));
  await db`
    insert into media_objects (id, community_id, owner_user_id, participant_id, kind, keys, bytes, width, height)
    select x.id, ${communityId}, x.owner_user_id, x.participant_id, x.kind, x.keys, x.bytes, x.width, x.height
    from jsonb_to_recordset(${db.json(records)}) as x(
      id text, owner_user_id uuid, participant_id uuid, kind text, keys jsonb, bytes int, width int, height int)
    on conflict (community_id, id) do update set
      owner_user_id = excluded.owner_user_id, participant_id = excluded.participant_id, kind = excluded.kind,
      keys = excluded.keys, bytes = excluded.bytes, width = excluded.width, height = excluded.height`;
}

/** The demo admin gets a name, so the console and the member list show a person. */
export async function nameDemoAdmin(db: Db, communityId: string, participantId: string, name: { firstName: string; lastName: string }): Promise<void> {
  await db`
    update participants set first_name = ${name.firstName}, last_name = ${name.lastName}, updated_at = now()
    where community_id = ${communityId} and id = ${participantId} and first_name = ''`;
}
