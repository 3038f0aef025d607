import { expect, test } from "@playwright/test";
import { registerUser, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

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
