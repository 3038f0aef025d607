import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ModeratorSchema } from "../schemas.ts";
import { listModerators } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "moderator",
  method: "get",
  path: "/participant-moderation/moderators",
  tags: ["Moderation"],
  summary: "The community's moderators list: its admins, then its moderators",
  responses: { 200: jsonResponse(z.array(ModeratorSchema), "Moderators"), ...errors(401, 403) },
});

export function registerListModerators(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listModerators(c.get("ctx")), 200));
}
