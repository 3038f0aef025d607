import type { Db } from "../db/client.ts";

export type AuditRow = {
  id: string;
  communityId: string;
  actorKind: "user" | "operator" | "system";
  actorUserId: string | null;
  actorLabel: string | null;
  /** The acting user's name in this community and account e-mail, read with the page (null when gone). */
  actorName?: string | null;
  actorEmail?: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: Date;
};

export type NewAuditRow = Omit<AuditRow, "id" | "createdAt">;

export async function insertAuditEvent(db: Db, e: NewAuditRow): Promise<void> {
  await db`
    insert into audit_events (community_id, actor_kind, actor_user_id, actor_label, action, target_type, target_id, before, after, request_id)
    values (${e.communityId}, ${e.actorKind}, ${e.actorUserId}, ${e.actorLabel}, ${e.action}, ${e.targetType}, ${e.targetId},
            ${e.before === undefined || e.before === null ? null : db.json(e.before as never)},
            ${e.after === undefined || e.after === null ? null : db.json(e.after as never)}, ${e.requestId})`;
}

export type AuditFilter = {
  action?: string | undefined;
  actorUserId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

const COLUMNS = `id::text, community_id as "communityId", actor_kind as "actorKind", actor_user_id as "actorUserId",
  actor_label as "actorLabel", action, target_type as "targetType", target_id as "targetId", before, after,
  request_id as "requestId", created_at as "createdAt",
  (select u.email::text from users u where u.id = audit_events.actor_user_id) as "actorEmail",
  (select nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') from participants p
    where p.community_id = audit_events.community_id and p.user_id = audit_events.actor_user_id limit 1) as "actorName"`;

/** One page of a community's events, newest first, and how many match in all. */
export async function listAuditEvents(
  db: Db,
  communityId: string,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  // An action filter ending in "." matches the whole family ("participant." finds participant.confirm, …).
  const action = filter.action?.endsWith(".") ? null : (filter.action ?? null);
  const family = filter.action?.endsWith(".") ? `${filter.action}%` : null;
  const where = db`
    community_id = ${communityId}
    and (${action}::text is null or action = ${action})
    and (${family}::text is null or action like ${family})
    and (${filter.actorUserId ?? null}::uuid is null or actor_user_id = ${filter.actorUserId ?? null})
    and (${filter.targetType ?? null}::text is null or target_type = ${filter.targetType ?? null})
    and (${filter.targetId ?? null}::text is null or target_id = ${filter.targetId ?? null})
    and (${filter.from ?? null}::timestamptz is null or created_at >= ${filter.from ?? null})
    and (${filter.to ?? null}::timestamptz is null or created_at < ${filter.to ?? null})`;
  const [rows, [count]] = await Promise.all([
    db<AuditRow[]>`select ${db.unsafe(COLUMNS)} from audit_events where ${where} order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
    db<{ total: number }[]>`select count(*)::int as total from audit_events where ${where}`,
  ]);
  return { rows, total: count?.total ?? 0 };
}
