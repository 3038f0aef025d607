import { expect, test } from "@playwright/test";
import { TENANTS, tenantUrl } from "./support.ts";

test.describe("what the login page loads (issue 17)", () => {
  test("compressed scripts, the community asked for once, no signed-in code or other language", async ({ page }) => {
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
    // The community is looked up once (the app shares the answer).
    expect(lookups).toHaveLength(1);
    const names = scripts.map((s) => new URL(s.url).pathname.split("/").pop() ?? "");
    // Nor TanStack Query, the member guard, or the admin texts (issue 17).
    for (const lazy of ["nav-bar", "realtime-session", "my-communities-page", "welcome-page", "ru-", "members.en", "google-button", "query-layer", "QueryClientProvider", "useBaseQuery", "member-guard", "admin.en"]) {
      expect(names.filter((n) => n.startsWith(lazy)), lazy).toEqual([]);
    }
  });
});
