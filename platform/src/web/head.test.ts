import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserIntegrations, testConfig } from "../config.ts";
import type { Deps } from "../context.ts";
import type { CommunityPublic } from "../community/schemas.ts";
import type { AppEnv } from "../http/env.ts";
import { TenantConfigSchema } from "../community/tenant-config.ts";
import type { Tenant } from "../tenancy/schema.ts";
import { cspWithIntegrations, injectHead, renderHead } from "./head.ts";
import { mountWebApps, type WebApp } from "./static.ts";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Tuesday</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const NONE: BrowserIntegrations = { errorDsn: undefined, analyticsUrl: undefined, publicIpUrls: [], geoLookupUrl: undefined };

function tenant(id: string, extra: Record<string, unknown> = {}): Tenant {
  const config = TenantConfigSchema.parse({
    version: 1,
    id,
    domain: `${id}.example.com`,
    title: `${id} title`,
    description: `About ${id} & friends`,
    authConfig: [{ authType: "EMAIL" }],
    senderEmail: `hi@${id}.example.com`,
    brandConfig: { title: `${id} brand`, logoUrl: `/community/${id}/assets/logo.svg` },
    ...extra,
  });
  return { id, domain: config.domain, config, url: `https://${config.domain}` };
}

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tuesday-head-"));
  fs.mkdirSync(path.join(tmp, "dist"), { recursive: true });
  fs.writeFileSync(path.join(tmp, "dist", "index.html"), INDEX);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function server(browser: BrowserIntegrations = NONE) {
  const tenants = [tenant("alpha"), tenant("bank", { head: { description: "The bank's club", iconUrl: "/community/bank/assets/icon.png", ogImageUrl: "/community/bank/assets/og.png" } })];
  const app = new Hono<AppEnv>();
  const deps = {
    config: testConfig({ browser }),
    log: pino({ level: "silent" }),
    // No stored rows: the page carries no community document (the e2e tests check it does on a real server).
    tenants: { byHost: async (host: string | undefined) => tenants.find((t) => host?.replace(/:\d+$/, "") === t.domain), getRow: async () => undefined },
  } as unknown as Deps;
  const web: WebApp = { name: "member", label: "member", dir: tmp, mount: "/" };
  mountWebApps(app, deps, { apps: [web], build: () => {} });
  return app;
}

const head = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "";

describe("page head per host (spec 1)", () => {
  it("carries the community's public configuration for the member app, escaped, when there is one", () => {
    const community = { id: "alpha", title: `A "quoted" <b>title</b> & more` } as unknown as CommunityPublic;
    const html = renderHead(tenant("alpha"), NONE, community);
    const content = /<meta name="tuesday-community" content="([^"]*)" \/>/.exec(html)?.[1];
    expect(content).toBeDefined();
    expect(content).not.toMatch(/[<>"]/);
    const unescaped = (content ?? "").replace(/&(amp|lt|gt|quot|#39);/g, (m) => ({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" })[m] ?? m);
    expect(JSON.parse(unescaped)).toEqual(community);
    expect(renderHead(tenant("alpha"), NONE)).not.toContain("tuesday-community");
  });

  it("gives a community's domain its title, description, icons and Open Graph tags, on every client route", async () => {
    const app = server();
    for (const p of ["/", "/login", "/northbank/earnings"]) {
      const res = await app.request(p, { headers: { host: "bank.example.com" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toBe("Host, Accept-Encoding");
      const h = head(await res.text());
      expect(h).toContain("<title>bank brand</title>");
      expect(h).toContain('<meta name="description" content="The bank&#39;s club" />');
      expect(h).toContain('<link rel="icon" href="/community/bank/assets/icon.png" />');
      expect(h).toContain('<link rel="apple-touch-icon" href="/community/bank/assets/icon.png" />');
      expect(h).toContain('<meta property="og:title" content="bank brand" />');
      expect(h).toContain('<meta property="og:image" content="https://bank.example.com/community/bank/assets/og.png" />');
      expect(h).toContain('<meta property="og:url" content="https://bank.example.com" />');
      expect(h).not.toContain("favicon.svg");
      expect(h.match(/<title>/g)).toHaveLength(1);
      // The app's own script stays.
      expect(h).toContain("/assets/index-abc.js");
    }
    // Without a head block: the description, logo and title of the community.
    const alpha = head(await (await app.request("/", { headers: { host: "alpha.example.com" } })).text());
    expect(alpha).toContain("<title>alpha brand</title>");
    expect(alpha).toContain('<meta name="description" content="About alpha &amp; friends" />');
    expect(alpha).toContain('<meta property="og:image" content="https://alpha.example.com/community/alpha/assets/logo.svg" />');
  });

  it("gives any other host only the site name and a title", async () => {
    const h = head(await (await server().request("/", { headers: { host: "203.0.113.9:3000" } })).text());
    expect(h).toContain("<title>Tuesday</title>");
    expect(h).toContain('<meta property="og:site_name" content="Tuesday" />');
    expect(h).not.toMatch(/og:title|og:image|name="description"|tuesday-config/);
  });

  it("keeps two hosts' ETags apart, and answers 304 for the same host", async () => {
    const app = server();
    const a = await app.request("/", { headers: { host: "alpha.example.com" } });
    const b = await app.request("/", { headers: { host: "bank.example.com" } });
    expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"));
    const again = await app.request("/", { headers: { host: "alpha.example.com", "If-None-Match": a.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
  });

  it("hands the configured integrations to the app and lets its CSP reach them; none configured, nothing", async () => {
    const browser: BrowserIntegrations = {
      errorDsn: "https://abc123@errors.example.net/42",
      analyticsUrl: "https://stats.example.org/collect",
      publicIpUrls: ["https://ip.example.com/", "https://ip2.example.com/json"],
      geoLookupUrl: "https://geo.example.com/country",
    };
    const res = await server(browser).request("/", { headers: { host: "alpha.example.com" } });
    const meta = /<meta name="tuesday-config" content="([^"]*)"/.exec(await res.text())?.[1] ?? "";
    expect(JSON.parse(meta.replaceAll("&quot;", '"'))).toEqual(browser);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self' https://errors.example.net https://stats.example.org https://geo.example.com https://ip.example.com https://ip2.example.com ws:");
    expect(cspWithIntegrations(NONE)).toBeUndefined();
    expect(renderHead(undefined, NONE)).not.toContain("tuesday-config");
  });

  it("injects into an index without a title before </head>", () => {
    expect(injectHead("<html><head></head></html>", "<title>X</title>")).toBe("<html><head>  <title>X</title>\n  </head></html>");
  });
});
