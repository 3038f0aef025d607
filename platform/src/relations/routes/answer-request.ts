import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { AnswerBodySchema, AnswerResultSchema, RequestIdParamSchema } from "../schemas.ts";
import { answerRequest } from "../requests.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/requests/{id}/answer",
  tags: ["Requests"],
  summary: "Accept or decline an intro",
  description:
    "Only the recipient answers; an intro held for the moderators is forwarded (ACCEPTED) or declined by an admin or moderator. On ACCEPTED the sender is mailed the recipient's contacts as privacy allows. A second answer is a 409.",
  request: { params: RequestIdParamSchema, body: jsonBody(AnswerBodySchema) },
  responses: { 200: jsonResponse(AnswerResultSchema, "Answered"), ...errors(400, 401, 403, 404, 409) },
});

export function registerAnswerRequest(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await answerRequest(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
