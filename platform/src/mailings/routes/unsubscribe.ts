import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { textsFor } from "../../i18n/texts.ts";
import { escapeHtml } from "../../lib/html.ts";
import { UnsubscribeQuerySchema, UnsubscribeResultSchema } from "../schemas.ts";
import { unsubscribe } from "../service.ts";

const html = { "text/html": { schema: z.string() } };

const post = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/mail/unsubscribe",
  tags: ["Community notify"],
  summary: "One-click unsubscribe from the community's mailings (RFC 8058: the List-Unsubscribe-Post of a mailing, or the button of the link's page)",
  request: { query: UnsubscribeQuerySchema },
  responses: { 200: { description: "Unsubscribed (HTML for a browser's form, else JSON)", content: { ...jsonResponse(UnsubscribeResultSchema, "").content, ...html } }, ...errors(400, 404) },
});

const get = defineRoute({
  apiKey: false,
  access: "public",
  method: "get",
  path: "/mail/unsubscribe",
  tags: ["Community notify"],
  summary: "The unsubscribe link's page: a button that confirms (a GET never unsubscribes, so link scanners cannot)",
  request: { query: UnsubscribeQuerySchema },
  responses: { 200: { description: "The confirm page", content: html }, ...errors(400) },
});

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui;margin:40px auto;max-width:480px">${body}</body></html>`;

export function registerUnsubscribe(app: OpenAPIHono<AppEnv>) {
  app.openapi(get, (c) => {
    const { token } = c.req.valid("query");
    const t = textsFor(c.get("ctx").tenant.config.lang);
    const title = escapeHtml(t("pages.unsubscribe.title"));
    const button = escapeHtml(t("pages.unsubscribe.button"));
    return c.html(
      page(
        title,
        `<h1>${title}</h1><form method="post" action="/api/mail/unsubscribe?token=${encodeURIComponent(token)}"><button type="submit" style="font-size:16px;padding:10px 18px">${button}</button></form>`,
      ),
      200,
    );
  });
  app.openapi(post, async (c) => {
    const result = await unsubscribe(c.get("ctx"), c.req.valid("query").token);
    if ((c.req.header("accept") ?? "").includes("text/html")) {
      const text = textsFor(c.get("ctx").tenant.config.lang)("pages.unsubscribe.done");
      return c.html(page(text, `<h1>${escapeHtml(text)}</h1>`), 200);
    }
    return c.json(result, 200);
  });
}
