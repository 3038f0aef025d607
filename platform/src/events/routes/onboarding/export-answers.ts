import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { csvFile, errors } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { exportEventAnswers } from "../../onboarding.ts";
import { ExportQuerySchema } from "../../onboarding-schemas.ts";
import { EventIdParamSchema } from "../../schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:read",
  method: "get",
  path: "/event/{id}/onboarding/answers/export",
  tags: ["Event onboarding"],
  summary: "The participants and their answers as a file (format=csv, the default): UTF-8 with a BOM; cells starting with = + - @ are prefixed with an apostrophe",
  request: { params: EventIdParamSchema, query: ExportQuerySchema },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errors(400, 401, 403, 404),
  },
});

export function registerExportAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const file = await exportEventAnswers(c.get("ctx"), c.req.valid("param").id);
    return csvFile(c, file);
  });
}
