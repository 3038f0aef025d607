import type { Ctx, UserActor } from "../context.ts";
import { unauthenticated } from "../lib/errors.ts";

/** The signed-in user of the request, or 401 (code 1004) for anyone else. */
export function requireUser(ctx: Pick<Ctx, "actor">): UserActor {
  if (ctx.actor.kind !== "user") throw unauthenticated();
  return ctx.actor;
}
