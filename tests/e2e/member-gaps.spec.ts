import fs from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { api, participant, signedInContext, uniqueWord } from "./chat-support.ts";
import { GEO_LOOKUP_PORT } from "./playwright.config.ts";
import { apiLogin, CODE_MAIL, codeFrom, ownCommunity, registerAdmin, signInByCode, SIGNED_IN_URL, storedToken, tenantApi, TENANTS, tenantUrl, uniqueEmail, waitForMail } from "./support.ts";

/**
 * The member-side gaps of issue 27 (item 6): networking off changes the bar (spec 2.4), the members
 * directory's filters, Google and the agreement tick on registration and the short sign-up form
 * (spec 2.3, 5), and the city detected through GEO_LOOKUP_URL (a local server speaking the lookup's
 * protocol, tests/e2e/geo-lookup-server.ts).
 */
const f = TENANTS.founders;
const SETUP = { timeout: 20_000 };
const SHOTS = "/tmp/member-shots";

async function shots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await signedInContext(browser, token);
  return context.newPage();
}

/** Sets (or, with null, puts back) what the geolocation lookup answers the pages of `community` (their origin) alone. */
async function geoAnswer(request: APIRequestContext, community: string, answer: { status?: number; body?: string } | null): Promise<void> {
  const origin = new URL(tenantUrl(community)).origin;
  const res = await request.post(`http://127.0.0.1:${GEO_LOOKUP_PORT}/${answer ? "answer" : "reset"}`, { data: { ...answer, origin } });
  expect(res.status()).toBe(204);
}

async function currentUser(request: APIRequestContext, tenant: string, token: string) {
  return (await tenantApi(request, tenant, "GET", "/api/current-user", token)) as { policyAgreed: boolean; connectedParticipants: { communityId: string; networkingEnabled: boolean }[] };
}

