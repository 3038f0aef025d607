import type { Hono } from "hono";
import { createRouter } from "../http/openapi.ts";
import type { AppEnv } from "../http/env.ts";
import { escapeHtml } from "../lib/html.ts";
import { getOutbox, listOutbox } from "./queries.ts";

/** The inside of a stored mail's <body> (the whole document when it has none). */
function bodyOf(html: string): string {
  const m = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html);
  const style = /<body([^>]*)>/i.exec(html)?.[1] ?? "";
  const inner = m?.[1] ?? html;
  // The body's own style (background, font) goes on a wrapper, so the mail looks as it does in a client.
  return /style="[^"]*"/.test(style) ? `<div ${/style="[^"]*"/.exec(style)?.[0]}>${inner}</div>` : inner;
}

/** /dev/mail: the dev outbox in a browser (development only; never mounted in production). */
export function mailDevRouter(): Hono<AppEnv> {
  const app = createRouter();
  app.get("/dev/mail", async (c) => {
    const { db } = c.get("ctx");
    const rows = await listOutbox(db, { to: c.req.query("to"), limit: 100 });
    const items = rows
      .map(
        (r) =>
          `<tr><td>${r.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td><td>${escapeHtml(r.communityId)}</td><td>${escapeHtml(r.toEmail)}</td><td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td><td>${r.status}</td></tr>`,
      )
      .join("");
    return c.html(
      `<!doctype html><html><head><meta charset="utf-8"><title>Dev outbox</title><style>body{font-family:system-ui;margin:24px}td,th{padding:6px 10px;border-bottom:1px solid #ddd;text-align:left}</style></head><body><h1>Dev outbox</h1><p>Mail is kept here because SMTP_URL is not set.</p><table><tr><th>When (UTC)</th><th>Community</th><th>To</th><th>Subject</th><th>Status</th></tr>${items || '<tr><td colspan="5">No mail yet.</td></tr>'}</table></body></html>`,
    );
  });
  // For browser tests and scripts: the newest mail first, optionally for one address.
  app.get("/dev/mail.json", async (c) => {
    const { db } = c.get("ctx");
    const rows = await listOutbox(db, { to: c.req.query("to"), limit: 100 });
    return c.json(rows.map((r) => ({ id: r.id, to: r.toEmail, subject: r.subject, text: r.text, createdAt: r.createdAt.toISOString() })));
  });
  app.get("/dev/mail/:id{[0-9a-f-]{36}}", async (c) => {
    const row = await getOutbox(c.get("ctx").db, c.req.param("id"));
    if (!row) return c.html("<p>Not found</p>", 404);
    // The mail as the member sees it (the stored HTML is our own rendered template, every value
    // escaped when it was rendered) beside its text part. Links are the mail's own, absolute ones.
    return c.html(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(row.subject)}</title><style>body{font-family:system-ui;margin:24px}.mail{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:24px;align-items:start}@media (max-width:800px){.mail{grid-template-columns:1fr}}.mail h2{font-size:1rem;margin:0 0 8px}.mail-html{border:1px solid #ddd;border-radius:8px;overflow:hidden}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px;margin:0}</style></head><body><p><a href="/dev/mail">&larr; outbox</a> · <a href="/dev/mail/${row.id}/html">HTML alone</a></p><p><b>To:</b> ${escapeHtml(row.toEmail)}<br><b>From:</b> ${escapeHtml(row.fromEmail)}<br><b>Subject:</b> ${escapeHtml(row.subject)}</p><div class="mail"><section aria-label="HTML part"><h2>HTML</h2><div class="mail-html" data-part="html">${bodyOf(row.html)}</div></section><section aria-label="Text part"><h2>Text</h2><pre data-part="text">${escapeHtml(row.text)}</pre></section></div></body></html>`,
    );
  });
  // The HTML part alone, as a mail client would show it.
  app.get("/dev/mail/:id{[0-9a-f-]{36}}/html", async (c) => {
    const row = await getOutbox(c.get("ctx").db, c.req.param("id"));
    if (!row) return c.html("<p>Not found</p>", 404);
    return c.html(row.html);
  });
  return app;
}
