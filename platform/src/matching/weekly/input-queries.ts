import type { Db } from "../../db/client.ts";
import type { ModerationStatus } from "../../participant/queries.ts";
import type { Contacts, Privacy } from "../../participant/schemas.ts";
import type { ContactType, Lang } from "../../tenancy/schema.ts";
import { activePicksSql } from "../../topics/queries.ts";

/** One participant with everything matching reads and everything the weekly e-mail shows. */
export type MemberInputRow = {
  id: string;
  userId: string;
  slug: string;
  role: "member" | "moderator" | "admin";
  moderationStatus: ModerationStatus;
  firstName: string;
  lastName: string;
  company: string | null;
  position: string | null;
  about: string | null;
  lookingForText: string | null;
  canHelpWithText: string | null;
  /** Picked topic keys, only the community's active topics (archived picks do not count). */
  needTopics: string[];
  offerTopics: string[];
  goal: string | null;
  city: string | null;
  tags: string[];
  contacts: Contacts;
  phone: string | null;
  privacy: Privacy;
  hiddenContacts: ContactType[];
  avatar: Record<string, unknown> | null;
  language: Lang | null;
  preferredLang: Lang;
  email: string | null;
  networkingEnabled: boolean;
  profileEnabled: boolean;
  profileComplete: boolean;
  deleted: boolean;
  paused: boolean;
  pausedUntil: string | null;
  skipWeek: string | null;
};

const NEED_TOPICS = activePicksSql("p.need_topics", "p.community_id");
const OFFER_TOPICS = activePicksSql("p.offer_topics", "p.community_id");

/** Every participant of the community (or only `ids`); `paused` is evaluated for `week`. */
export async function listMemberInputs(db: Db, communityId: string, week: string, ids?: readonly string[]): Promise<MemberInputRow[]> {
  return db<MemberInputRow[]>`
    select p.id, p.user_id as "userId", p.slug, p.role, p.moderation_status as "moderationStatus",
           p.first_name as "firstName", p.last_name as "lastName", p.company, p.position, p.about,
           p.looking_for_text as "lookingForText", p.can_help_with_text as "canHelpWithText", p.goal, p.city,
           ${db.unsafe(NEED_TOPICS)} as "needTopics", ${db.unsafe(OFFER_TOPICS)} as "offerTopics",
           p.tags, p.contacts, p.phone, p.privacy, p.hidden_contacts as "hiddenContacts", p.avatar,
           p.language, u.preferred_lang as "preferredLang", u.email::text as email,
           p.networking_enabled as "networkingEnabled", p.profile_enabled as "profileEnabled",
           p.profile_completed_at is not null as "profileComplete",
           (u.deleted_at is not null or u.email is null) as deleted,
           (coalesce(p.matching_paused_until >= ${week}::date, false) or coalesce(p.matching_skip_week = ${week}::date, false)) as paused,
           to_char(p.matching_paused_until, 'YYYY-MM-DD') as "pausedUntil",
           to_char(p.matching_skip_week, 'YYYY-MM-DD') as "skipWeek"
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} ${ids ? db`and p.id = any(${ids as string[]}::uuid[])` : db``}
    order by p.created_at, p.id`;
}

/** Predefined options of community onboarding answers as "questionKey:optionKey"; free-text options are left out. */
export async function listAnswerIds(db: Db, communityId: string): Promise<{ participantId: string; answer: string }[]> {
  return db<{ participantId: string; answer: string }[]>`
    select pa.participant_id as "participantId", q.key || ':' || o.key as answer
    from participant_answers pa
    join community_questions q on q.community_id = pa.community_id and q.id = pa.question_id
    cross join lateral unnest(pa.option_ids) as opt(id)
    join community_question_options o on o.community_id = pa.community_id and o.id = opt.id
    where pa.community_id = ${communityId} and q.event_id is null and o.type = 'PREDEFINED'`;
}

export type FeedbackAggregateRow = { participantId: string; ratings: number; meanRating: number | null; noShows: number; lastTwoNoShows: boolean };

/**
 * What partners said about each member: ratings given to meetings with them, and "we did not
 * meet". lastTwoNoShows: the partners' feedback on the member's two most recent matches that
 * have partner feedback (newest by match time) both says the meeting did not happen. Only the
 * partner's answer counts: a member's own "we did not meet" reports the other side.
 */
export async function listFeedbackAggregates(db: Db, communityId: string): Promise<FeedbackAggregateRow[]> {
  return db<FeedbackAggregateRow[]>`
    with feedback as (
      select subject_id, meeting_score, no_meeting,
             row_number() over (partition by subject_id order by created_at desc, id desc) as recent
      from matching_results
      where community_id = ${communityId} and (meeting_score is not null or no_meeting))
    select subject_id as "participantId",
           count(meeting_score)::int as ratings,
           avg(meeting_score)::float8 as "meanRating",
           count(*) filter (where no_meeting)::int as "noShows",
           count(*) filter (where recent <= 2 and no_meeting) = 2 as "lastTwoNoShows"
    from feedback
    group by subject_id`;
}

export type PairFactRow = { a: string; b: string };

/** Every pair ever put together, whatever the source: a pair never repeats. */
export async function listHistoryPairs(db: Db, communityId: string, before?: string): Promise<PairFactRow[]> {
  return db<PairFactRow[]>`
    select participant_low as a, participant_high as b from matches
    where community_id = ${communityId} ${before ? db`and (week is null or week < ${before}::date)` : db``}`;
}

export async function listAdminScores(db: Db, communityId: string): Promise<(PairFactRow & { score: number })[]> {
  return db<(PairFactRow & { score: number })[]>`
    select participant_low as a, participant_high as b, score::float8 as score
    from admin_pair_scores where community_id = ${communityId}`;
}

export async function listPairFeedback(db: Db, communityId: string): Promise<(PairFactRow & { rating: number | null; noMeeting: boolean })[]> {
  return db<(PairFactRow & { rating: number | null; noMeeting: boolean })[]>`
    select participant_id as a, subject_id as b, meeting_score::int as rating, no_meeting as "noMeeting"
    from matching_results
    where community_id = ${communityId} and (meeting_score is not null or no_meeting)`;
}
