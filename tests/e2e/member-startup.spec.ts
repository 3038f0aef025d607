
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, operatorCli, registerUser, runNode, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const _dataDir = process.env.E2E_DATA_DIR ?? path.join(root, `.tmp/e2e-data-${E2E_PORT}`);
const PASSWORD = "Startup-e2e-password-1";
const NB = TENANTS.northbank;

/** No verb disables an account yet: the one statement the spec's rule needs. */
function disableAccount(email: string): void {
  expect(runNode(["tests/e2e/db-exec.ts", "update users set enabled = false where email = $1", email]).trim()).toBe("1");
}

const api = tenantApi;

type CurrentUser = { userId: string; role: string; enabled: boolean; connectedParticipants: { communityId: string; profileCompleted: boolean }[] };

/** A founders member with a completed profile, signed in through the API. */
async function completedMember(request: APIRequestContext, label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  await registerUser(request, TENANTS.founders, email, PASSWORD);
  const token = await apiLogin(request, TENANTS.founders, email, PASSWORD);
  const user = (await api(request, TENANTS.founders, "GET", "/api/current-user", token)) as CurrentUser;
  await api(request, TENANTS.founders, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Stella", lastName: "Startup" });
  await api(request, TENANTS.founders, "POST", "/api/participant/update-looking-for", token, {
    lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"],
    lookingForText: "people who build start-up tooling",
    canHelpWithText: "advice on first hires",
  });
  await api(request, TENANTS.founders, "POST", "/api/participant/update-profile", token, {
    about: "I build start-up tooling.",
    company: "Startup Labs",
    position: "Founder",
    city: "London",
    shareLocation: true,
    tags: ["Fintech"],
    contacts: { LINKEDIN: "https://www.linkedin.com/in/stella-startup" },
  });
  return { email, token };
}

/** The current user as the server sees it now (the session cache may hold the old account a few seconds). */
async function expectUser(request: APIRequestContext, tenant: string, token: string, expected: Partial<CurrentUser>): Promise<void> {
  await expect
    .poll(async () => {
      const u = (await api(request, tenant, "GET", "/api/current-user", token)) as CurrentUser;
      return Object.fromEntries(Object.keys(expected).map((k) => [k, u[k as keyof CurrentUser]]));
    }, { timeout: 15_000 })
    .toEqual(expected);
}

async function openSignedIn(page: Page, tenant: string, token: string, p: string): Promise<string[]> {
  await page.addInitScript((t) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", t);
  }, token);
  const transfers: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/transfer")) transfers.push(r.url());
  });
  await page.goto(tenantUrl(tenant, p));
  return transfers;
}

test.describe("start-up rules of spec 4.1: disabled users and admins", () => {
  // Each test runs node scripts on the database (db-exec.ts, the CLI): 5-10 s each on a loaded machine.
  test.describe.configure({ timeout: 60_000 });
  test("a disabled member is sent to /profile from any signed-in screen, and stays on /profile", async ({ page, request }) => {
    const m = await completedMember(request, "disabled");
    disableAccount(m.email);
    await expectUser(request, TENANTS.founders, m.token, { enabled: false, role: "ROLE_USER" });
    await openSignedIn(page, TENANTS.founders, m.token, "/my_communities");
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/profile"));
    await expect(page.getByTestId("profile-email")).toHaveText(m.email);
    for (const p of ["/participants", "/contacts", "/questions"]) {
      await page.goto(tenantUrl(TENANTS.founders, p));
      await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/profile"));
    }
  });

  test("an admin stops the redirects: an admin member of founders signing in on northbank is not moved; a disabled admin keeps their screens", async ({ browser, request }) => {
    const m = await completedMember(request, "admin-stays");
    // An operator (an admin everywhere) who is a member of founders only.
    await operatorCli("admin", "create", "--community", TENANTS.founders, "--email", m.email, "--no-password", "--operator");
    await expectUser(request, TENANTS.founders, m.token, { enabled: true, role: "ROLE_ADMIN" });
    const user = (await api(request, TENANTS.founders, "GET", "/api/current-user", m.token)) as CurrentUser;
    expect(user.connectedParticipants).toEqual([expect.objectContaining({ communityId: TENANTS.founders, profileCompleted: true })]);

    // On northbank a member of founders is moved to founders (bank-partner.spec); the admin stays on
    // northbank: no transfer is asked for.
    const nbToken = await apiLogin(request, NB, m.email, PASSWORD);
    const nb = await browser.newPage();
    const transfers = await openSignedIn(nb, NB, nbToken, "/my_communities");
    await expect(nb.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    // The start-up's requests are over (a transfer would be one of them).
    await nb.waitForLoadState("networkidle");
    expect(new URL(nb.url()).host).toBe(`${NB}.localhost:${E2E_PORT}`);
    expect(transfers).toEqual([]);
    await nb.close();

    // Disabled, but an admin: the screens stay, no detour to /profile.
    disableAccount(m.email);
    await expectUser(request, TENANTS.founders, m.token, { enabled: false, role: "ROLE_ADMIN" });
    const page = await browser.newPage();
    await openSignedIn(page, TENANTS.founders, m.token, "/my_communities");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/my_communities"));
    await page.goto(tenantUrl(TENANTS.founders, "/participants"));
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/participants"));
    await page.close();
  });
});
