import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityPublicSchema } from "../schemas.ts";
import { getCommunitiesByUserId } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "get",
  path: "/community/get-by-user-id",
  tags: ["Community"],
  summary: "The communities a user belongs to (the user themself or an operator)",
  request: { query: z.object({ userId: z.string().uuid() }) },
  responses: { 200: jsonResponse(z.array(CommunityPublicSchema), "The user's communities"), ...errors(400, 404) },
});

export function registerGetByUserId(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getCommunitiesByUserId(c.get("ctx"), c.req.valid("query").userId), 200));
}
