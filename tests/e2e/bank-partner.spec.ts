import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, openTab, registerUser, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

const NB = TENANTS.northbank;
const PASSWORD = "Northbank-e2e-password-1";

const api = tenantApi;

/** A new member of `tenant` (registered there, with a participant), signed in through the API. */
async function member(request: APIRequestContext, tenant: string, label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  await registerUser(request, tenant, email, PASSWORD);
  const token = await apiLogin(request, tenant, email, PASSWORD);
  const user = (await api(request, tenant, "GET", "/api/current-user", token)) as { userId: string };
  await api(request, tenant, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Nora", lastName: "Banks" });
  return { email, token };
}

/** Opens the tenant's pages signed in with `token` (and the first-login flag). */
async function signedIn(page: Page, token: string, firstLogin: boolean): Promise<void> {
  await page.addInitScript(
    ([t, f]) => {
      if (!localStorage.getItem("token") && !sessionStorage.getItem("e2e-signed-in")) {
        localStorage.setItem("token", t);
        localStorage.setItem("firstLogin", f);
        sessionStorage.setItem("e2e-signed-in", "1");
      }
    },
    [token, String(firstLogin)] as const,
  );
}

const tourDialog = (page: Page) => page.locator(".tour[role=dialog]");

test.describe("bank-partner community (northbank)", () => {
  test("its six sections show the content of its tenant files, in English and Russian; other communities have none", async ({ page, request }) => {
    const m = await member(request, NB, "nb-sections");
    await signedIn(page, m.token, false);
    await page.goto(tenantUrl(NB, "/my_communities"));
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await openTab(page, "Northbank");
    await expect(page).toHaveURL(tenantUrl(NB, "/northbank/services"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services for club members");
    const sections = page.getByRole("navigation", { name: "Northbank sections" });
    const expected: [string, string, string][] = [
      ["Education", "education", "Courses and workshops"],
      ["Contacts", "contacts", "Your contacts at the bank"],
      ["Events", "events", "Club events"],
      ["Earnings", "earnings", "Earn with the club"],
      ["Career", "career", "Careers at Northbank"],
      ["Services", "services", "Services for club members"],
    ];
    for (const [label, path, heading] of expected) {
      await sections.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(tenantUrl(NB, `/northbank/${path}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(sections.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    }
    await expect(page.getByRole("heading", { name: "Business account" })).toBeVisible();
    // The donation button sits in the bar, opening the community's page in a new tab.
    await expect(nav.getByRole("link", { name: /Donate to Northbank/ })).toHaveAttribute("href", "https://northbank.tuesday.community/donate");

    await nav.getByRole("combobox").selectOption("ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Услуги для участников клуба");
    await expect(page.getByRole("navigation", { name: "Разделы Northbank" }).getByRole("link", { name: "Заработок" })).toBeVisible();

    // A path that is not the partner's leads to my communities; founders has no partner sections.
    await page.goto(tenantUrl(NB, "/otherbank/services"));
    await expect(page).toHaveURL(tenantUrl(NB, "/my_communities"));
  });

  test("the tour: first login only, after 2 s, steps 1..4, complete opens the earnings section 0.5 s later, help restarts it, skip stays skipped", async ({ page, request }) => {
    const m = await member(request, NB, "nb-tour");
    await signedIn(page, m.token, true);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(tenantUrl(NB, "/my_communities"));
    await expect(page.locator("body[data-tour-timer=armed]")).toBeAttached();
    await page.clock.runFor(1999);
    await expect(tourDialog(page)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(tourDialog(page)).toBeVisible();
    await expect(tourDialog(page)).toContainText("Step 1 of 4");
    await expect(tourDialog(page).getByRole("heading")).toHaveText("Welcome to the club");
    await expect(tourDialog(page).getByRole("button", { name: "Back" })).toHaveCount(0);

    for (const step of [2, 3, 4]) {
      await tourDialog(page).getByRole("button", { name: "Next" }).click();
      await expect(tourDialog(page)).toContainText(`Step ${step} of 4`);
    }
    await expect(tourDialog(page).getByRole("button", { name: "Next" })).toHaveCount(0);
    await tourDialog(page).getByRole("button", { name: "Back" }).click();
    await expect(tourDialog(page)).toContainText("Step 3 of 4");
    await tourDialog(page).getByRole("button", { name: "Next" }).click();
    await tourDialog(page).getByRole("button", { name: "Finish" }).click();
    await expect(tourDialog(page)).toHaveCount(0);
    await page.clock.runFor(499);
    await expect(page).toHaveURL(tenantUrl(NB, "/my_communities"));
    await page.clock.runFor(1);
    await expect(page).toHaveURL(tenantUrl(NB, "/northbank/earnings"));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("onboardingTour") ?? "{}"))).toMatchObject({ completed: true, skipped: false, step: 4, firstLogin: true });

    // Completed: a new visit does not show it again.
    await page.reload();
    await expect(page.getByRole("button", { name: "Show the getting-started tour again" })).toBeVisible();
    await page.clock.runFor(5000);
    await expect(tourDialog(page)).toHaveCount(0);

    // The help button resets every flag and starts again at step 1; skip sets the skipped flag.
    await page.getByRole("button", { name: "Show the getting-started tour again" }).click();
    await expect(tourDialog(page)).toContainText("Step 1 of 4");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("onboardingTour") ?? "{}"))).toMatchObject({ completed: false, skipped: false });
    await tourDialog(page).getByRole("button", { name: "Skip" }).click();
    await expect(tourDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("onboardingTour") ?? "{}"))).toMatchObject({ skipped: true });
  });

  test("the tour waits for an open modal, checking every second for up to 10 s, and never shows without a first login", async ({ page, request }) => {
    const m = await member(request, NB, "nb-tour-modal");
    await signedIn(page, m.token, true);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(tenantUrl(NB, "/my_communities"));
    await expect(page.locator("body[data-tour-timer=armed]")).toBeAttached();
    const openModal = () =>
      page.evaluate(() => {
        const d = document.createElement("div");
        d.id = "e2e-modal";
        d.setAttribute("role", "dialog");
        d.setAttribute("aria-modal", "true");
        document.body.append(d);
      });
    const closeModal = () => page.evaluate(() => document.getElementById("e2e-modal")?.remove());

    // Open at 2 s: checked again at 3 s, 4 s …; it shows at the first check after the modal closed.
    await openModal();
    await page.clock.runFor(2000);
    await page.clock.runFor(3000);
    await expect(tourDialog(page)).toHaveCount(0);
    await closeModal();
    await page.clock.runFor(999);
    await expect(tourDialog(page)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(tourDialog(page)).toContainText("Step 1 of 4");

    // Reset, reload: a modal that stays open past 10 s of checks means no tour this time.
    await page.evaluate(() => localStorage.removeItem("onboardingTour"));
    await page.reload();
    await expect(page.locator("body[data-tour-timer=armed]")).toBeAttached();
    await openModal();
    await page.clock.runFor(2000 + 10_000);
    await expect(tourDialog(page)).toHaveCount(0);
    await closeModal();
    await page.clock.runFor(5000);
    await expect(tourDialog(page)).toHaveCount(0);

    // Not a first login: the tour does not start by itself.
    await page.evaluate(() => {
      localStorage.removeItem("onboardingTour");
      localStorage.setItem("firstLogin", "false");
    });
    await page.reload();
    await expect(page.getByRole("button", { name: "Show the getting-started tour again" })).toBeVisible();
    await page.clock.runFor(5000);
    await expect(tourDialog(page)).toHaveCount(0);
  });

  test("a section whose code does not arrive within 120000 ms gives the retry page, and retrying loads it", async ({ page, request }) => {
    const m = await member(request, NB, "nb-chunk");
    await signedIn(page, m.token, false);
    const stalled: string[] = [];
    await page.route(/\/assets\/partner-page-[^/]*\.js$/, (route) => {
      stalled.push(route.request().url());
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(tenantUrl(NB, "/my_communities"));
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await page.clock.runFor(100);
    await openTab(page, "Northbank");
    await expect.poll(() => stalled.length).toBeGreaterThan(0);
    await page.clock.runFor(119_000);
    await expect(page.getByTestId("chunk-retry")).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(page.getByRole("heading", { name: "The page did not load" })).toBeVisible();
    await page.unroute(/\/assets\/partner-page-[^/]*\.js$/);
    await page.clock.resume();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services for club members");
  });
});

test.describe("start-up rules (spec 4.1, 4.10)", () => {
  test("a member of founders who signs in on northbank is moved to founders with a one-time code; northbank's stored data is cleared", async ({ page, request }) => {
    const m = await member(request, TENANTS.founders, "cross");
    await page.goto(tenantUrl(NB, "/login"));
    await page.getByLabel("E-mail").fill(m.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    const transfer = page.waitForRequest((r) => r.url().endsWith("/api/auth/transfer") && r.method() === "POST");
    const exchange = page.waitForRequest((r) => r.url().includes(`founders.localhost:${E2E_PORT}/api/auth/transfer/exchange`));
    await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
    expect((await transfer).postDataJSON()).toEqual({ communityId: "founders" });
    await exchange;
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/my_communities"));
    // The transfer code is gone from the address bar; founders has a session of its own.
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/\S{20,}/);
    await page.goto(tenantUrl(NB, "/login"));
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a member of the community stays; the loading overlay fades out, then is removed 50 ms later", async ({ page, request }) => {
    const m = await member(request, NB, "stay");
    await signedIn(page, m.token, false);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(tenantUrl(NB, "/my_communities"));
    const overlay = page.locator("#boot-overlay");
    // The app has rendered: the overlay is fading out (opacity 0), and goes 50 ms later.
    await expect(overlay).toHaveAttribute("data-state", "hiding");
    await expect(overlay).toHaveCSS("opacity", "0");
    await page.clock.runFor(49);
    await expect(overlay).toBeAttached();
    await page.clock.runFor(1);
    await expect(overlay).toHaveCount(0);
    // The signed-in bar (a lazy widget whose data arrives on timers) shows once the clock moves on.
    await page.clock.runFor(1000);
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await expect(page).toHaveURL(tenantUrl(NB, "/my_communities"));
  });
});
