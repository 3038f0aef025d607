/**
 * The "organizer" level of the event routes, decided before the request is validated, as the
 * other levels are (http/route.ts): the event of the path's `{id}` is found in this community
 * (else 404) and the caller must organize it (else 403), so a member learns nothing about an
 * organizer route's input and every organizer route answers a member alike. The verb checks again.
 * Every organizer route is declared with `defineOrganizerRoute`, which puts the guard in place.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { ApiKeyAccess } from "../../authz/api-keys.ts";
import { requireOrganizer } from "../../authz/index.ts";
import type { AppEnv } from "../../http/env.ts";
import { defineRoute } from "../../http/route.ts";
import { requireEvent } from "../view.ts";

const organizerGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("ctx");
  const event = await requireEvent(ctx, c.req.param("id") ?? "");
  await requireOrganizer(ctx, event.id);
  await next();
};

/** `defineRoute` at the "organizer" level of the path's event `{id}`, guarded before validation. */
export function defineOrganizerRoute<P extends string, R extends Omit<RouteConfig, "path" | "middleware"> & { path: P; apiKey: ApiKeyAccess }>(config: R) {
  return defineRoute<P, R & { access: "organizer"; middleware: MiddlewareHandler<AppEnv>[] }>({ ...config, access: "organizer", middleware: [organizerGuard] });
}
