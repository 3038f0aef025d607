
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { codeFrom, registerAdmin, TENANTS, tenantUrl, uniqueEmail, waitForMail, operatorCli, CODE_MAIL } from "./support.ts";

/**
 * tochka (Russian, moderated, sign-in by e-mailed code, link or SSO; no password): its demo admin
 * confirms a pending member from the console; a moderator whose right was withdrawn sees the
 * spec's permission message (spec 6 and 8: no permission to access moderation features).
 */

/** The demo admin the demo seed creates for tochka (platform/src/dev/seed/demo.ts: demoAdminEmail, DEMO_ADMIN_PASSWORD). */
const DEMO_ADMIN = "admin@tochka.demo.tuesday.community";
const DEMO_ADMIN_PASSWORD = "Tuesday-demo-admin-2718";

const root = path.resolve(import.meta.dirname, "../..");
const _dataDir = process.env.E2E_DATA_DIR ?? path.join(root, `.tmp/e2e-data-${E2E_PORT}`);

const host = { Host: `${TENANTS.tochka}.localhost:${E2E_PORT}` };
const url = (p: string) => `http://127.0.0.1:${E2E_PORT}${p}`;

/** Signs in to tochka by an e-mailed code through the API (and so signs up); the session token. */
async function apiCodeSignIn(request: APIRequestContext, email: string): Promise<string> {
  const before = new Date(Date.now() - 1000).toISOString();
  const sent = await request.post(url("/api/auth/login"), { headers: host, data: { authType: "NONE", email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = codeFrom(await waitForMail(request, email, { after: before, match: CODE_MAIL }));
  const res = await request.post(url("/api/auth/login"), { headers: host, data: { authType: "NONE", email, password: code } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A new member of tochka, pending because tochka moderates its members. */
async function pendingMember(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail("tochka-member");
  const token = await apiCodeSignIn(request, email);
  const auth = { ...host, Authorization: `Bearer ${token}` };
  const user = (await (await request.get(url("/api/current-user"), { headers: auth })).json()) as { userId: string };
  const joined = await request.post(url(`/api/participant/create?userId=${user.userId}`), { headers: auth, data: { firstName, lastName: "Тестова" } });
  expect(joined.ok(), await joined.text()).toBe(true);
  const profile = (await (await request.get(url("/api/participant/profile"), { headers: auth })).json()) as { id: string; moderationStatus: string };
  expect(profile.moderationStatus).toBe("pending");
  return { email, token, id: profile.id, auth };
}

/** The console's sign-in by e-mailed code, in Russian. */
async function consoleCodeSignIn(page: Page, request: APIRequestContext, email: string) {
  await page.goto(tenantUrl(TENANTS.tochka, "/console/"));
  const before = new Date(Date.now() - 1000).toISOString();
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByRole("button", { name: "Прислать код для входа" }).click();
  await expect(page.getByText(`Мы отправили код на ${email}.`)).toBeVisible();
  await page.getByLabel("Код из письма").fill(codeFrom(await waitForMail(request, email, { after: before, match: CODE_MAIL })));
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByTestId("admin-identity")).toHaveText(email);
}

/** The member's own profile page in the member app, signed in with `token`. */
async function memberPage(browser: Browser, token: string) {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem("token", t), token);
  const page = await context.newPage();
  await page.goto(tenantUrl(TENANTS.tochka, "/profile"));
  return { page, context };
}

test.describe("tochka's console", () => {
  test("the demo admin signs in by an e-mailed code and confirms a pending member, who then sees no pending banner", async ({ page, request, browser }) => {
    // Two e-mailed codes and two browsers: 17 s on one worker, 28 s with two on a loaded machine.
    test.setTimeout(60_000);
    // The seed's demo admin (the e2e server does not seed: made here with the same address and password; idempotent).
    await registerAdmin(request, TENANTS.tochka, DEMO_ADMIN, DEMO_ADMIN_PASSWORD);
    const suffix = Date.now().toString(36);
    const member = await pendingMember(request, `Пелагея${suffix}`);

    const before = await memberPage(browser, member.token);
    await expect(before.page.getByTestId("moderation-pending")).toBeVisible();

    await consoleCodeSignIn(page, request, DEMO_ADMIN);
    await page.getByRole("menuitem", { name: "Участники" }).click();
    await page.getByPlaceholder("Поиск").fill(suffix);
    await expect(page.getByTestId(`status-${member.id}`)).toHaveText("На проверке");
    await page.getByTestId(`confirm-${member.id}`).click();
    await expect(page.getByTestId(`status-${member.id}`)).toHaveText("Подтверждён");

    await before.page.reload();
    await expect(before.page.getByTestId("moderation-confirmed").or(before.page.getByRole("heading", { level: 1 })).first()).toBeVisible();
    await expect(before.page.getByTestId("moderation-pending")).toHaveCount(0);
    await before.context.close();
  });

  test("a moderator whose moderation right was withdrawn sees the permission message and changes nothing", async ({ page, request }) => {
    // Two operator CLI processes (each starts node and tsx: 5-10 s on a loaded machine) and a code sign-in.
    test.setTimeout(60_000);
    const moderator = uniqueEmail("tochka-mod");
    await operatorCli("admin", "create", "--community", TENANTS.tochka, "--email", moderator, "--no-password", "--role", "moderator");
    const suffix = Date.now().toString(36);
    const member = await pendingMember(request, `Роберт${suffix}`);

    await consoleCodeSignIn(page, request, moderator);
    await page.getByRole("menuitem", { name: "Участники" }).click();
    await page.getByPlaceholder("Поиск").fill(suffix);
    await expect(page.getByTestId(`status-${member.id}`)).toHaveText("На проверке");

    // The operator withdraws the right while the console is open; the next decision is refused.
    await operatorCli("admin", "revoke", "--community", TENANTS.tochka, "--email", moderator);
    // Another spec's member in tochka can make the open list refetch first: without the right the
    // pending member is then not listed at all (seen with two workers). Either way nothing is decided.
    const clicked = await page
      .getByTestId(`confirm-${member.id}`)
      .click({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (clicked) await expect(page.getByText("У вас нет прав на доступ к функциям модерации", { exact: true })).toBeVisible();
    else await expect(page.getByTestId(`status-${member.id}`)).toHaveCount(0);
    const profile = (await (await request.get(url("/api/participant/profile"), { headers: member.auth })).json()) as { moderationStatus: string };
    expect(profile.moderationStatus).toBe("pending");

    // Opening the console again: the same message, and no way in.
    await page.reload();
    await expect(page.getByText(/^У вас нет прав на доступ к функциям модерации: /)).toBeVisible();
    await expect(page).toHaveURL(/#\/login$/);
  });
});
