import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { reorderCommunityQuestions } from "../admin.ts";
import { CommunityParamSchema, QuestionDetailSchema, QuestionReorderSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/admin/{communityId}/questions/reorder",
  tags: ["Admin"],
  summary: "Reorder the onboarding questions (audited as question.reorder)",
  request: { params: CommunityParamSchema, body: jsonBody(QuestionReorderSchema) },
  responses: { 200: jsonResponse(z.array(QuestionDetailSchema), "Every question in the new order"), ...errors(400, 401, 403, 404) },
});

export function registerAdminReorderQuestions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await reorderCommunityQuestions(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 200));
}
