import { expect, type Page, type Route, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { TENANTS, tenantUrl } from "./support.ts";

/** Fetches an intercepted request from Node: *.localhost does not resolve there, so 127.0.0.1 with the Host header. */
function realFetch(route: Route) {
  const url = new URL(route.request().url());
  return route.fetch({ url: `http://127.0.0.1:${url.port}${url.pathname}${url.search}`, headers: { ...route.request().headers(), host: url.host } });
}

const UNESCAPE: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const ESCAPE: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The community document a tenant's start-up reads (the `tuesday-community` meta tag the server
 * puts in its pages), with some settings changed (as another tenant.json would).
 */
async function withCommunity(page: Page, tenant: string, patch: Record<string, unknown>): Promise<void> {
  await page.route(
    (url) => url.hostname === `${tenant}.localhost`,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const res = await realFetch(route);
      const html = await res.text();
      const tag = /<meta name="tuesday-community" content="([^"]*)" \/>/.exec(html);
      if (!tag?.[1]) throw new Error(`no community in the page of ${tenant}`);
      const community = { ...JSON.parse(tag[1].replace(/&(amp|lt|gt|quot|#39);/g, (m) => UNESCAPE[m] ?? m)), ...patch };
      const content = JSON.stringify(community).replace(/[&<>"']/g, (ch) => ESCAPE[ch] ?? ch);
      return route.fulfill({ response: res, body: html.replace(tag[0], `<meta name="tuesday-community" content="${content}" />`) });
    },
  );
}

const CONFIG_TAG = /<meta name="tuesday-config" content="[^"]*" \/>/;

/**
 * index.html with the `tuesday-config` meta tag the server writes for the integrations it has
 * configured, replaced by this one (null: none, as a server with nothing configured writes). The
 * suite's server configures GEO_LOOKUP_URL (member-gaps.spec), so its pages carry a tag of their own.
 */
async function withClientConfig(page: Page, config: Record<string, unknown> | null): Promise<void> {
  await page.route(
    (url) => url.pathname === "/" || url.pathname === "/registration" || url.pathname === "/login",
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const res = await realFetch(route);
      const meta = config ? `<meta name="tuesday-config" content="${JSON.stringify(config).replaceAll('"', "&quot;")}" />` : "";
      const html = (await res.text()).replace(CONFIG_TAG, "");
      return route.fulfill({ response: res, body: html.replace("</head>", `${meta}</head>`) });
    },
  );
}

test.describe("tenant variants (spec 1)", () => {
  test("northbank: the special welcome layout, the bank-partner welcome section and the donation button; founders has none of them", async ({ page }) => {
    await page.goto(tenantUrl(TENANTS.northbank, "/"));
    await expect(page.locator("main#content")).toHaveAttribute("data-layout", "special");
    await expect(page.getByRole("heading", { name: "In partnership with Northbank" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Donate to Northbank Business Club/ })).toHaveAttribute("href", "https://northbank.tuesday.community/donate");
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await expect(page.locator("main#content")).toHaveAttribute("data-layout", "standard");
    await expect(page.getByRole("link", { name: /Donate/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "In partnership with Northbank" })).toHaveCount(0);
  });

  test("page head: each community's domain gets its branding in the served HTML, any other host only a site name and a title", async ({ request }) => {
    const nb = await (await request.get(`http://127.0.0.1:${E2E_PORT}/login`, { headers: { Host: `northbank.localhost:${E2E_PORT}` } })).text();
    expect(nb).toContain("<title>Northbank Business Club</title>");
    expect(nb).toContain('<meta property="og:image" content="http://northbank.localhost:');
    expect(nb).toContain('<link rel="icon" href="/community/northbank/assets/logo.svg" />');
    expect(nb).toMatch(/<meta name="description" content="Northbank Business Club: one useful introduction/);
    const tochka = await (await request.get(`http://127.0.0.1:${E2E_PORT}/`, { headers: { Host: `tochka.localhost:${E2E_PORT}` } })).text();
    expect(tochka).toContain("<title>Точка сборки</title>");
    const other = await (await request.get(`http://127.0.0.1:${E2E_PORT}/`)).text();
    expect(other).toContain("<title>Tuesday</title>");
    expect(other).not.toMatch(/og:title|name="description"/);
  });

  test("the short landing: title, copy and the short sign-up form only", async ({ page }) => {
    await withCommunity(page, TENANTS.founders, { shortLanding: true });
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    const main = page.locator("main[data-variant=short-landing]");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Meet a fellow founder every Tuesday");
    await expect(main.getByLabel("E-mail")).toBeVisible();
    await expect(page.locator(".checklist")).toHaveCount(0);
  });

  test("a custom landing is drawn from the landing file's blocks", async ({ page }) => {
    await withCommunity(page, TENANTS.founders, { customLanding: true });
    await page.route(/\/community\/founders\/landing\.json$/, (route) =>
      route.fulfill({
        json: {
          blocks: [
            { type: "heading", level: 1, text: "Our very own landing" },
            { type: "text", text: "Written in the tenant's landing file." },
            { type: "list", items: ["First point", "Second point"] },
            { type: "button", label: "Join us", href: "/registration" },
            { type: "button", label: "Unsafe", href: "javascript:alert(1)" },
          ],
        },
      }),
    );
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    const main = page.locator("main[data-variant=custom-landing]");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Our very own landing");
    await expect(main.getByText("Written in the tenant's landing file.")).toBeVisible();
    await expect(main.getByRole("listitem")).toHaveText(["First point", "Second point"]);
    await expect(main.getByRole("link", { name: "Unsafe" })).toHaveCount(0);
    await main.getByRole("link", { name: "Join us" }).click();
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/registration"));
  });

  test("the connect-page community sends a signed-out visitor at welcome to its external connect page", async ({ page }) => {
    const connect = tenantUrl(TENANTS.devguild, "/login?from=connect");
    await withCommunity(page, TENANTS.founders, { connectUrl: connect });
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await expect(page).toHaveURL(connect);
    // Other pages stay where they are.
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/login"));
  });

  test("'Apply now' replaces the registration link on the login page", async ({ page }) => {
    await withCommunity(page, TENANTS.founders, { applyUrl: "https://apply.example.com/founders" });
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await expect(page.getByRole("link", { name: "Apply now (opens in a new tab)" })).toHaveAttribute("href", "https://apply.example.com/founders");
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);
  });

  test("policy documents: northbank's own PDFs (international without a lookup, the Russian set for RU and BY); tochka names them as plain text", async ({ page, browser }) => {
    // Eight page loads in four browser contexts: 15 s on one worker, over 30 s with two on a loaded machine.
    test.setTimeout(60_000);
    await withClientConfig(page, null);
    await page.goto(tenantUrl(TENANTS.northbank, "/registration"));
    const box = page.locator(".checkbox[data-documents]");
    await expect(box).toHaveAttribute("data-documents", "international");
    await expect(box.getByRole("link", { name: "terms of use" })).toHaveAttribute("href", "/community/northbank/assets/terms-en.pdf");

    for (const [country, set, file] of [
      ["RU", "ru", "terms-ru.pdf"],
      ["BY", "ru", "terms-ru.pdf"],
      ["DE", "international", "terms-en.pdf"],
    ] as const) {
      const context = await browser.newContext();
      const p = await context.newPage();
      let lookups = 0;
      await withClientConfig(p, { geoLookupUrl: `http://northbank.localhost:${E2E_PORT}/e2e-geo` });
      await p.route(/\/e2e-geo$/, (route) => {
        lookups += 1;
        return route.fulfill({ contentType: "application/json", body: JSON.stringify({ country_code: country }) });
      });
      await p.goto(tenantUrl(TENANTS.northbank, "/registration"));
      await expect(p.locator(".checkbox[data-documents]")).toHaveAttribute("data-documents", set);
      await expect(p.locator(".checkbox").getByRole("link", { name: "terms of use" })).toHaveAttribute("href", `/community/northbank/assets/${file}`);
      // Cached for the browser session.
      await p.reload();
      await expect(p.locator(".checkbox[data-documents]")).toHaveAttribute("data-documents", set);
      expect(lookups).toBe(1);
      await context.close();
    }

    await page.goto(tenantUrl(TENANTS.tochka, "/registration"));
    await expect(page.locator(".checkbox label")).toBeVisible();
    await expect(page.locator(".checkbox").getByRole("link")).toHaveCount(0);
  });
});

test.describe("optional integrations (spec 7)", () => {
  test("off by default: no lookups, no analytics, no error reports, no public-IP header", async ({ page }) => {
    // The server's side (no tag without configuration) is head.test.ts's; here the browser's.
    await withClientConfig(page, null);
    const outside: string[] = [];
    const ipHeaders: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(`http://founders.localhost:${E2E_PORT}/`)) outside.push(r.url());
      const ip = r.headers()["x-public-ip"];
      if (ip) ipHeaders.push(ip);
    });
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.getByRole("link", { name: "Log in" }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    expect(outside).toEqual([]);
    expect(ipHeaders).toEqual([]);
    expect(await page.locator('meta[name="tuesday-config"]').count()).toBe(0);
  });

  test("configured: page views and the short sign-up event go to the analytics endpoint, errors to the DSN as an envelope, and the public IP (cached for the session) rides on API calls", async ({ page }) => {
    const base = `http://founders.localhost:${E2E_PORT}`;
    await withClientConfig(page, {
      analyticsUrl: `${base}/e2e-analytics`,
      errorDsn: `http://publickey@founders.localhost:${E2E_PORT}/7`,
      publicIpUrls: [`${base}/e2e-ip-down`, `${base}/e2e-ip`],
    });
    const analytics: Record<string, unknown>[] = [];
    const envelopes: string[] = [];
    let ipLookups = 0;
    await page.route(/\/e2e-analytics$/, (route) => {
      analytics.push(JSON.parse(route.request().postData() ?? "{}"));
      return route.fulfill({ status: 204 });
    });
    await page.route(/\/api\/7\/envelope\//, (route) => {
      envelopes.push(`${route.request().url()}\n${route.request().postData() ?? ""}`);
      return route.fulfill({ status: 200, json: {} });
    });
    await page.route(/\/e2e-ip-down$/, (route) => route.fulfill({ status: 502, body: "bad gateway" }));
    await page.route(/\/e2e-ip$/, (route) => {
      ipLookups += 1;
      return route.fulfill({ contentType: "application/json", body: '{"ip":"203.0.113.7"}' });
    });

    await page.goto(`${base}/`);
    await expect.poll(() => analytics.map((a) => a.type)).toContain("page_view");
    expect(analytics[0]).toMatchObject({ type: "page_view", path: "/", communityId: "founders" });
    await expect.poll(() => ipLookups).toBe(1);

    // API calls after the lookup carry the address; a reload reuses the session's copy.
    const landing = page.waitForRequest((r) => r.url().includes("/community/founders/landing"));
    await page.reload();
    expect((await landing).headers()["x-public-ip"]).toBe("203.0.113.7");
    expect(ipLookups).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem("publicIp"))).toBe("203.0.113.7");

    await page.getByLabel("E-mail").first().fill("someone@e2e.example");
    await page.getByLabel("E-mail").first().press("Enter");
    await expect.poll(() => analytics.map((a) => a.type)).toContain("short_sign_up");

    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e boom");
      }, 0);
    });
    await expect.poll(() => envelopes.length).toBe(1);
    const [url = "", header = "", item = "", event = ""] = envelopes[0]?.split("\n") ?? [];
    expect(url).toContain("sentry_key=publickey");
    expect(JSON.parse(header)).toMatchObject({ dsn: `http://publickey@founders.localhost:${E2E_PORT}/7` });
    expect(JSON.parse(item)).toEqual({ type: "event" });
    expect(JSON.parse(event)).toMatchObject({ level: "error", exception: { values: [{ type: "Error", value: "e2e boom" }] }, tags: { community: "founders" } });
  });

  test("a public-IP service that does not answer within 5000 ms is given up for the next one", async ({ page }) => {
    const base = `http://founders.localhost:${E2E_PORT}`;
    await withClientConfig(page, { publicIpUrls: [`${base}/e2e-ip-slow`, `${base}/e2e-ip`] });
    const asked: string[] = [];
    await page.route(/\/e2e-ip-slow$/, () => {
      asked.push("slow");
      // never answers
    });
    await page.route(/\/e2e-ip$/, (route) => {
      asked.push("fast");
      return route.fulfill({ body: "198.51.100.4" });
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(`${base}/`);
    await expect.poll(() => asked).toEqual(["slow"]);
    await page.clock.runFor(4999);
    expect(asked).toEqual(["slow"]);
    await page.clock.runFor(1);
    await expect.poll(() => asked).toEqual(["slow", "fast"]);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("publicIp"))).toBe("198.51.100.4");
  });
});
