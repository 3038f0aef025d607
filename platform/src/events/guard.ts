/**
 * The "organizer" level of the event routes, decided before the request is validated, as the
 * other levels are (http/route.ts): the event of the path's `{id}` is found in this community
 * (else 404) and the caller must organize it (else 403), so a member learns nothing about an
 * organizer route's input and every organizer route answers a member alike. The verb checks again.
 */
import type { MiddlewareHandler } from "hono";
import { requireOrganizer } from "../authz/index.ts";
import type { AppEnv } from "../http/env.ts";
import { requireEvent } from "./view.ts";

export const organizerGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get("ctx");
  const event = await requireEvent(ctx, c.req.param("id") ?? "");
  await requireOrganizer(ctx, event.id);
  await next();
};
