import { expect, test } from "@playwright/test";
import { TENANTS, tenantUrl } from "./support.ts";

test.describe("RU-default tenant (tochka: NONE + MAGIC + OAUTH2)", () => {
  test("renders Russian, shows only its methods, and switches to English for good", async ({ page }) => {
    await page.goto(tenantUrl(TENANTS.tochka, "/login"));
    await expect(page).toHaveTitle("Точка сборки");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("С возвращением");
    await expect(page.getByRole("button", { name: "Прислать код" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Прислать ссылку для входа" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Войти через Точка ID" })).toBeVisible();
    // No password sign-in here: no password field, no registration or recovery links.
    await expect(page.getByLabel("Пароль")).toHaveCount(0);
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Зарегистрироваться" })).toHaveCount(0);

    await page.getByLabel("Язык").selectOption("en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await expect(page.getByRole("button", { name: "Send me a code" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("local"))).toBe("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // The choice survives a reload and applies to the welcome page too.
    await page.goto(tenantUrl(TENANTS.tochka, "/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New business connections every Tuesday");
    await page.getByLabel("Language").selectOption("ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новые деловые знакомства каждый вторник");
  });

  test("a failed single sign-on shows an error on the login page", async ({ page }) => {
    await page.goto(tenantUrl(TENANTS.tochka, "/login?error=sso_failed"));
    await expect(page.getByRole("alert")).toContainText("Единый вход не сработал");
  });

  test("an English-only tenant offers no language switch (devguild)", async ({ page }) => {
    await page.goto(tenantUrl(TENANTS.devguild, "/login"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send me a code" })).toHaveCount(0);
  });
});
