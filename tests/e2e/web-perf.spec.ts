import { expect, test } from "@playwright/test";
import { TENANTS, tenantUrl } from "./support.ts";

test.describe("what the login page loads (issue 17)", () => {
  test("compressed scripts, the community in the page (no lookup), no signed-in code or other language", async ({ page }) => {
    const scripts: { url: string; encoding: string | undefined; bytes: Promise<number> }[] = [];
    const lookups: string[] = [];
    page.on("response", (res) => {
      const url = res.url();
      if (url.includes("/api/community/get-by-domain")) lookups.push(url);
      if (url.endsWith(".js")) scripts.push({ url, encoding: res.headers()["content-encoding"], bytes: res.body().then((b) => b.length) });
    });
    await page.goto(tenantUrl(TENANTS.devguild, "/login"));
    await expect(page.getByLabel("E-mail")).toBeVisible();
    await page.waitForLoadState("networkidle");

    expect(scripts.length).toBeGreaterThan(0);
    // Files of a few hundred bytes go as they are.
    for (const s of scripts) if ((await s.bytes) > 256) expect(s.encoding, s.url).toBe("br");
    // The community comes with the page (its tuesday-community meta tag): no lookup.
    expect(lookups).toHaveLength(0);
    await expect(page.locator('meta[name="tuesday-community"]')).toHaveAttribute("content", /"id":"devguild"/);
    // The first render's texts (the English core files) are preloaded by the page, not asked for by the entry.
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")?.split("/").pop() ?? ""));
    for (const name of ["en-", "tenant.en-"]) expect(preloads.filter((p) => p.startsWith(name)), name).toHaveLength(1);
    const names = scripts.map((s) => new URL(s.url).pathname.split("/").pop() ?? "");
    // Nor TanStack Query, the member guard, or the admin texts (issue 17).
    // (TanStack Query is one chunk, "query-"; the member guard and the bar one, "signed-in-": vite.config.ts.)
    for (const lazy of ["nav-bar", "signed-in-", "realtime-session", "my-communities-page", "welcome-page", "ru-", "members.en", "google-button", "query-", "QueryClientProvider", "useBaseQuery", "member-guard", "admin.en"]) {
      expect(names.filter((n) => n.startsWith(lazy)), lazy).toEqual([]);
    }
  });
});

test.describe("the login page paints before i18next (issue 17, i18n/first-paint.ts)", () => {
  test("held back, i18next's chunk stops neither the form nor the texts; a language switch waits for it and then applies", async ({ page }) => {
    // i18next's chunk is held until released; everything else loads as usual.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/i18next-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await expect(page.getByLabel("E-mail")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(asked).toBe(true);
    // A validation message of the form comes from the same texts.
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Enter your e-mail")).toBeVisible();

    // The switch is chosen before i18next is in: it applies once i18next arrives.
    await page.getByLabel("Language").selectOption("ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("С возвращением");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByLabel("Язык")).toHaveValue("ru");
    // i18next's own texts from here on: a page outside the entry renders in Russian.
    await page.getByRole("link", { name: "Зарегистрироваться" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Создайте аккаунт");
  });
});
