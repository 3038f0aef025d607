import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MemberReportSchema, ReportIdParamSchema, ResolveReportSchema } from "../report-schemas.ts";
import { resolveMemberReport } from "../reports.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "post",
  path: "/report-moderation/{id}/resolve",
  tags: ["Moderation"],
  summary: "Resolve a member report: DISMISS, HIDE (profile off) or BLOCK (member rejected); audited; the reporters are told it was reviewed",
  description:
    "HIDE and BLOCK resolve every open report about the member; DISMISS only this one. The same action again answers the report unchanged; another action on a resolved report is a 409. Only admins hide or block moderators and admins.",
  request: { params: ReportIdParamSchema, body: jsonBody(ResolveReportSchema) },
  responses: { 200: jsonResponse(MemberReportSchema, "The resolved report"), ...errors(400, 401, 403, 404, 409) },
});

export function registerResolveReport(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await resolveMemberReport(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
