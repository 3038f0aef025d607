import { expect, test } from "@playwright/test";
import { api, participant, uniqueWord } from "./chat-support.ts";
import { apiLogin, registerUser, SIGNED_IN_URL, storedToken, TENANTS, tenantUrl, transferUrl, uniqueEmail } from "./support.ts";

test.describe("start-up session handling (spec 4.1)", () => {
  test("a ?token= transfer code becomes a session and leaves the address bar", async ({ page, request }) => {
    const email = uniqueEmail("transfer");
    const password = "Transfer-e2e-password-1";
    await registerUser(request, TENANTS.founders, email, password);
    const apiToken = await apiLogin(request, TENANTS.founders, email, password);
    const url = await transferUrl(request, TENANTS.founders, apiToken, TENANTS.founders);
    expect(url).toContain("token=");

    await page.goto(url);
    await expect(page).toHaveURL(SIGNED_IN_URL);
    expect(page.url()).not.toContain("token=");
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    expect(token).not.toBe(apiToken);

    // A code works once: opening the same URL again in a fresh browser leaves the visitor signed out.
    const other = await page.context().browser()?.newContext();
    if (!other) throw new Error("no browser");
    const again = await other.newPage();
    await again.goto(url);
    await expect(again).toHaveURL(tenantUrl(TENANTS.founders, "/"));
    expect(await storedToken(again)).toBeNull();
    await other.close();
  });

  test("a stored token the server no longer accepts is cleared and the member goes to login", async ({ page }) => {
    // Plant the token from a same-origin page that is not the app, so no live app sees it first.
    await page.goto(tenantUrl(TENANTS.founders, "/healthz"));
    await page.evaluate(() => localStorage.setItem("token", "aaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb"));
    await page.goto(tenantUrl(TENANTS.founders, "/my_communities"));
    await expect(page).toHaveURL(/\/login\?error=session_ended$/);
    expect(await storedToken(page)).toBeNull();
    await expect(page.getByRole("alert")).toContainText("this session has ended");
  });

  test("a session ended on another device: the open tab stops at the first refusal and says why", async ({ page, request }) => {
    const f = TENANTS.founders;
    const email = uniqueEmail("ended");
    const password = "Ended-e2e-password-1";
    await registerUser(request, f, email, password);
    const tabToken = await apiLogin(request, f, email, password);
    await participant(request, f, tabToken, uniqueWord("Ended"), [uniqueWord("t"), uniqueWord("u")]);
    await page.goto(tenantUrl(f, "/healthz"));
    await page.evaluate((t) => localStorage.setItem("token", t), tabToken);
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await page.goto(tenantUrl(f, "/my_communities"));
    await expect(page.locator("body")).toHaveAttribute("data-realtime", "connected");

    // On another device the password changes: every other session of the account ends.
    const elsewhere = await apiLogin(request, f, email, password);
    await api(request, f, "POST", "/api/auth/change-password", elsewhere, { currentPassword: password, newPassword: `${password}-changed` });

    await expect(page).toHaveURL(/\/login\?error=session_ended$/);
    await expect(page.getByRole("alert")).toContainText("this session has ended");
    expect(await storedToken(page)).toBeNull();
    // The socket was not retried with the revoked token: the first connection and at most the one refused attempt.
    expect(sockets.length).toBeLessThanOrEqual(2);
  });
});

test.describe("the Offline toast (spec 4.9, decision 0210)", () => {
  test("a browser that calls itself offline while the app's server answers shows none; it shows once the server cannot be reached and goes when it answers again", async ({ page }) => {
    // The browser says it has no network (as one without a network link does), but this page's
    // server still answers: the app works on, so nothing says it is offline.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "onLine", { get: () => false, configurable: true }));
    const probes: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/constants/contacts/types")) probes.push(r.url());
    });
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => probes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const offlineToast = page.getByTestId("toast").filter({ hasText: "The app is offline" });
    await expect(offlineToast).toHaveCount(0);

    // Now the server cannot be reached: the toast shows within a few seconds, once.
    await page.route("**/api/constants/contacts/types", (route) => route.abort("internetdisconnected"));
    await expect(offlineToast).toHaveCount(1, { timeout: 10_000 });
    // Closed by the member, it is not shown again while the server stays unreachable.
    await offlineToast.getByRole("button", { name: "Close" }).click();
    await expect(offlineToast).toHaveCount(0);
    const seen = probes.length;
    await expect.poll(() => probes.length, { timeout: 10_000 }).toBeGreaterThan(seen + 1);
    await expect(offlineToast).toHaveCount(0);

    // Reachable again (a second outage shows it again, and its end takes it away).
    await page.unroute("**/api/constants/contacts/types");
    await expect.poll(() => probes.length, { timeout: 10_000 }).toBeGreaterThan(seen + 3);
    await page.route("**/api/constants/contacts/types", (route) => route.abort("internetdisconnected"));
    await expect(offlineToast).toHaveCount(1, { timeout: 10_000 });
    await page.unroute("**/api/constants/contacts/types");
    await expect(offlineToast).toHaveCount(0, { timeout: 10_000 });
  });
});
