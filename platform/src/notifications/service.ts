/**
 * A member's notifications: stored (so a member who was away finds them), then published on the
 * member's own topic /topic/notifications/{participantId} for the app to show at once.
 */
import { requireMember } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import type { Db } from "../db/client.ts";
import { notFound } from "../lib/errors.ts";
import { iso, isoOrNull, loadMe } from "../members/index.ts";
import type { Bus } from "../realtime/bus.ts";
import { notificationsTopic, publishTopic } from "../realtime/topics.ts";
import { withTx } from "../db/client.ts";
import {
  countUnseen,
  findNotificationSeq,
  insertNotifications,
  listNewer,
  listNotifications,
  listPreferences,
  markDismissed,
  markSeen,
  type NotificationRow,
  upsertPreference,
} from "./queries.ts";
import type {
  DismissBody,
  NewerNotifications,
  NewerQuery,
  Notification,
  NotificationCount,
  NotificationListQuery,
  NotificationPage,
  NotificationPreferences,
  NotificationTopicBody,
  NotificationType,
  SeenBody,
  UpdatePreferencesBody,
} from "./schemas.ts";
import { NOTIFICATION_CHANNELS } from "./schemas.ts";

function toNotification(row: NotificationRow): Notification {
  return { id: row.id, type: row.type, data: row.data, createdAt: iso(row.createdAt), seen: row.seenAt !== null, seenAt: isoOrNull(row.seenAt) };
}

export type NotifyInput = {
  communityId: string;
  participantId: string;
  type: NotificationType;
  data: Record<string, unknown>;
  /** The same key for the same member stores nothing twice (a retried producer). */
  dedupeKey?: string;
};

/**
 * notify for many members at once (one community, one type: an event's attendees): stored in one
 * statement (those whose dedupe key is stored already are skipped), each published on its member's
 * topic (once the transaction commits, inside withTx). Returns the stored ones.
 */
export async function notifyAll(
  db: Db,
  bus: Bus,
  input: { communityId: string; type: NotificationType; items: readonly { participantId: string; data: Record<string, unknown>; dedupeKey?: string | undefined }[] },
): Promise<Notification[]> {
  const rows = await insertNotifications(
    db,
    input.communityId,
    input.type,
    input.items.map((i) => ({ participantId: i.participantId, data: i.data, dedupeKey: i.dedupeKey ?? null })),
  );
  const stored: Notification[] = [];
  for (const row of rows) {
    const notification = toNotification(row);
    const body: NotificationTopicBody = { type: "NOTIFICATION", notification };
    await publishTopic(bus, { communityId: input.communityId, topic: notificationsTopic(row.participantId), body }, db);
    stored.push(notification);
  }
  return stored;
}

/**
 * Stores a notification for one member and publishes it on their topic (notifyAll of one). Inside a
 * transaction (withTx) it is published once that commits, and never on rollback.
 */
export async function notify(db: Db, bus: Bus, input: NotifyInput): Promise<Notification | undefined> {
  const [stored] = await notifyAll(db, bus, { communityId: input.communityId, type: input.type, items: [input] });
  return stored;
}

/** GET /notifications: newest first, without the dismissed ones, with the unseen count. */
export async function listMyNotifications(ctx: Ctx, query: NotificationListQuery): Promise<NotificationPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const rows = await listNotifications(ctx.db, ctx.tenant.id, me.participant.id, query.size + 1, query.page * query.size);
  return {
    items: rows.slice(0, query.size).map(toNotification),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
    unseenCount: await countUnseen(ctx.db, ctx.tenant.id, me.participant.id),
  };
}

/** GET /notifications/{id}/newer: what arrived after one the app already has (catching up after a reconnect). */
export async function listNewerNotifications(ctx: Ctx, id: string, query: NewerQuery): Promise<NewerNotifications> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const seq = await findNotificationSeq(ctx.db, ctx.tenant.id, me.participant.id, id);
  if (seq === undefined) throw notFound("Notification not found");
  const rows = await listNewer(ctx.db, ctx.tenant.id, me.participant.id, seq, query.size + 1);
  return {
    items: rows.slice(0, query.size).map(toNotification),
    hasMore: rows.length > query.size,
    unseenCount: await countUnseen(ctx.db, ctx.tenant.id, me.participant.id),
  };
}

/** POST /notifications/seen: the named ones (others' ids change nothing), or all. */
export async function markNotificationsSeen(ctx: Ctx, body: SeenBody): Promise<NotificationCount> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const changed = await markSeen(ctx.db, ctx.tenant.id, me.participant.id, body.ids);
  return { changed, unseenCount: await countUnseen(ctx.db, ctx.tenant.id, me.participant.id) };
}

/** POST /notifications/dismiss: the named ones leave the list for good. */
export async function dismissNotifications(ctx: Ctx, body: DismissBody): Promise<NotificationCount> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const changed = await markDismissed(ctx.db, ctx.tenant.id, me.participant.id, body.ids);
  return { changed, unseenCount: await countUnseen(ctx.db, ctx.tenant.id, me.participant.id) };
}

async function preferencesOf(db: Db, communityId: string, participantId: string): Promise<NotificationPreferences> {
  const rows = await listPreferences(db, communityId, participantId);
  return { items: NOTIFICATION_CHANNELS.map((contactType) => ({ contactType, disable: rows.find((r) => r.contactType === contactType)?.disable ?? false })) };
}

/** GET /notifications/preferences: every channel, on unless the member turned it off. */
export async function getNotificationPreferences(ctx: Ctx): Promise<NotificationPreferences> {
  const me = await loadMe(ctx, await requireMember(ctx));
  return preferencesOf(ctx.db, ctx.tenant.id, me.participant.id);
}

/** PUT /notifications/preferences: the named channels on or off; the others stay as they were. */
export async function updateNotificationPreferences(ctx: Ctx, body: UpdatePreferencesBody): Promise<NotificationPreferences> {
  const me = await loadMe(ctx, await requireMember(ctx));
  await withTx(ctx.db, async (tx) => {
    for (const p of body.items) await upsertPreference(tx, ctx.tenant.id, me.participant.id, p);
  });
  return preferencesOf(ctx.db, ctx.tenant.id, me.participant.id);
}
