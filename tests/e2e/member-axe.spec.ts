/**
 * axe-core on the member app's screens that member-a.spec does not visit (issue 17: every screen,
 * no serious or critical violation): confirmations, magic link, invitation, retry page, event
 * screens, the admin area, a chat, the not-interested dialog, the onboarding steps after the
 * profile, the phone menu, northbank's welcome, sections and tour; and a Russian contact label.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { apiLogin, expectAccessible, ownCommunity, registerAdmin, registerUser, signInByCode, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

const F = TENANTS.founders;
const NB = TENANTS.northbank;

/** Letters only, so names and tags never collide with earlier runs or other tests. */
function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");
}

const api = tenantApi;

type Member = { token: string; firstName: string; participantId: string };

/** Completes `token`'s profile in `tenant` as the onboarding screens would (the participant is made first unless it exists). */
async function completeProfile(request: APIRequestContext, tenant: string, token: string, firstName: string, tags: string[], create = true): Promise<Member> {
  if (create) {
    const user = (await api(request, tenant, "GET", "/api/current-user", token)) as { userId: string };
    await api(request, tenant, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Axe" });
  }
  await api(request, tenant, "POST", "/api/participant/update-looking-for", token, {
    lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"],
    lookingForText: `people who build ${tags.join(" and ")}`,
    canHelpWithText: `advice on ${tags.join(" and ")}`,
  });
  await api(request, tenant, "POST", "/api/participant/update-profile", token, {
    firstName,
    lastName: "Axe",
    about: `I work on ${tags.join(", ")}.`,
    company: `${firstName} Labs`,
    position: "Founder",
    city: "London",
    shareLocation: true,
    tags,
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}` },
  });
  const me = (await api(request, tenant, "GET", "/api/participant/profile", token)) as { id: string };
  return { token, firstName, participantId: me.id };
}

async function signedInPage(browser: Browser, token: string, opts: { width?: number; firstLogin?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(opts.width ? { viewport: { width: opts.width, height: 800 } } : {});
  await context.addInitScript(
    ([t, first]) => {
      if (!localStorage.getItem("token") && !sessionStorage.getItem("e2e-signed-in")) {
        localStorage.setItem("token", t as string);
        localStorage.setItem("firstLogin", String(first));
        sessionStorage.setItem("e2e-signed-in", "1");
      }
    },
    [token, opts.firstLogin ?? false] as const,
  );
  return context.newPage();
}

/** Opens `path` of `tenant`, waits for its main landmark and the network, then runs axe. */
async function visit(page: Page, tenant: string, path: string, screen = path): Promise<void> {
  await page.goto(tenantUrl(tenant, path));
  await expect(page.locator("main").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page, screen);
}

function eventBody(title: string) {
  const date = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    description: "Talks and coffee",
    date,
    time: "18:30",
    endTime: "21:00",
    timeZone: "Europe/London",
    organizerContact: "events@example.com",
    location: { country: "United Kingdom", city: "London", address: "1 Main Street" },
    visibility: "PUBLIC",
  };
}

test.describe("accessibility: axe on the remaining member screens", () => {
  test("signed out: confirmation, magic link, invitation, the retry page, northbank's welcome", async ({ page }) => {
    test.setTimeout(60_000);
    await visit(page, F, "/confirmed?code=not-a-real-code", "/confirmed (a bad code)");
    await expect(page.getByRole("alert").or(page.getByRole("status")).first()).toBeVisible();
    await visit(page, F, "/auth-magic?url_auth_token=not-a-real-token", "/auth-magic (a bad link)");
    await visit(page, F, "/invite?email=friend%40example.com", "/invite");
    await visit(page, NB, "/", "welcome (northbank)");

    // A page whose code cannot be fetched gives the retry page.
    await page.route(/\/assets\/registration-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto(tenantUrl(F, "/registration"));
    await expect(page.getByTestId("chunk-retry")).toBeVisible();
    await expectAccessible(page, "the retry page");
    await page.unroute(/\/assets\/registration-page-[^/]*\.js$/);
  });

  test("an admin with a profile: admin area, subscriptions, invitation and the event screens", async ({ browser, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("axe-admin");
    const password = "Axe-admin-password-1";
    await registerAdmin(request, F, email, password);
    const token = await apiLogin(request, F, email, password);
    const me = (await api(request, F, "GET", "/api/current-user", token)) as { connectedParticipants: unknown[] };
    await completeProfile(request, F, token, uniqueWord("Adam"), [uniqueWord("tag")], me.connectedParticipants.length === 0);
    const created = (await api(request, F, "POST", "/api/event/create", token, eventBody(`Axe evening ${Date.now().toString(36)}`))) as { id: string };

    const page = await signedInPage(browser, token);
    for (const path of ["/admin", "/dashboard", "/score-match", "/settings", "/subscriptions", "/invite", "/event/create", `/event/${created.id}`, `/event/${created.id}/edit`, `/event/${created.id}/questions`]) {
      await visit(page, F, path);
      expect(new URL(page.url()).pathname, `${path} was not redirected`).toBe(path);
    }
    await page.context().close();
  });

  test("a member: a chat, the not-interested dialog, the onboarding steps after the profile, the phone menu", async ({ browser, request }) => {
    test.setTimeout(240_000);
    // A community of its own made from founders' files: a finds b among these members alone.
    const own = await ownCommunity(F, "axe");
    const rare = uniqueWord("axebees");
    const rarer = uniqueWord("axewasps");
    const a = await completeProfile(request, own, await signInByCode(request, uniqueEmail("axe-a"), own), uniqueWord("Ada"), [rare, rarer]);
    const b = await completeProfile(request, own, await signInByCode(request, uniqueEmail("axe-b"), own), uniqueWord("Bea"), [rare, rarer]);
    await completeProfile(request, own, await signInByCode(request, uniqueEmail("axe-c"), own), uniqueWord("Cid"), [rare, rarer]);

    // a and b: an accepted intro, so they have a chat.
    await api(request, own, "POST", "/api/matching/resume", a.token, {});
    const recs = (await api(request, own, "GET", "/api/matching/instant?page=0&size=20", a.token)) as { items: { matchingResultId: string; participant: { id: string } }[] };
    const rec = recs.items.find((x) => x.participant.id === b.participantId);
    expect(rec, "b among a's recommendations").toBeDefined();
    const sent = (await api(request, own, "POST", "/api/matching/send-intro", a.token, { from: a.participantId, matchingResultId: rec?.matchingResultId, introMessage: `Hello ${b.firstName}` })) as { request: { id: string } };
    await api(request, own, "POST", `/api/requests/${sent.request.id}/answer`, b.token, { answer: "ACCEPTED" });

    const page = await signedInPage(browser, a.token);
    // The one-to-one chat opens once the intro was accepted.
    await page.goto(tenantUrl(own, `/chats?with=${b.participantId}`));
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect(page.locator("main").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, "/chats/$id");

    // The not-interested dialog on a recommendation.
    await page.goto(tenantUrl(own, "/my_communities"));
    // b is connected now (no such button on its card): another recommendation's.
    const card = page.getByTestId("recommendation").filter({ has: page.getByRole("button", { name: "Not interested" }) }).first();
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole("button", { name: "Not interested" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the not-interested dialog");
    await page.context().close();

    // The onboarding steps after the profile, for a member who has only just joined.
    const fresh = await signInByCode(request, uniqueEmail("axe-fresh"), own);
    const user = (await api(request, own, "GET", "/api/current-user", fresh)) as { userId: string };
    await api(request, own, "POST", `/api/participant/create?userId=${user.userId}`, fresh, { firstName: uniqueWord("Fay"), lastName: "Axe" });
    const onboarding = await signedInPage(browser, fresh);
    for (const step of ["lookingFor", "contacts", "networks", "avatar", "about"]) {
      await visit(onboarding, own, `/onboarding?step=${step}`, `onboarding step ${step}`);
      await expect(onboarding.locator("form, main").first()).toBeVisible();
    }
    await onboarding.context().close();

    // The phone menu (below 768 px the links open in a menu).
    const phone = await signedInPage(browser, b.token, { width: 375 });
    await phone.goto(tenantUrl(own, "/my_communities"));
    await phone.getByRole("button", { name: "Menu", exact: false }).first().click();
    await expect(phone.locator("#main-nav.open")).toBeVisible();
    await expectAccessible(phone, "the phone menu");
    await phone.context().close();
  });

  test("northbank: the six bank-partner sections and the tour dialog", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("axe-nb");
    await registerUser(request, NB, email, "Northbank-axe-password-1");
    const token = await apiLogin(request, NB, email, "Northbank-axe-password-1");
    const user = (await api(request, NB, "GET", "/api/current-user", token)) as { userId: string };
    await api(request, NB, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Nora", lastName: "Axe" });

    const page = await signedInPage(browser, token);
    for (const section of ["services", "education", "contacts", "events", "earnings", "career"]) await visit(page, NB, `/northbank/${section}`);
    await page.context().close();

    // The tour shows 2 s after a first login.
    const first = await signedInPage(browser, token, { firstLogin: true });
    await first.goto(tenantUrl(NB, "/my_communities"));
    await expect(first.locator(".tour[role=dialog]")).toBeVisible({ timeout: 10_000 });
    await expectAccessible(first, "the tour dialog");
    await first.context().close();
  });

  test("Russian: the contact step labels the phone «Телефон»", async ({ browser, request }) => {
    test.setTimeout(60_000);
    const token = await signInByCode(request, uniqueEmail("axe-ru"), TENANTS.tochka);
    const user = (await api(request, TENANTS.tochka, "GET", "/api/current-user", token)) as { userId: string };
    await api(request, TENANTS.tochka, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Ирина", lastName: "Тест" });
    const page = await signedInPage(browser, token);
    await visit(page, TENANTS.tochka, "/onboarding?step=contacts", "onboarding step contacts (ru)");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByLabel("Телефон", { exact: false })).toBeVisible();
    await expect(page.getByText("Phone", { exact: true })).toHaveCount(0);
    await page.context().close();
  });
});
