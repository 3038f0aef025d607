import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { NavigationSchema } from "../schemas.ts";
import { getLandingDocument, getNavigationDocument } from "../service.ts";

const NO_CACHE = { "Cache-Control": "no-cache, no-store, must-revalidate", Pragma: "no-cache", Expires: "0" };
const IdParam = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/).openapi({ param: { name: "id", in: "path" } });

const navigation = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/community/{id}/navigation.json",
  tags: ["Community"],
  summary: "The community's custom navigation (no-cache)",
  request: { params: z.object({ id: IdParam }) },
  responses: { 200: jsonResponse(NavigationSchema, "Navigation config"), ...errors(404) },
});

const landing = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/community/{id}/{file}",
  tags: ["Community"],
  summary: "A landing document: landing{suffix}.json, e.g. landing.json or landing-ru.json (no-cache)",
  request: {
    params: z.object({
      id: IdParam,
      // The pattern spelled out without the /i flag, which the generator would write into it.
      file: z
        .string()
        .regex(/^landing[a-z0-9_-]*\.json$/i, "landing{suffix}.json")
        .openapi({ param: { name: "file", in: "path" }, pattern: "^[Ll][Aa][Nn][Dd][Ii][Nn][Gg][A-Za-z0-9_-]*\\.json$" }),
    }),
  },
  responses: { 200: jsonResponse(z.record(z.string(), z.unknown()), "Landing document"), ...errors(400, 404) },
});

export function registerStaticDocuments(app: OpenAPIHono<AppEnv>) {
  app.openapi(navigation, async (c) => {
    const nav = await getNavigationDocument(c.get("ctx"), c.req.valid("param").id);
    return c.json(nav, 200, NO_CACHE);
  });
  app.openapi(landing, async (c) => {
    const { id, file } = c.req.valid("param");
    const suffix = file.slice("landing".length, -".json".length);
    return c.json(await getLandingDocument(c.get("ctx"), id, suffix), 200, NO_CACHE);
  });
}
