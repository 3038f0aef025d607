import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityPublicSchema } from "../schemas.ts";
import { getCommunityById } from "../service.ts";

const route = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/community/get-by-id",
  tags: ["Community"],
  summary: "A community's public configuration by id",
  request: { query: z.object({ communityId: z.string().min(1).max(63) }) },
  responses: { 200: jsonResponse(CommunityPublicSchema, "The community"), ...errors(400, 404) },
});

export function registerGetById(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getCommunityById(c.get("ctx"), c.req.valid("query").communityId), 200));
}
