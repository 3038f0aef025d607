import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityIdParamSchema, PickerPageSchema, PickerQuerySchema } from "../schemas.ts";
import { listParticipantPicker } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "participant",
  method: "get",
  path: "/community/{id}/participants-list",
  tags: ["Directory"],
  summary: "Names and photos of members for pickers (e.g. a new chat), without the viewer",
  description: "Same visibility and search as /participants; 0-based pages.",
  request: { params: CommunityIdParamSchema, query: PickerQuerySchema },
  responses: { 200: jsonResponse(PickerPageSchema, "One page of members"), ...errors(400, 401, 403, 404) },
});

export function registerParticipantsList(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await listParticipantPicker(c.get("ctx"), { communityId: c.req.valid("param").id, query: c.req.valid("query") }), 200),
  );
}
