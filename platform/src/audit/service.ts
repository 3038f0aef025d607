import { requireCommunityAdmin, requireThisCommunity } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { type AuditFilter, listAuditEvents as queryAuditEvents } from "./queries.ts";
import type { AuditEvent, AuditPage, AuditQuery } from "./schemas.ts";

/** GET /admin/{communityId}/audit-events: the community's admins (and operators) only. */
export async function listAuditEvents(ctx: Ctx, communityId: string, query: AuditQuery): Promise<AuditPage> {
  requireThisCommunity(ctx, communityId);
  await requireCommunityAdmin(ctx);
  const filter: AuditFilter = {
    action: query.action,
    actorUserId: query.actorUserId,
    targetType: query.targetType,
    targetId: query.targetId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
  const { rows, total } = await queryAuditEvents(ctx.db, ctx.tenant.id, filter, { offset: query.page * query.size, limit: query.size });
  const items: AuditEvent[] = rows.map((r) => ({
    id: r.id,
    communityId: r.communityId,
    actor: { kind: r.actorKind, userId: r.actorUserId, label: r.actorLabel, name: r.actorName ?? null, email: r.actorEmail ?? null },
    action: r.action,
    target: { type: r.targetType, id: r.targetId },
    before: r.before ?? null,
    after: r.after ?? null,
    requestId: r.requestId,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, page: query.page, size: query.size, hasMore: (query.page + 1) * query.size < total, total };
}
