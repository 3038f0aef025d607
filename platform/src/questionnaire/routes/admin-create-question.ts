import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { createCommunityQuestion } from "../admin.ts";
import { CommunityParamSchema, QuestionCreateSchema, QuestionDetailSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/admin/{communityId}/questions",
  tags: ["Admin"],
  summary: "Add an onboarding question (audited as question.create)",
  request: { params: CommunityParamSchema, body: jsonBody(QuestionCreateSchema) },
  responses: { 201: jsonResponse(QuestionDetailSchema, "The new question"), ...errors(400, 401, 403, 404, 409) },
});

export function registerAdminCreateQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createCommunityQuestion(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 201));
}
