import { requireUser } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/client.ts";
import { unauthenticated } from "../lib/errors.ts";

type Row = Record<string, unknown>;

/** What the platform holds about the user in one community: their participant and everything around it. */
export type MyCommunityData = {
  communityId: string;
  participant: Row | null;
  answers: Row[];
  recommendations: Row[];
  relations: Row[];
  bookmarks: Row[];
  intros: Row[];
  chats: Row[];
  messages: Row[];
  notifications: Row[];
  eventParticipations: Row[];
  images: Row[];
  invitationsSent: Row[];
  mail: Row[];
  auditEvents: Row[];
};

export type MyData = {
  exportedAt: string;
  /** The community the download was asked from. */
  communityId: string;
  account: Row;
  identities: Row[];
  sessions: Row[];
  webPushSubscriptions: Row[];
  /** Every community the user belongs to or has traces in (sessions, mail, images, audit events). */
  communities: MyCommunityData[];
};

/** Rows as JSON objects, secrets and search internals left out by the queries below. */
async function rows(q: Promise<{ row: Row }[]>): Promise<Row[]> {
  return (await q).map((r) => r.row);
}

/**
 * GET /api/current-user/data: everything the platform holds about the signed-in user: the account,
 * its identities, sessions and push subscriptions, and for every community the user belongs to (or
 * has mail, images, sessions or audit events in) their participant and everything around it. Other
 * people appear only as ids, and as the texts they addressed to the user (intro requests); audit
 * events the user did about someone else carry no before/after. Secrets (password hash, session
 * secrets, push keys, token hashes) are never included.
 */
export async function exportMyData(ctx: Ctx): Promise<MyData> {
  const actor = requireUser(ctx);
  const db: Db = ctx.db;
  const [account] = await rows(db`
    select to_jsonb(u) - 'password_hash' - 'is_operator' as row from users u where id = ${actor.userId} and deleted_at is null`);
  if (!account) throw unauthenticated();
  const email = (account.email as string | null) ?? null;
  const [identities, sessions, webPushSubscriptions, communityRows] = await Promise.all([
    rows(db`select jsonb_build_object('issuer', issuer, 'email', email, 'createdAt', created_at) as row
            from user_identities where user_id = ${actor.userId} order by created_at`),
    rows(db`select jsonb_build_object('communityId', community_id, 'authMethod', auth_method, 'createdAt', created_at,
                   'lastActiveAt', last_verified_at, 'current', id = ${actor.sessionId}) as row
            from sessions where user_id = ${actor.userId} order by created_at`),
    rows(db`select jsonb_build_object('communityId', community_id, 'endpoint', endpoint, 'createdAt', created_at) as row
            from web_push_subscriptions where user_id = ${actor.userId}`),
    db<{ id: string }[]>`
      select community_id as id from participants where user_id = ${actor.userId}
      union select community_id from sessions where user_id = ${actor.userId}
      union select community_id from media_objects where owner_user_id = ${actor.userId}
      union select community_id from mail_outbox where ${email}::text is not null and to_email = ${email}
      union select community_id from audit_events where target_id = ${actor.userId} or actor_user_id = ${actor.userId}
      order by 1`,
  ]);
  const ids = communityRows.map((r) => r.id);
  // The community of the request first, the others after it in a stable order.
  ids.sort((a, b) => Number(b === ctx.tenant.id) - Number(a === ctx.tenant.id) || a.localeCompare(b));
  const communities: MyCommunityData[] = [];
  for (const communityId of ids) communities.push(await communityData(db, actor.userId, email, communityId));
  return { exportedAt: new Date().toISOString(), communityId: ctx.tenant.id, account, identities, sessions, webPushSubscriptions, communities };
}

