import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { type AccessLevel, authorize, authorizeFromActor } from "../authz/index.ts";
import type { AppEnv } from "./env.ts";
import { errors } from "./openapi.ts";

/** The OpenAPI extension carrying a route's access level; the generated security suite reads it. */
export const ACCESS_EXTENSION = "x-access";

function accessGuard(level: AccessLevel): MiddlewareHandler<AppEnv> {
  // Decided from the session's actor without a promise on nearly every request; a promise and an
  // async frame per middleware were a kilobyte of garbage each (bench:api).
  return (c, next) => {
    const ctx = c.get("ctx");
    return authorizeFromActor(ctx, level) ? next() : authorize(ctx, level).then(next);
  };
}

/**
 * The answers any route can give, whatever it does: 400 (a malformed Host header or community
 * hint is refused before the route runs), 403 for a write from another site (the origin check),
 * 413 for a body over the limit, 415 for a body that is not the declared media type, 503 while the
 * database is unreachable.
 */
function everyRouteErrors(route: Omit<RouteConfig, "path">) {
  const takesBody = route.method !== "get" && route.method !== "head";
  return { ...errors(400, 503), ...(takesBody ? errors(403, 413) : {}), ...(route.request?.body ? errors(415) : {}) };
}

/**
 * Every route is declared with its access level. The level is enforced before the request is
 * validated (so a signed-out caller learns nothing about the input), published in openapi.json as
 * `x-access`, and turned into the route's security requirement and its 401/403 answers.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P; access: AccessLevel }>(config: R) {
  const { access, ...route } = config;
  const signedIn = access !== "public";
  const guarded = {
    ...route,
    [ACCESS_EXTENSION]: access,
    // A public route takes anyone; a session, when sent, may still shape the answer.
    security: signedIn ? [{ bearer: [] }] : (route.security ?? [{}, { bearer: [] }]),
    responses: {
      ...everyRouteErrors(route),
      ...(signedIn ? errors(...(access === "user" ? ([401] as const) : ([401, 403] as const))) : {}),
      ...route.responses,
    },
    // The access check runs first, before the route's own middleware.
    middleware: [...(signedIn ? [accessGuard(access)] : []), ...[route.middleware ?? []].flat()],
  };
  return createRoute(guarded as unknown as R) as ReturnType<typeof createRoute<P, R>>;
}
