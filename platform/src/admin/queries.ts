/** SQL of the community admin's tools: statistics, toggles, charts, invitations and CRM notes. */
import type { Db } from "../db/client.ts";

type Counts = Record<string, string>;

export async function participantStats(db: Db, communityId: string) {
  const [r] = await db<Counts[]>`
    select count(*) as total,
      count(*) filter (where p.moderation_status = 'pending') as pending,
      count(*) filter (where p.moderation_status = 'confirmed') as confirmed,
      count(*) filter (where p.moderation_status = 'rejected') as rejected,
      count(*) filter (where p.role = 'member') as member,
      count(*) filter (where p.role = 'moderator') as moderator,
      count(*) filter (where p.role = 'admin') as admin,
      count(*) filter (where p.profile_completed_at is not null) as "profileCompleted",
      count(*) filter (where not p.profile_enabled) as "profileDisabled",
      count(*) filter (where not p.networking_enabled) as "networkingDisabled",
      count(*) filter (where p.created_at > now() - interval '7 days') as "joinedLast7Days",
      count(*) filter (where p.created_at > now() - interval '30 days') as "joinedLast30Days"
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and u.deleted_at is null`;
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
}

export async function setParticipantFlag(db: Db, communityId: string, id: string, column: "profile_enabled" | "networking_enabled", value: boolean): Promise<void> {
  await db`update participants set ${db(column)} = ${value}, updated_at = now() where community_id = ${communityId} and id = ${id}`;
}

/** Weekly counts from `since` on (weeks start on Monday, as date_trunc has them). */
export async function weeklySeries(db: Db, communityId: string, since: Date) {
  const signups = await db<{ week: Date; count: string }[]>`
    select date_trunc('week', created_at) as week, count(*) as count from participants
    where community_id = ${communityId} and created_at >= ${since} group by 1`;
  const matches = await db<{ week: Date; count: string }[]>`
    select date_trunc('week', created_at) as week, count(*) as count from matches
    where community_id = ${communityId} and created_at >= ${since} group by 1`;
  // A meeting is counted once per pair: feedback from both sides of a match is one meeting.
  const meetings = await db<{ week: Date; held: string; rating: number | null }[]>`
    select date_trunc('week', min_at) as week, count(*) as held, avg(rating)::float8 as rating from (
      select match_id, min(feedback_at) as min_at, avg(meeting_score) as rating from matching_results
      where community_id = ${communityId} and feedback_at is not null and not no_meeting
      group by match_id) m
    where min_at >= ${since} group by 1`;
  return { signups, matches, meetings };
}

export async function introAndMeetingTotals(db: Db, communityId: string) {
  const [i] = await db<Counts[]>`
    select count(*) as sent, count(*) filter (where status = 'ACCEPTED') as accepted,
      count(*) filter (where status = 'DECLINED') as declined, count(*) filter (where status = 'PENDING') as pending
    from intro_requests where community_id = ${communityId}`;
  const [m] = await db<{ held: string; rating: number | null }[]>`
    select count(*) as held, avg(rating)::float8 as rating from (
      select match_id, avg(meeting_score) as rating from matching_results
      where community_id = ${communityId} and feedback_at is not null and not no_meeting group by match_id) m`;
  return {
    intros: { sent: Number(i?.sent ?? 0), accepted: Number(i?.accepted ?? 0), declined: Number(i?.declined ?? 0), pending: Number(i?.pending ?? 0) },
    meetings: { held: Number(m?.held ?? 0), rating: m?.rating ?? null },
  };
}

export async function funnelCounts(db: Db, communityId: string) {
  const [r] = await db<Counts[]>`
    select count(*) as joined,
      count(*) filter (where exists (select 1 from participant_answers a where a.community_id = p.community_id and a.participant_id = p.id)) as answered,
      count(*) filter (where p.profile_completed_at is not null) as "profileCompleted",
      count(*) filter (where p.moderation_status = 'confirmed') as confirmed,
      -- Matched: in a pair of the matches table, the rows "pairs by week" counts (so the two agree).
      count(*) filter (where exists (select 1 from matches m where m.community_id = p.community_id
                                       and (m.participant_low = p.id or m.participant_high = p.id))) as matched,
      count(*) filter (where exists (select 1 from matching_results r where r.community_id = p.community_id and r.participant_id = p.id
                                       and r.feedback_at is not null and not r.no_meeting)) as met
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and u.deleted_at is null`;
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
}

export async function topTags(db: Db, communityId: string, limit: number) {
  return db<{ tag: string; count: string }[]>`
    select t as tag, count(*) as count from participants p, unnest(p.tags) t
    where p.community_id = ${communityId} group by t order by count(*) desc, t limit ${limit}`;
}

export async function topCities(db: Db, communityId: string, limit: number) {
  return db<{ city: string; count: string }[]>`
    select min(btrim(city)) as city, count(*) as count from participants
    where community_id = ${communityId} and city is not null and btrim(city) <> ''
    group by lower(btrim(city)) order by count(*) desc, 1 limit ${limit}`;
}

export type InvitationRow = {
  id: string;
  email: string;
  invitedBy: string | null;
  sends: number;
  createdAt: Date;
  lastSentAt: Date;
  participantId: string | null;
};

