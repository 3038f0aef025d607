import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { QuestionSchema } from "../../../questionnaire/schemas.ts";
import { translatedQuestions } from "../../onboarding.ts";
import { LanguageQuerySchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/questions/translated",
  tags: ["Event onboarding"],
  summary: "The visible questions in `language`, falling back to `defaultLanguage`, then the default text",
  request: { params: EventIdParamSchema, query: LanguageQuerySchema },
  responses: { 200: jsonResponse(z.array(QuestionSchema), "Visible questions in the language"), ...errors(400, 401, 403, 404) },
});

export function registerTranslatedQuestions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    return c.json(await translatedQuestions(c.get("ctx"), c.req.valid("param").id, q.language, q.defaultLanguage), 200);
  });
}
