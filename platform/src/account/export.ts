import { requireUser } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/client.ts";
import { unauthenticated } from "../lib/errors.ts";

type Row = Record<string, unknown>;

export type MyData = {
  exportedAt: string;
  communityId: string;
  account: Row;
  identities: Row[];
  sessions: Row[];
  webPushSubscriptions: Row[];
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

/** Rows as JSON objects, secrets and search internals left out by the queries below. */
async function rows(q: Promise<{ row: Row }[]>): Promise<Row[]> {
  return (await q).map((r) => r.row);
}

/**
 * GET /api/current-user/data: everything the platform holds about the signed-in user, the account
 * (every community) and their participant in the community of the request (a session never reads
 * another community; the member downloads each community's data there). Secrets (password hash,
 * session secrets, push keys, token hashes) are never included.
 */
export async function exportMyData(ctx: Ctx): Promise<MyData> {
  const actor = requireUser(ctx);
  const db: Db = ctx.db;
  const communityId = ctx.tenant.id;
  const [account] = await rows(db`
    select to_jsonb(u) - 'password_hash' - 'is_operator' as row from users u where id = ${actor.userId} and deleted_at is null`);
  if (!account) throw unauthenticated();
  const [participant] = await rows(db`
    select to_jsonb(p) - 'search_document' - 'full_name' as row from participants p
    where community_id = ${communityId} and user_id = ${actor.userId}`);
  const pid = (participant?.id as string | undefined) ?? null;
  const email = (account.email as string | null) ?? null;
  const none = Promise.resolve([] as { row: Row }[]);
  const [
    identities,
    sessions,
    webPushSubscriptions,
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
    rows(db`select jsonb_build_object('issuer', issuer, 'email', email, 'createdAt', created_at) as row
            from user_identities where user_id = ${actor.userId} order by created_at`),
    rows(db`select jsonb_build_object('communityId', community_id, 'authMethod', auth_method, 'createdAt', created_at,
                   'lastActiveAt', last_verified_at, 'current', id = ${actor.sessionId}) as row
            from sessions where user_id = ${actor.userId} order by created_at`),
    rows(db`select jsonb_build_object('communityId', community_id, 'endpoint', endpoint, 'createdAt', created_at) as row
            from web_push_subscriptions where user_id = ${actor.userId}`),
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
            from media_objects where community_id = ${communityId} and owner_user_id = ${actor.userId}`),
    pid
      ? rows(db`select jsonb_build_object('email', email, 'createdAt', created_at, 'lastSentAt', last_sent_at) as row
                from invitations where community_id = ${communityId} and invited_by = ${pid}`)
      : none,
    email
      ? rows(db`select jsonb_build_object('template', template, 'subject', subject, 'status', status, 'createdAt', created_at) as row
                from mail_outbox where community_id = ${communityId} and to_email = ${email} order by created_at`)
      : none,
    rows(db`select jsonb_build_object('action', action, 'targetType', target_type, 'targetId', target_id,
                   'before', before, 'after', after, 'createdAt', created_at) as row
            from audit_events
            where community_id = ${communityId}
              and (target_id = ${actor.userId} or (${pid}::text is not null and target_id = ${pid}) or actor_user_id = ${actor.userId})
            order by id`),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    communityId,
    account,
    identities,
    sessions,
    webPushSubscriptions,
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
