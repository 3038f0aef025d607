import { expect, test } from "@playwright/test";
import { codeFrom, linkFrom, registerAdmin, TENANTS, tenantUrl, uniqueEmail, waitForMail, mailWithLink, CODE_MAIL } from "./support.ts";

test.describe("console sign-in with the community's own methods", () => {
  test("tochka (code, link, SSO; no password): its admin signs in by an e-mailed code, in Russian and tochka's branding", async ({ page, request }) => {
    const admin = uniqueEmail("tochka-admin");
    await registerAdmin(request, TENANTS.tochka, admin, "Tochka-console-pw-42");

    await page.goto(tenantUrl(TENANTS.tochka, "/console/"));
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId("login-brand")).toHaveText(/Точка|Tochka/);
    // tochka allows no password: no password field; its SSO button is offered.
    await expect(page.getByLabel("Пароль")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Войти через Точка ID" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Прислать ссылку для входа" })).toBeVisible();

    const before = new Date(Date.now() - 1000).toISOString();
    await page.getByLabel("Электронная почта").fill(admin);
    await page.getByRole("button", { name: "Прислать код для входа" }).click();
    await expect(page.getByText(`Мы отправили код на ${admin}.`)).toBeVisible();
    const code = codeFrom(await waitForMail(request, admin, { after: before, match: CODE_MAIL }));
    await page.getByLabel("Код из письма").fill(code);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByTestId("admin-identity")).toHaveText(admin);
  });

  test("founders keeps its password form next to the code", async ({ page, request }) => {
    const admin = uniqueEmail("founders-admin");
    const password = "Founders-console-pw-42";
    await registerAdmin(request, TENANTS.founders, admin, password);
    await page.goto(tenantUrl(TENANTS.founders, "/console/"));
    await expect(page.getByRole("button", { name: "Send me a sign-in code" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
    await page.getByLabel("E-mail").fill(admin);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("admin-identity")).toHaveText(admin);
  });

  test("devguild (password, link): a one-time link asked for in the console opens the console signed in", async ({ page, request }) => {
    const admin = uniqueEmail("devguild-admin");
    await registerAdmin(request, TENANTS.devguild, admin, "Devguild-console-pw-42");
    await page.goto(tenantUrl(TENANTS.devguild, "/console/"));
    const before = new Date(Date.now() - 1000).toISOString();
    await page.getByLabel("E-mail").fill(admin);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByText(`We sent a sign-in link to ${admin}.`)).toBeVisible();
    const link = linkFrom(await waitForMail(request, admin, { after: before, match: mailWithLink("/auth-magic") }), "/auth-magic");
    await page.goto(link);
    await expect(page).toHaveURL(/\/console\//);
    await expect(page.getByTestId("admin-identity")).toHaveText(admin);
  });
});
