import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MemberReportPageSchema, ReportQuerySchema } from "../report-schemas.ts";
import { listMemberReports } from "../reports.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "get",
  path: "/report-moderation",
  tags: ["Moderation"],
  summary: "The community's member reports, newest first (filter by status)",
  request: { query: ReportQuerySchema },
  responses: { 200: jsonResponse(MemberReportPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerListReports(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMemberReports(c.get("ctx"), c.req.valid("query")), 200));
}