async function communityData(db: Db, userId: string, email: string | null, communityId: string): Promise<MyCommunityData> {
  const [participant] = await rows(db`
    select to_jsonb(p) - 'search_document' - 'full_name' as row from participants p
    where community_id = ${communityId} and user_id = ${userId}`);
  const pid = (participant?.id as string | undefined) ?? null;
  const none = Promise.resolve([] as { row: Row }[]);
  const [
    answers,
    recommendations,
    relations,
    bookmarks,
    intros,
    chats,
    messages,
    notifications,
    eventParticipations,
    images,
    invitationsSent,
    mail,
    auditEvents,
  ] = await Promise.all([
    pid ? rows(db`select to_jsonb(a) as row from participant_answers a where community_id = ${communityId} and participant_id = ${pid}`) : none,
    pid
      ? rows(db`select to_jsonb(r) || jsonb_build_object('reasons', m.reasons, 'week', m.week, 'source', m.source) as row
                from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
                where r.community_id = ${communityId} and r.participant_id = ${pid} order by r.created_at`)
      : none,
    pid ? rows(db`select to_jsonb(x) as row from relations x where community_id = ${communityId} and participant_id = ${pid}`) : none,
    pid ? rows(db`select to_jsonb(x) as row from bookmarks x where community_id = ${communityId} and participant_id = ${pid}`) : none,
    pid
      ? rows(db`select to_jsonb(x) as row from intro_requests x
                where community_id = ${communityId} and (from_participant_id = ${pid} or to_participant_id = ${pid}) order by created_at`)
      : none,
    pid
      ? rows(db`select jsonb_build_object('id', c.id, 'kind', c.kind, 'name', c.name, 'joinedAt', cm.joined_at,
                       'members', (select jsonb_agg(o.participant_id) from chat_members o
                                   where o.community_id = c.community_id and o.chat_id = c.id)) as row
                from chat_members cm join chats c on c.community_id = cm.community_id and c.id = cm.chat_id
                where cm.community_id = ${communityId} and cm.participant_id = ${pid}`)
      : none,
    pid
      ? rows(db`select jsonb_build_object('id', id, 'chatId', chat_id, 'text', text, 'createdAt', created_at) as row
                from chat_messages where community_id = ${communityId} and sender_id = ${pid} order by seq`)
      : none,
    pid ? rows(db`select to_jsonb(x) - 'seq' as row from notifications x where community_id = ${communityId} and participant_id = ${pid} order by seq`) : none,
    pid ? rows(db`select to_jsonb(x) as row from event_participations x where community_id = ${communityId} and participant_id = ${pid}`) : none,
    rows(db`select jsonb_build_object('id', id, 'kind', kind, 'keys', keys, 'createdAt', created_at) as row
            from media_objects where community_id = ${communityId} and owner_user_id = ${userId}`),
    pid
      ? rows(db`select jsonb_build_object('email', email, 'createdAt', created_at, 'lastSentAt', last_sent_at) as row
                from invitations where community_id = ${communityId} and invited_by = ${pid}`)
      : none,
    email
      ? rows(db`select jsonb_build_object('template', template, 'subject', subject, 'status', status, 'createdAt', created_at) as row
                from mail_outbox where community_id = ${communityId} and to_email = ${email} order by created_at`)
      : none,
    // About the user: the whole event. Done by the user (an admin's work) about someone else: what and
    // when, not the other person's data.
    rows(db`select jsonb_build_object('action', action, 'targetType', target_type, 'targetId', target_id,
                   'before', case when about_me then before end, 'after', case when about_me then after end,
                   'createdAt', created_at) as row
            from (select *, (target_id = ${userId} or (${pid}::text is not null and target_id = ${pid})) as about_me
                  from audit_events where community_id = ${communityId}) e
            where about_me or actor_user_id = ${userId}
            order by id`),
  ]);
  return {
    communityId,
    participant: participant ?? null,
    answers,
    recommendations,
    relations,
    bookmarks,
    intros,
    chats,
    messages,
    notifications,
    eventParticipations,
    images,
    invitationsSent,
    mail,
    auditEvents,
  };
}
