/**
 * The audit trail. `recordAudit` is called by every admin, moderator, organizer and operator write,
 * with the same `db` (transaction) as the change itself.
 */
import type { Actor, Ctx } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { AuditAction } from "./actions.ts";
import { insertAuditEvent } from "./queries.ts";

export type AuditEntry = {
  /** `domain.verb`, e.g. `pair_score.set`, `tenant.apply`: one of `AUDIT_ACTIONS`. */
  action: AuditAction;
  target: { type: string; id: string | null };
  before?: unknown;
  after?: unknown;
};

export type AuditSource = { actor: Actor; requestId?: string | undefined; communityId: string };

function actorColumns(actor: Actor): { actorKind: "user" | "operator" | "system"; actorUserId: string | null; actorLabel: string | null } {
  switch (actor.kind) {
    case "user":
      return { actorKind: "user", actorUserId: actor.userId, actorLabel: actor.apiKey ? `api-key:${actor.apiKey.id}` : null };
    case "operator":
      return { actorKind: "operator", actorUserId: null, actorLabel: "cli" };
    case "system":
      return { actorKind: "system", actorUserId: null, actorLabel: actor.job };
    case "anonymous":
      // No write that is audited is open to anonymous callers; an event without an actor is a bug.
      throw new Error("audit: an anonymous actor cannot make an audited change");
  }
}

/** Writes one event through `db`, which must be the transaction of the change. */
export async function recordAuditWith(db: Db, source: AuditSource, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    communityId: source.communityId,
    ...actorColumns(source.actor),
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: source.requestId ?? null,
  });
}

/** The usual form: the actor, request and community of `ctx`, through `ctx.db` (the transaction). */
export function recordAudit(ctx: Pick<Ctx, "db" | "actor" | "requestId" | "tenant">, entry: AuditEntry): Promise<void> {
  return recordAuditWith(ctx.db, { actor: ctx.actor, requestId: ctx.requestId, communityId: ctx.tenant.id }, entry);
}

/** JSON with object keys sorted: two documents read from different places compare equal when they are. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
