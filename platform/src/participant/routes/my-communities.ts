import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { MyCommunitySchema } from "../schemas.ts";
import { listMyCommunities } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "get",
  path: "/participant/my-communities",
  tags: ["Participant"],
  summary: "The signed-in user's communities and participants",
  responses: { 200: jsonResponse(z.array(MyCommunitySchema), "Communities, the current one first"), ...errors(401) },
});

export function registerMyCommunities(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMyCommunities(c.get("ctx")), 200));
}
