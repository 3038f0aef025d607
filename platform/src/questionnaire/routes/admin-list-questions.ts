import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { listCommunityQuestions } from "../admin.ts";
import { CommunityParamSchema, QuestionDetailSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "get",
  path: "/admin/{communityId}/questions",
  tags: ["Admin"],
  summary: "Every onboarding question of the community, hidden ones included, with every option and translation",
  request: { params: CommunityParamSchema },
  responses: { 200: jsonResponse(z.array(QuestionDetailSchema), "Questions in order"), ...errors(400, 401, 403, 404) },
});

export function registerAdminListQuestions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listCommunityQuestions(c.get("ctx"), c.req.valid("param").communityId), 200));
}
