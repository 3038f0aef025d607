import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CreateReportSchema, MyReportSchema } from "../report-schemas.ts";
import { createReport } from "../reports.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/reports",
  tags: ["Moderation"],
  summary: "Report another member of this community to its moderators (reason, optional note)",
  description: "One open report per reporter and member: a second report answers the open one (200) unchanged. Reporting yourself is a 400; a member of another community a 404.",
  request: { body: jsonBody(CreateReportSchema) },
  responses: {
    201: jsonResponse(MyReportSchema, "Reported"),
    200: jsonResponse(MyReportSchema, "Already reported: the open report"),
    ...errors(400, 401, 403, 404, 409),
  },
});

export function registerCreateReport(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { report, created } = await createReport(c.get("ctx"), c.req.valid("json"));
    return created ? c.json(report, 201) : c.json(report, 200);
  });
}