test.describe("member-side gaps (issue 27, item 6)", () => {
  test("an admin turning a member's networking off leaves only the profile in their bar, live and on the next load", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const member = await participant(request, f, await signInByCode(request, uniqueEmail("net-off")), uniqueWord("Netoff"), ["cartography", "rowing"]);
    const adminEmail = uniqueEmail("net-admin");
    await registerAdmin(request, f, adminEmail, "Net-admin-e2e-password-1");
    const admin = await apiLogin(request, f, adminEmail, "Net-admin-e2e-password-1");

    const page = await signedInPage(browser, member.token);
    await page.goto(tenantUrl(f, "/contacts"));
    // founders labels its tabs itself ("My intros" for contacts): the links are found by address.
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const tab = (href: string) => nav.locator(`a[href="${href}"]`);
    await expect(tab("/contacts")).toBeVisible(SETUP);
    await expect(page.locator("body[data-realtime=connected]")).toBeAttached(SETUP);

    await tenantApi(request, f, "POST", "/api/admin/networking/toggle", admin, { participantId: member.participantId, shouldDisable: true });
    expect((await currentUser(request, f, member.token)).connectedParticipants[0]?.networkingEnabled).toBe(false);
    // Live: the open app reads its bar again and leaves the networking page for the profile.
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
    for (const href of ["/contacts", "/participants", "/events", "/chats", "/my_communities"]) await expect(tab(href)).toHaveCount(0);
    await expect(tab("/profile")).toBeVisible();
    await expect(page.getByRole("link", { name: "Notifications" })).toHaveCount(0);
    await shots(page, "networking-off");

    // Next load: a networking page opened by its address leads to the profile too.
    await page.goto(tenantUrl(f, "/my_communities"));
    await expect(page).toHaveURL(/\/profile$/, SETUP);
    await expect(tab("/contacts")).toHaveCount(0);
    // Turned on again while the page is open (its socket up after the reload): the tabs come back live.
    await expect(page.locator("body[data-realtime=connected]")).toBeAttached(SETUP);

    await tenantApi(request, f, "POST", "/api/admin/networking/toggle", admin, { participantId: member.participantId, shouldDisable: false });
    await expect(tab("/contacts")).toBeVisible({ timeout: 10_000 });
    await page.goto(tenantUrl(f, "/contacts"));
    await expect(page).toHaveURL(/\/contacts$/, SETUP);
    await page.context().close();
  });

  test("the members directory filters by tag, city and here-to, kept in the address, with an empty state (EN, RU)", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const tag = uniqueWord("tagx").toLowerCase();
    const city = uniqueWord("Cityx");
    const a = await participant(request, f, await signInByCode(request, uniqueEmail("dir-a")), uniqueWord("Dira"), [tag, "sailing"]);
    await api(request, f, "POST", "/api/participant/update-profile", a.token, { city, shareLocation: true });
    const b = await participant(request, f, await signInByCode(request, uniqueEmail("dir-b")), uniqueWord("Dirb"), [tag, "chess"]);
    await api(request, f, "POST", "/api/participant/update-profile", b.token, { city: "Lisbon", shareLocation: true });
    await api(request, f, "POST", "/api/participant/update-looking-for", b.token, { lookingFor: ["MEET_NEW_PEOPLE"] });
    const viewer = await participant(request, f, await signInByCode(request, uniqueEmail("dir-v")), uniqueWord("Dirv"), ["viewing"]);

    const page = await signedInPage(browser, viewer.token);
    await page.goto(tenantUrl(f, `/participants?tag=${tag}`));
    const cards = page.getByTestId("member-card");
    await expect(cards).toHaveCount(2, SETUP);
    await expect(page.getByRole("button", { name: tag })).toHaveAttribute("aria-pressed", "true");

    // The city: only a's card; the address keeps both filters, so a reload shows the same.
    await page.getByLabel("City").selectOption(city);
    await expect(page).toHaveURL(new RegExp(`city=${city}`));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(a.firstName);
    await page.reload();
    await expect(cards).toHaveCount(1, SETUP);
    await expect(page.getByLabel("City")).toHaveValue(city);
    await shots(page, "directory-filtered");

    // Here to: a never said "meet new people": nobody matches, and the empty state offers to clear.
    await page.getByLabel("Here to").selectOption("MEET_NEW_PEOPLE");
    await expect(page.getByTestId("participants-empty")).toContainText("No members match these filters");
    await shots(page, "directory-empty");
    await page.getByLabel("Язык").or(page.getByLabel("Language")).first().selectOption("ru");
    await expect(page.getByTestId("participants-empty")).toContainText("По этим фильтрам никого нет");
    await expect(page.getByLabel("Город")).toHaveValue(city);
    await page.getByTestId("participants-empty").getByRole("button", { name: "Сбросить фильтры" }).click();
    await expect(page).not.toHaveURL(/city=|lookingFor=|tag=/);
    // The screen shows the cleared filters (not only the address): what is picked next starts from none.
    await expect(page.getByTestId("directory-filters")).toBeVisible();
    await expect(page.getByLabel("Город")).toHaveValue("");
    await page.getByLabel("Язык").selectOption("en");
    await expect(page.getByLabel("Here to")).toHaveValue("");

    // Without the tag, here-to alone finds b.
    await page.getByLabel("Here to").selectOption("MEET_NEW_PEOPLE");
    await expect(page).toHaveURL(/lookingFor=MEET_NEW_PEOPLE/);
    await expect(cards.filter({ hasText: b.firstName })).toHaveCount(1);
    await expect(cards.filter({ hasText: a.firstName })).toHaveCount(0);
    await page.context().close();
  });

  test("two filters picked before the screen has caught up with the first both stay (each change starts from the address, not the screen)", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const city = uniqueWord("Cityq");
    const a = await participant(request, f, await signInByCode(request, uniqueEmail("dir-q")), uniqueWord("Dirq"), [uniqueWord("tagq").toLowerCase()]);
    await api(request, f, "POST", "/api/participant/update-profile", a.token, { city, shareLocation: true });
    await api(request, f, "POST", "/api/participant/update-looking-for", a.token, { lookingFor: ["MEET_NEW_PEOPLE"] });
    const viewer = await participant(request, f, await signInByCode(request, uniqueEmail("dir-qv")), uniqueWord("Dirqv"), ["viewing"]);
    const page = await signedInPage(browser, viewer.token);
    await page.goto(tenantUrl(f, "/participants"));
    await expect(page.getByLabel("City")).toBeVisible(SETUP);
    await expect(page.getByLabel("City").locator(`option[value="${city}"]`)).toHaveCount(1, SETUP);
    // Both selects change within one task: the second handler runs before the page has drawn the first.
    await page.evaluate((c) => {
      const pick = (label: string, value: string) => {
        const id = [...document.querySelectorAll("label")].find((l) => l.textContent === label)?.htmlFor ?? "";
        const select = document.getElementById(id) as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      };
      pick("City", c);
      pick("Here to", "MEET_NEW_PEOPLE");
    }, city);
    await expect(page).toHaveURL(/lookingFor=MEET_NEW_PEOPLE/);
    await expect(page).toHaveURL(new RegExp(`city=${city}`));
    await expect(page.getByLabel("City")).toHaveValue(city);
    await expect(page.getByLabel("Here to")).toHaveValue("MEET_NEW_PEOPLE");
    await expect(page.getByTestId("member-card").filter({ hasText: a.firstName })).toHaveCount(1);
    await page.context().close();
  });

  test("Google on registration (the tick first, then recorded) and on the short sign-up form (founders lists GOOGLE)", async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.goto(tenantUrl(f, "/registration"));
    const google = page.getByRole("button", { name: "Sign up with Google" });
    await expect(google).toBeVisible(SETUP);
    await shots(page, "registration-google");

    // Without the tick, the token that comes back is not used: the form asks for the agreement.
    const email = uniqueEmail("google-reg");
    let popup = page.waitForEvent("popup");
    await google.click();
    let stand = await popup;
    await stand.getByLabel("E-mail").fill(email);
    await stand.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("Please tick the box", SETUP);
    expect(await storedToken(page)).toBeNull();

    await page.getByRole("checkbox").check();
    popup = page.waitForEvent("popup");
    await google.click();
    stand = await popup;
    await stand.getByLabel("E-mail").fill(email);
    await stand.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(SIGNED_IN_URL, SETUP);
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    expect((await currentUser(request, f, token ?? "")).policyAgreed).toBe(true);

    // The welcome page's short form offers Google too; founders publishes no documents of its own: no tick there.
    const guest = await page.context().browser()?.newPage();
    if (!guest) throw new Error("no browser");
    await guest.goto(tenantUrl(f, "/"));
    const form = guest.locator("form.signup-form");
    await expect(form.getByRole("button", { name: "Sign up with Google" })).toBeVisible(SETUP);
    await expect(form.getByRole("checkbox")).toHaveCount(0);
    await guest.close();
  });

  test("the short sign-up form of a community with its own documents asks for the tick, and the sign-in records it (northbank)", async ({ page, request }) => {
    test.setTimeout(90_000);
    const nb = TENANTS.northbank;
    await page.goto(tenantUrl(nb, "/"));
    const form = page.locator("form.signup-form");
    await expect(form).toBeVisible(SETUP);
    const email = uniqueEmail("nb-short");
    await form.getByRole("textbox").fill(email);
    const submit = form.getByRole("button", { name: /Get started|Начать/ });
    await expect(submit).toBeDisabled();
    await shots(page, "short-form-agreement");
    await form.getByRole("checkbox").check();
    await expect(submit).toBeEnabled();
    const before = new Date(Date.now() - 1000).toISOString();
    await submit.click();
    await expect(page).toHaveURL(/\/one-time-code$/, SETUP);
    const code = codeFrom(await waitForMail(request, email, { after: before, match: CODE_MAIL }));
    const codeField = page.getByRole("textbox").last();
    await codeField.fill(code);
    await codeField.press("Enter");
    await expect(page).toHaveURL(SIGNED_IN_URL, SETUP);
    expect((await currentUser(request, nb, (await storedToken(page)) ?? "")).policyAgreed).toBe(true);
  });

  test("the profile step detects the city through GEO_LOOKUP_URL, and says so when it cannot", async ({ browser, request }) => {
    test.setTimeout(90_000);
    // A community of its own (founders' files): the lookup's answers below are for its pages alone,
    // so no other member's onboarding beside this test is told a city.
    const own = await ownCommunity(TENANTS.founders, "geo");
    const token = await signInByCode(request, uniqueEmail("geo"), own);
    const user = (await api(request, own, "GET", "/api/current-user", token)) as { userId: string };
    const firstName = uniqueWord("Geo");
    await api(request, own, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Locator" });
    await geoAnswer(request, own, { body: JSON.stringify({ country_code: "RS", city: "Novi Sad", latitude: 45.2671, longitude: 19.8335 }) });
    try {
      const page = await signedInPage(browser, token);
      await page.goto(tenantUrl(own, "/onboarding?step=profile"));
      const cityField = page.getByLabel("City", { exact: true });
      // Asked once on its own, as the member has no city yet.
      await expect(cityField).toHaveValue("Novi Sad", SETUP);
      await expect(page.getByText("Detected from your connection")).toBeVisible();
      await shots(page, "location-detected");

      // The lookup fails: the member is told to enter the city by hand, and what is there stays.
      await geoAnswer(request, own, { status: 503, body: "" });
      await cityField.fill("Subotica");
      await page.getByRole("button", { name: "Detect my city" }).click();
      await expect(page.getByTestId("location-failed")).toContainText("enter your city manually");
      await expect(cityField).toHaveValue("Subotica");
      await shots(page, "location-failed");

      // Asked again with an answer: the field is filled, and saving the step keeps the city and its point.
      await geoAnswer(request, own, { body: JSON.stringify({ countryCode: "RS", city: "Novi Sad", lat: 45.2671, lon: 19.8335 }) });
      await page.getByRole("button", { name: "Detect my city" }).click();
      await expect(cityField).toHaveValue("Novi Sad");
      await expect(page.getByTestId("location-failed")).toHaveCount(0);
      await page.getByRole("button", { name: /^(Next|Save)/ }).first().click();
      await expect(page).not.toHaveURL(/step=profile/, SETUP);
      const profile = (await api(request, own, "GET", "/api/participant/profile", token)) as { city: string | null; latitude: number | null; longitude: number | null };
      expect(profile).toMatchObject({ city: "Novi Sad", latitude: 45.2671, longitude: 19.8335 });
      await page.context().close();
    } finally {
      await geoAnswer(request, own, null);
    }
  });

  test("a long e-mail in the account card wraps before its @ and dots on a phone, not mid-word (EN, RU)", async ({ browser, request }) => {
    test.setTimeout(60_000);
    // Each part between the dots and the @ fits a phone's line; the whole address does not.
    const email = `alexandra.konstantinopolskaya.${Date.now().toString(36)}${process.pid.toString(36)}@correspondence.networking-community.example`;
    const token = await signInByCode(request, email);
    const page = await signedInPage(browser, token);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ["en", "ru"] as const) {
      await page.goto(tenantUrl(f, "/profile"));
      await page.evaluate((l) => localStorage.setItem("local", l), lang);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const shown = page.getByTestId("profile-email");
      await expect(shown).toHaveText(email, SETUP);
      // Where each line after the first starts (the character and the one before it), read from where each character is drawn.
      const lineStarts = await shown.evaluate((dd) => {
        const chars: { ch: string; top: number }[] = [];
        const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ ch: text.charAt(i), top: range.getBoundingClientRect().top });
          }
        }
        return chars.flatMap((c, i) => (i > 0 && c.top > (chars[i - 1] as { top: number }).top + 2 ? [`${(chars[i - 1] as { ch: string }).ch}${c.ch}`] : []));
      });
      expect(lineStarts.length, "the address is wider than a phone's card").toBeGreaterThan(0);
      // A line starts at the @ or a dot, or after a hyphen (the browser's own place to wrap).
      for (const start of lineStarts) expect(start, lineStarts.join(" ")).toMatch(/^(.[@.]|-.)$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await shots(page, "account-long-email");
    await page.context().close();
  });
});
