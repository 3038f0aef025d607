import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityIdParamSchema, LocationsQuerySchema, LocationsSchema } from "../schemas.ts";
import { listMemberLocations } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "participant",
  method: "get",
  path: "/community/{id}/participants/locations",
  tags: ["Directory"],
  summary: "Members who share their location, with coordinates, for the map",
  description: "Same visibility as /participants.",
  request: { params: CommunityIdParamSchema, query: LocationsQuerySchema },
  responses: { 200: jsonResponse(LocationsSchema, "Sharing members"), ...errors(400, 401, 403, 404) },
});

export function registerLocations(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await listMemberLocations(c.get("ctx"), { communityId: c.req.valid("param").id, limit: c.req.valid("query").limit }), 200),
  );
}
