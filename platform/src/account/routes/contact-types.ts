import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { jsonResponse } from "../../http/openapi.ts";
import { ContactTypeInfoSchema } from "../schemas.ts";
import { listContactTypes } from "../service.ts";

const route = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/constants/contacts/types",
  tags: ["Account"],
  summary: "Contact types with labels, placeholders and link prefixes for forms",
  responses: { 200: jsonResponse(z.array(ContactTypeInfoSchema), "Contact types") },
});

export function registerContactTypes(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, (c) => c.json(listContactTypes(c.get("ctx")), 200));
}
