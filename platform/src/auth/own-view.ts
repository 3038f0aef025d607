import type { Ctx } from "../context.ts";
import type { ViewKind } from "./view-cache.ts";

/**
 * The signed-in actor's `kind` view through the process's cache; `load` reads it from the
 * database. Inside a transaction (ctx.db is not the pool) the cache is bypassed: the transaction
 * may have changed what it would show.
 */
export function readOwnView<T>(ctx: Ctx, kind: ViewKind<T>, load: () => Promise<T>): Promise<T> {
  const { actor } = ctx;
  if (actor.kind !== "user" || ctx.db !== ctx.deps.db) return load();
  return ctx.deps.views.read(kind, { sessionId: actor.sessionId, userId: actor.userId, communityId: ctx.tenant.id }, load);
}
