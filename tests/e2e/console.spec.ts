import { expect, test } from "@playwright/test";
import { registerAdmin, registerUser, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

test.describe("admin console at /console (founders)", () => {
  test("refuses a member and admits an admin", async ({ page, request }) => {
    const password = "Console-e2e-password-42";
    const member = uniqueEmail("member");
    const admin = uniqueEmail("admin");
    await registerUser(request, TENANTS.founders, member, password);
    await registerAdmin(request, TENANTS.founders, admin, password);

    await page.goto(tenantUrl(TENANTS.founders, "/console"));
    await expect(page).toHaveURL(/\/console\/#\/login$/);

    await page.getByLabel("E-mail").fill(member);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Spec 6: a user without moderation rights sees the permission message.
    await expect(page.getByText("You have no permission to access moderation features")).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByLabel("E-mail").fill(admin);
    await page.getByRole("textbox", { name: "Password" }).fill("wrong-password-123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid login or password")).toBeVisible();

    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("community-title")).toHaveText("Founders Circle");
    await expect(page.getByTestId("admin-identity")).toHaveText(admin);
  });

  test("a member signed in to the app is not let in, and stays signed in to the app", async ({ page, request }) => {
    const password = "Console-e2e-password-43";
    const member = uniqueEmail("member2");
    await registerUser(request, TENANTS.founders, member, password);
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await page.getByLabel("E-mail").fill(member);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/(questions|my_communities)$/);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).not.toBeNull();

    await page.goto(tenantUrl(TENANTS.founders, "/console/"));
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
  });
});
