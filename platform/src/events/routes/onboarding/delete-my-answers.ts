import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { deleteMyEventAnswers } from "../../onboarding.ts";
import { AnswersResultSchema, DeleteAnswersQuerySchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "delete",
  path: "/event/{id}/onboarding/answers",
  tags: ["Event onboarding"],
  summary: "Delete my answers (one question's, or all); the onboarding is no longer complete",
  request: { params: EventIdParamSchema, query: DeleteAnswersQuerySchema },
  responses: { 200: jsonResponse(AnswersResultSchema, "My answers and progress after the deletion"), ...errors(400, 401, 403, 404) },
});

export function registerDeleteMyAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await deleteMyEventAnswers(c.get("ctx"), c.req.valid("param").id, c.req.valid("query").questionId), 200));
}