/** Inserts the invitation, or counts one more send of an existing one; `inserted` tells which. */
export async function upsertInvitation(db: Db, communityId: string, email: string, invitedBy: string | null): Promise<{ id: string; sends: number; inserted: boolean }> {
  const [row] = await db<{ id: string; sends: number; inserted: boolean }[]>`
    insert into invitations (community_id, email, invited_by) values (${communityId}, ${email}, ${invitedBy})
    on conflict (community_id, email) do update set sends = invitations.sends + 1, last_sent_at = now(),
      invited_by = coalesce(excluded.invited_by, invitations.invited_by)
    returning id, sends, (xmax = 0) as inserted`;
  if (!row) throw new Error("invitation upsert returned nothing");
  return row;
}

/** Participants of the community among these e-mail addresses. */
export async function membersByEmail(db: Db, communityId: string, emails: string[]): Promise<Set<string>> {
  const rows = await db<{ email: string }[]>`
    select lower(u.email::text) as email from users u join participants p on p.user_id = u.id and p.community_id = ${communityId}
    where u.email = any(${emails}::citext[]) and u.deleted_at is null`;
  return new Set(rows.map((r) => r.email));
}

export async function listInvitations(db: Db, communityId: string, limit: number): Promise<InvitationRow[]> {
  return db<InvitationRow[]>`
    select i.id, i.email::text as email, i.invited_by as "invitedBy", i.sends, i.created_at as "createdAt", i.last_sent_at as "lastSentAt",
      p.id as "participantId"
    from invitations i
    left join users u on u.email = i.email and u.deleted_at is null
    left join participants p on p.user_id = u.id and p.community_id = i.community_id
    where i.community_id = ${communityId}
    order by i.last_sent_at desc limit ${limit}`;
}

export type NoteRow = { id: string; text: string; authorUserId: string | null; authorEmail: string | null; createdAt: Date };

export async function insertNote(db: Db, communityId: string, participantId: string, authorUserId: string | null, text: string): Promise<NoteRow> {
  const [row] = await db<NoteRow[]>`
    with n as (insert into participant_admin_notes (community_id, participant_id, author_user_id, text)
               values (${communityId}, ${participantId}, ${authorUserId}, ${text}) returning *)
    select n.id, n.text, n.author_user_id as "authorUserId", u.email::text as "authorEmail", n.created_at as "createdAt"
    from n left join users u on u.id = n.author_user_id`;
  if (!row) throw new Error("note insert returned nothing");
  return row;
}

export async function listNotes(db: Db, communityId: string, participantId: string): Promise<NoteRow[]> {
  return db<NoteRow[]>`
    select n.id, n.text, n.author_user_id as "authorUserId", u.email::text as "authorEmail", n.created_at as "createdAt"
    from participant_admin_notes n left join users u on u.id = n.author_user_id
    where n.community_id = ${communityId} and n.participant_id = ${participantId} order by n.created_at desc`;
}

export async function memberAnswers(db: Db, communityId: string, participantId: string) {
  return db<{ question: string; translations: Record<string, string>; text: string | null; options: string[]; answeredAt: Date }[]>`
    select q.text as question, q.translations, a.text, a.answered_at as "answeredAt",
      coalesce((select array_agg(o.text order by o.position) from community_question_options o
                where o.community_id = a.community_id and o.id = any(a.option_ids)), '{}') as options
    from participant_answers a join community_questions q on q.community_id = a.community_id and q.id = a.question_id
    where a.community_id = ${communityId} and a.participant_id = ${participantId} order by q.position`;
}

export async function memberMatches(db: Db, communityId: string, participantId: string) {
  return db<{
    resultId: string;
    matchId: string;
    subjectId: string;
    subjectName: string;
    score: number;
    source: string;
    status: string;
    introSentAt: Date | null;
    meetingScore: number | null;
    noMeeting: boolean;
    feedbackAt: Date | null;
    createdAt: Date;
  }[]>`
    select r.id as "resultId", r.match_id as "matchId", r.subject_id as "subjectId", s.full_name as "subjectName", m.score, m.source,
      r.status, r.intro_sent_at as "introSentAt", r.meeting_score as "meetingScore", r.no_meeting as "noMeeting",
      r.feedback_at as "feedbackAt", r.created_at as "createdAt"
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    join participants s on s.community_id = r.community_id and s.id = r.subject_id
    where r.community_id = ${communityId} and r.participant_id = ${participantId} order by r.created_at desc limit 200`;
}

export async function memberIntros(db: Db, communityId: string, participantId: string) {
  return db<{ id: string; outgoing: boolean; otherName: string; status: string; createdAt: Date }[]>`
    select i.id, i.from_participant_id = ${participantId} as outgoing, o.full_name as "otherName", i.status, i.created_at as "createdAt"
    from intro_requests i join participants o on o.community_id = i.community_id
      and o.id = case when i.from_participant_id = ${participantId} then i.to_participant_id else i.from_participant_id end
    where i.community_id = ${communityId} and (i.from_participant_id = ${participantId} or i.to_participant_id = ${participantId})
    order by i.created_at desc limit 200`;
}

/** A member's event participations (any status), latest change first: the CRM timeline's events. */
export async function memberEvents(db: Db, communityId: string, participantId: string) {
  return db<{ eventId: string; slug: string; title: string; startsAt: Date; status: string; pendingReason: string | null; joinedAt: Date; changedAt: Date }[]>`
    select e.id as "eventId", e.slug, e.title, e.starts_at as "startsAt", ep.status, ep.pending_reason as "pendingReason",
      ep.joined_at as "joinedAt", ep.status_changed_at as "changedAt"
    from event_participations ep join events e on e.community_id = ep.community_id and e.id = ep.event_id
    where ep.community_id = ${communityId} and ep.participant_id = ${participantId}
    order by ep.status_changed_at desc limit 200`;
}
