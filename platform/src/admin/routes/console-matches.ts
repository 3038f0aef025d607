import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { ReaderLangHeadersSchema } from "../../matching/api/schemas.ts";
import { defineRoute } from "../../http/route.ts";
import { consoleListMatches, consolePreviewPairs } from "../console-matches.ts";
import { ConsoleMatchSchema, ConsolePreviewPairSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: "analytics:read",
  access: "admin",
  method: "get",
  path: "/console/matches",
  tags: ["Console"],
  summary: "This week's pairs with scores and reasons, in react-admin's simple-REST contract; the total in Content-Range",
  description:
    "The week is the latest weekly run up to the coming Tuesday (Monday evening's run is the new week), unless filter.week names another. Sort by score (default, descending), createdAt or internalAdminScore.",
  request: {
    query: z.object({
      sort: z.string().max(200).optional().openapi({ example: '["score","DESC"]', description: "[field, ASC|DESC]; fields score, createdAt, internalAdminScore" }),
      range: z.string().max(100).optional().openapi({ example: "[0,24]", description: "[first, last], inclusive, at most 500 rows" }),
      filter: z.string().max(1000).optional().openapi({ example: '{"q":"ann","week":"2026-11-24"}', description: "{q: either member's name, week: a Tuesday}" }),
    }),
    headers: ReaderLangHeadersSchema,
  },
  responses: {
    200: { description: "The window; Content-Range: matches first-last/total", headers: { "Content-Range": { schema: { type: "string" } } }, content: { "application/json": { schema: z.array(ConsoleMatchSchema) } } },
    ...errors(400, 401, 403),
  },
});

const preview = defineRoute({
  apiKey: false,
  access: "admin",
  method: "get",
  path: "/console/matches/preview",
  tags: ["Console"],
  summary: "The pairs the coming week's matching would make (a dry run: nothing stored or sent), with scores and reasons, in react-admin's simple-REST contract",
  description:
    "Best first (sort [\"score\",\"DESC\"], the default, or ASC). filter.week names another Tuesday. A week already run has no preview: the list is empty and X-Matching-Already-Run is true (its pairs are GET /console/matches with that week). The preview is computed once and kept 30 seconds while the admin pages through it.",
  request: {
    query: z.object({
      sort: z.string().max(200).optional().openapi({ example: '["score","DESC"]' }),
      range: z.string().max(100).optional().openapi({ example: "[0,24]", description: "[first, last], inclusive, at most 500 rows" }),
      filter: z.string().max(1000).optional().openapi({ example: '{"week":"2026-12-01"}' }),
    }),
    headers: ReaderLangHeadersSchema,
  },
  responses: {
    200: {
      description: "The window; Content-Range: matches-preview first-last/total; X-Matching-Week: the week previewed",
      headers: { "Content-Range": { schema: { type: "string" } }, "X-Matching-Week": { schema: { type: "string" } }, "X-Matching-Already-Run": { schema: { type: "string" } } },
      content: { "application/json": { schema: z.array(ConsolePreviewPairSchema) } },
    },
    ...errors(400, 401, 403),
  },
});

export function registerConsoleMatches(app: OpenAPIHono<AppEnv>) {
  app.openapi(preview, async (c) => {
    const { rows, start, end, total, week, alreadyRun } = await consolePreviewPairs(c.get("ctx"), c.req.valid("query"), c.req.valid("header")["accept-language"]);
    c.header("Content-Range", `matches-preview ${start}-${end}/${total}`);
    c.header("X-Matching-Week", week);
    c.header("X-Matching-Already-Run", String(alreadyRun));
    c.header("Access-Control-Expose-Headers", "Content-Range, X-Matching-Week, X-Matching-Already-Run");
    return c.json(rows, 200);
  });
  app.openapi(route, async (c) => {
    const { rows, start, end, total } = await consoleListMatches(c.get("ctx"), c.req.valid("query"), c.req.valid("header")["accept-language"]);
    c.header("Content-Range", `matches ${start}-${end}/${total}`);
    c.header("Access-Control-Expose-Headers", "Content-Range");
    return c.json(rows, 200);
  });
}
