import { expect, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { registerUser, signInByCode, TENANTS, tenantApi, tenantUrl, uniqueEmail } from "./support.ts";

test.describe("navigation bar (founders' navigation.json)", () => {
  test("follows the community's order and labels, hides admin from members, folds into a menu on phones", async ({ page, request }) => {
    const email = uniqueEmail("nav");
    const password = "Navigation-e2e-password-1";
    await registerUser(request, TENANTS.founders, email, password);
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/(questions|my_communities)$/);
    // The bar is hidden on the questions step.
    if (page.url().endsWith("/questions")) await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);

    await page.goto(tenantUrl(TENANTS.founders, "/profile"));
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const links = nav.getByRole("listitem");
    await expect(links.first()).toHaveText("Founders");
    await expect(links.nth(1)).toHaveText("My communities");
    await expect(nav.getByRole("link", { name: "My intros" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Founder playbook" })).toHaveAttribute("target", "_blank");
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 760 });
    await expect(nav.getByRole("link", { name: "My intros" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav.getByRole("link", { name: "My intros" })).toBeVisible();
    // The own-profile tab shows only above 768 px.
    await expect(nav.getByRole("link", { name: "Profile" })).toBeHidden();
    await nav.getByRole("button", { name: "Cancel" }).click();
    await expect(nav.getByRole("link", { name: "My intros" })).toBeHidden();
  });
});

test.describe("navigation bar at 1280 px (northbank: the longest bar)", () => {
  test("every tab is visible on the row or under More, none overlap, in both languages; the phone menu lists them all", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const n = TENANTS.northbank;
    const token = await signInByCode(request, uniqueEmail("nav-nb"), n);
    const user = (await tenantApi(request, n, "GET", "/api/current-user", token)) as { userId: string };
    await tenantApi(request, n, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Nora", lastName: "Bar" });
    const shots = path.join(import.meta.dirname, "../../.tmp/nav-screens");
    mkdirSync(shots, { recursive: true });
    for (const lang of ["en", "ru"] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        ([t, l]) => {
          localStorage.setItem("token", t as string);
          localStorage.setItem("local", l as string);
          localStorage.setItem("onboardingTour", JSON.stringify({ completed: true, skipped: false, step: 1, lastShownAt: 1 }));
        },
        [token, lang],
      );
      const page = await context.newPage();
      await page.goto(tenantUrl(n, "/profile"));
      const nav = page.locator("#main-nav");
      await expect(nav.locator("li[data-tab]").first()).toBeVisible();
      // The Meetings tab joins once the availability answer says meetings are on.
      await expect(nav.locator('li[data-tab="meetings"]')).toHaveCount(1);
      // Every tab on the row is inside the bar and clear of its neighbours and of the actions.
      const boxes = await page.evaluate(() => {
        const bar = document.querySelector("#main-nav")?.getBoundingClientRect();
        const shown = [...document.querySelectorAll<HTMLElement>("#main-nav > ul > li[data-tab]:not(.nav-overflowed), #main-nav > ul > li.nav-more:not(.nav-more-idle), #main-nav .nav-actions > *")]
          .filter((el) => getComputedStyle(el).display !== "none")
          .map((el) => ({ name: el.textContent?.trim() ?? "", ...el.getBoundingClientRect().toJSON() }));
        const hidden = [...document.querySelectorAll<HTMLElement>("#main-nav > ul > li.nav-overflowed")].map((el) => el.dataset.tab ?? "");
        return { bar: bar?.toJSON(), shown, hidden };
      });
      for (const b of boxes.shown) {
        expect(b.width, b.name).toBeGreaterThan(0);
        expect(b.left, b.name).toBeGreaterThanOrEqual(0);
        expect(b.right, b.name).toBeLessThanOrEqual(1280);
      }
      for (const [i, a] of boxes.shown.entries()) {
        for (const b of boxes.shown.slice(i + 1)) {
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          expect(w > 1 && h > 1, `"${a.name}" and "${b.name}" overlap`).toBe(false);
        }
      }
      // Whatever did not fit is one click away, under More.
      if (boxes.hidden.length > 0) {
        await nav.locator(".nav-more-button").click();
        const list = page.locator("#nav-more-list");
        await expect(list.getByRole("link")).toHaveCount(await nav.locator("li.nav-overflowed").count());
        for (const link of await list.getByRole("link").all()) await expect(link).toBeVisible();
        // Events, the tab that used to scroll out of view, is on the row or here.
        if (boxes.hidden.includes("events")) await expect(list.getByRole("link", { name: lang === "en" ? "Events" : "События" })).toBeVisible();
        await page.screenshot({ path: `${shots}/northbank-${lang}-1280-more.png` });
        await page.keyboard.press("Escape");
      }
      await page.screenshot({ path: `${shots}/northbank-${lang}-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator(".menu-button").click();
      await expect(nav.locator("li[data-tab].nav-overflowed")).toHaveCount(0);
      await page.screenshot({ path: `${shots}/northbank-${lang}-390-menu.png` });
      await context.close();
    }
  });
});
