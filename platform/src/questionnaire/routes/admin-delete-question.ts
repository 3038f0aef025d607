import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { deleteCommunityQuestion } from "../admin.ts";
import { QuestionDetailSchema, QuestionParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "delete",
  path: "/admin/{communityId}/questions/{questionId}",
  tags: ["Admin"],
  summary: "Remove an onboarding question: hidden and its options retired, answers kept (audited as question.delete)",
  request: { params: QuestionParamSchema },
  responses: { 200: jsonResponse(QuestionDetailSchema, "The question, hidden"), ...errors(400, 401, 403, 404) },
});

export function registerAdminDeleteQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { communityId, questionId } = c.req.valid("param");
    return c.json(await deleteCommunityQuestion(c.get("ctx"), communityId, questionId), 200);
  });
}
