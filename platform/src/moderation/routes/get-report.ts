import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MemberReportSchema, ReportIdParamSchema } from "../report-schemas.ts";
import { getMemberReport } from "../reports.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "get",
  path: "/report-moderation/{id}",
  tags: ["Moderation"],
  summary: "One member report",
  request: { params: ReportIdParamSchema },
  responses: { 200: jsonResponse(MemberReportSchema, "The report"), ...errors(400, 401, 403, 404) },
});

export function registerGetReport(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMemberReport(c.get("ctx"), c.req.valid("param").id), 200));
}
