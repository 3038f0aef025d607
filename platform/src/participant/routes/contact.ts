import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { jsonResponse } from "../../http/openapi.ts";
import { getContactInfo } from "../general.ts";
import { ContactInfoSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "get",
  path: "/contact",
  tags: ["General"],
  summary: "How to reach the community's team",
  responses: { 200: jsonResponse(ContactInfoSchema, "Contact details") },
});

export function registerContact(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(getContactInfo(c.get("ctx")), 200));
}
