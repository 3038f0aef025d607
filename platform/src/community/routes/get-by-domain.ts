import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityPublicSchema } from "../schemas.ts";
import { getCommunityByDomain } from "../service.ts";

const route = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/community/get-by-domain",
  tags: ["Community"],
  summary: "A community's public configuration by one of its domains",
  request: { query: z.object({ domain: z.string().min(1).max(253) }) },
  responses: { 200: jsonResponse(CommunityPublicSchema, "The community"), ...errors(400, 404) },
});

export function registerGetByDomain(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getCommunityByDomain(c.get("ctx"), c.req.valid("query").domain), 200));
}
