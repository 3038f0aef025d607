import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { QuestionSchema, QuestionsQuerySchema } from "../schemas.ts";
import { getQuestionsByCommunity } from "../service.ts";

const route = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/question/get-by-community",
  tags: ["Onboarding"],
  summary: "The community's onboarding questions with their options, localized",
  request: { query: QuestionsQuerySchema, headers: z.object({ "accept-language": z.string().max(200).optional() }) },
  responses: { 200: jsonResponse(z.array(QuestionSchema), "Visible questions in order"), ...errors(400, 404) },
});

export function registerGetByCommunity(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const acceptLanguage = c.req.valid("header")["accept-language"];
    return c.json(await getQuestionsByCommunity(c.get("ctx"), { ...query, acceptLanguage }), 200);
  });
}
