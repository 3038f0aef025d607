import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { SIGNED_IN_URL, storedToken, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

test.describe("e-mail + password (founders)", () => {
  test("register (policy box gates the button), log out, wrong password, log in again", async ({ page }) => {
    const email = uniqueEmail("reg");
    const password = "Tuesday-e2e-password-42";

    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/registration$/);
    // The URL changes before the page does: /login's own E-mail and Password fields may still be
    // on screen, and a fill would go into them.
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByLabel("Repeat the password").fill(password);
    const submit = page.getByRole("button", { name: "Create account" });
    await expect(submit).toBeDisabled();
    await page.getByRole("checkbox").check();
    await expect(submit).toBeEnabled();

    // Mismatched passwords are caught in the page.
    await page.getByLabel("Repeat the password").fill(`${password}-typo`);
    await submit.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel("Repeat the password").fill(password);
    await submit.click();

    // Registration signs in at once.
    await expect(page).toHaveURL(SIGNED_IN_URL);
    expect(await storedToken(page)).not.toBeNull();

    await page.goto(tenantUrl(TENANTS.founders, "/profile"));
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();

    // The same address cannot register twice.
    await page.goto(tenantUrl(TENANTS.founders, "/registration"));
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByLabel("Repeat the password").fill(password);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toContainText("This e-mail is already registered");

    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password-123");
    await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Invalid login or password");
    expect(await storedToken(page)).toBeNull();

    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(SIGNED_IN_URL);
    expect(await storedToken(page)).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("firstLogin"))).toBe("false");
  });
});

test.describe("the login card keeps still (founders: password and Google)", () => {
  test("while the Google button's code loads, the links below it stay where the pointer is going", async ({ page }) => {
    // The button's chunk held back until the link's place has been read.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/google-button-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    const link = page.getByRole("link", { name: "Create an account" });
    await expect(link).toBeVisible();
    const before = await link.boundingBox();
    release();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
    expect(await link.boundingBox()).toEqual(before);
    await link.click();
    await expect(page).toHaveURL(/\/registration$/);
  });
});

test.describe("the platform's agreement (spec 1: /docs/agreement_ru.html and agreement_nw.html)", () => {
  test("is served on every community's domain, and linked where a community lists no documents of its own", async ({ page, request }) => {
    for (const [file, lang, heading] of [
      ["agreement_ru.html", "ru", "Пользовательское соглашение"],
      ["agreement_nw.html", "en", "Terms of use"],
    ] as const) {
      const res = await request.get(`http://127.0.0.1:${E2E_PORT}/docs/${file}`, { headers: { Host: `${TENANTS.devguild}.localhost:${E2E_PORT}` } });
      expect(res.status(), file).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/html");
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(heading);
    }
    // devguild lists no terms or privacy links: the welcome page's footer points at the platform's agreement.
    await page.goto(tenantUrl(TENANTS.devguild, "/"));
    const privacy = page.locator(".site-footer").getByRole("link", { name: "Privacy policy" });
    await expect(privacy).toHaveAttribute("href", "/docs/agreement_nw.html");
  });
});
