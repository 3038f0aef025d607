import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { updateCommunityQuestion } from "../admin.ts";
import { QuestionDetailSchema, QuestionParamSchema, QuestionPatchSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "patch",
  path: "/admin/{communityId}/questions/{questionId}",
  tags: ["Admin"],
  summary: "Edit an onboarding question and its options (audited as question.update)",
  description:
    "Fields left out stay as they are. Options listed with an id are edited, without one added; `active: false` retires an option (answers that chose it are kept). The type cannot change once the question has answers (409).",
  request: { params: QuestionParamSchema, body: jsonBody(QuestionPatchSchema) },
  responses: { 200: jsonResponse(QuestionDetailSchema, "The question after the edit"), ...errors(400, 401, 403, 404, 409) },
});

export function registerAdminUpdateQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { communityId, questionId } = c.req.valid("param");
    return c.json(await updateCommunityQuestion(c.get("ctx"), communityId, questionId, c.req.valid("json")), 200);
  });
}
