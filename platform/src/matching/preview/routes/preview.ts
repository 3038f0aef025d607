import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { WeeklyRunReportSchema } from "../../weekly/schemas.ts";
import { previewWeeklyMatching } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "get",
  path: "/admin/{communityId}/matching/preview",
  tags: ["Admin"],
  summary: "Preview a week's matching: coverage, score distribution, members without a match, repeats",
  description: "A dry run: nothing is stored or sent. For a week already run, the stored stats (alreadyRun: true).",
  request: {
    params: z.object({ communityId: z.string().min(1).max(63) }),
    query: z.object({ week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a Tuesday as YYYY-MM-DD").optional() }),
  },
  responses: { 200: jsonResponse(WeeklyRunReportSchema, "Preview"), ...errors(400, 401, 403, 404) },
});

export function registerPreview(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await previewWeeklyMatching(c.get("ctx"), { communityId: c.req.valid("param").communityId, week: c.req.valid("query").week }), 200),
  );
}
