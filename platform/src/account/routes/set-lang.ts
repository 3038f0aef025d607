import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { LangBodySchema, LangResultSchema } from "../schemas.ts";
import { setPreferredLang } from "../service.ts";

/**
 * The spec sends the language as a text body ("ru"). The route's validators only read JSON, so
 * a text/plain body is re-encoded as the JSON string it stands for; one zod schema then checks both.
 */
const textBodyAsJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "text/plain") {
    const raw = c.req.raw;
    let text = (await raw.text()).trim();
    if (text.startsWith('"')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === "string") text = parsed;
      } catch {
        // not a JSON string: the text itself is the value
      }
    }
    const headers = new Headers(raw.headers);
    headers.set("content-type", "application/json");
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: JSON.stringify(text) });
  }
  await next();
};

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/current-user/lang",
  tags: ["Account"],
  summary: "Set the user's preferred language",
  description: 'Body: the language as text/plain ("en" or "ru"), or the same as a JSON string.',
  middleware: [textBodyAsJson],
  request: {
    body: {
      required: true,
      content: { "text/plain": { schema: LangBodySchema }, "application/json": { schema: LangBodySchema } },
    },
  },
  responses: { 200: jsonResponse(LangResultSchema, "Saved"), ...errors(400, 401, 415) },
});

export function registerSetLang(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await setPreferredLang(c.get("ctx"), c.req.valid("json")), 200));
}
