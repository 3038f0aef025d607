import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { submitEventAnswers } from "../../onboarding.ts";
import { AnswersBodySchema, AnswersResultSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/onboarding/answers",
  tags: ["Event onboarding"],
  summary: "Submit answers (one step or several): required is enforced on the questions answered, the rest on complete",
  request: { params: EventIdParamSchema, body: jsonBody(AnswersBodySchema) },
  responses: { 200: jsonResponse(AnswersResultSchema, "My answers and progress"), ...errors(400, 401, 403, 404, 409) },
});

export function registerSubmitAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await submitEventAnswers(c.get("ctx"), c.req.valid("param").id, c.req.valid("json").answers), 200));
}
