import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, registerAdmin, registerUser, TENANTS, tenantUrl, uniqueEmail, waitForMail } from "./support.ts";

const fsRead = (path: string) => readFile(path, "utf8");

/** Another community where members sign in with e-mail and password. */
const OTHER = TENANTS.devguild;

async function api(request: APIRequestContext, tenant: string, method: "GET" | "POST", path: string, token: string | null, data?: unknown) {
  const res = await request.fetch(`http://127.0.0.1:${E2E_PORT}${path}`, {
    method,
    headers: { Host: `${tenant}.localhost:${E2E_PORT}`, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A participant of `tenant` made through the API; returns its e-mail, password and token. */
async function apiMember(request: APIRequestContext, tenant: string, firstName: string) {
  const email = uniqueEmail("event-member");
  const password = "Event-e2e-password-1";
  await registerUser(request, tenant, email, password);
  const token = await apiLogin(request, tenant, email, password);
  const user = (await api(request, tenant, "GET", "/api/current-user", token)).body as { userId: string };
  expect((await api(request, tenant, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Guest" })).status).toBeLessThan(300);
  return { email, password, token };
}

function eventBody(title: string, visibility: "PUBLIC" | "PRIVATE") {
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    description: "Talks and coffee",
    date,
    time: "18:30",
    endTime: "21:00",
    timeZone: "Europe/Berlin",
    organizerContact: "events@example.com",
    location: { country: "Germany", city: "Berlin", address: "Unter den Linden 1" },
    visibility,
  };
}

/** A founders admin made through the API and an event they created; its id and the admin's token. */
async function adminEvent(request: APIRequestContext, label: string, title: string, visibility: "PUBLIC" | "PRIVATE") {
  const adminEmail = uniqueEmail(label);
  await registerAdmin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
  const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
  const created = await api(request, TENANTS.founders, "POST", "/api/event/create", adminToken, eventBody(title, visibility));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { adminToken, id: created.body?.id as string };
}

test.describe("events (founders)", () => {
  test("organizer scenario: a paid, approval-required event with onboarding; join, onboarding, payment and approval, going, calendar, CSV", async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    const password = "Event-admin-password-1";
    const adminEmail = uniqueEmail("event-organizer");
    await registerAdmin(request, TENANTS.founders, adminEmail, password);
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, password);
    const organizer = (await api(request, TENANTS.founders, "GET", "/api/current-user", adminToken)).body as { userId: string };
    await api(request, TENANTS.founders, "POST", `/api/participant/create?userId=${organizer.userId}`, adminToken, { firstName: "Olga", lastName: "Organizer" });
    const suffix = Date.now().toString(36);
    const title = `Founders dinner ${suffix}`;
    const slug = `dinner-${suffix}`;

    // The organizer creates the event in the member app's form.
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), adminToken);
    await page.goto(tenantUrl(TENANTS.founders, "/event/create"));
    const form = page.getByTestId("event-form");
    await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await form.getByRole("textbox", { name: "Description", exact: true }).fill("Dinner and short talks.\nProgramme: https://example.org/dinner-programme");
    await form.getByRole("textbox", { name: "Title (RU)", exact: true }).fill(`Ужин основателей ${suffix}`);
    await form.getByRole("textbox", { name: "Address (slug)", exact: true }).fill(slug);
    await form.getByRole("textbox", { name: "Date", exact: true }).fill(new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10));
    await form.getByRole("textbox", { name: "Start time", exact: true }).fill("19:00");
    await form.getByRole("textbox", { name: "Time zone", exact: true }).fill("Europe/Berlin");
    await form.getByRole("textbox", { name: "Country", exact: true }).fill("Germany");
    await form.getByRole("textbox", { name: "City", exact: true }).fill("Berlin");
    await form.getByLabel("Paid event").check();
    await form.getByRole("textbox", { name: "Price", exact: true }).fill("25");
    await form.getByRole("textbox", { name: "Payment link", exact: true }).fill(tenantUrl(TENANTS.founders, "/pay"));
    await form.getByLabel("Ask participants onboarding questions").check();
    await form.getByLabel("Participants need the organizer's approval").check();
    await form.getByRole("textbox", { name: "Organizer contact", exact: true }).fill("dinner@example.com");
    // Region, postal code and map link: "postal code and city" visibility needs the postal code.
    await form.getByLabel("Who sees the place").selectOption("POSTAL_CITY");
    await form.getByRole("textbox", { name: "Map link", exact: true }).fill("maps please");
    await form.getByRole("button", { name: "Create event" }).click();
    await expect(form.getByText("The place is shown as postal code and city: enter the postal code")).toBeVisible();
    await expect(form.getByText("Enter a valid link (http or https)")).toBeVisible();
    await form.getByRole("textbox", { name: "Postal code", exact: true }).fill("10117; x");
    await expect(form.getByText("Enter a valid postal code (letters, digits, spaces and hyphens)")).toBeVisible();
    await form.getByRole("textbox", { name: "Postal code", exact: true }).fill("10117");
    await form.getByRole("textbox", { name: "Region", exact: true }).fill("Brandenburg");
    await form.getByRole("textbox", { name: "Map link", exact: true }).fill("https://maps.example.com/?q=dinner");
    await form.getByRole("button", { name: "Create event" }).click();
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, `/event/${slug}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // The description's address is a link that opens in a new tab.
    const programme = page.getByRole("link", { name: "https://example.org/dinner-programme" });
    await expect(programme).toHaveAttribute("href", "https://example.org/dinner-programme");
    await expect(programme).toHaveAttribute("target", "_blank");
    // The price in founders' currency (tenant.json "currency": "EUR").
    await expect(page.getByText("Price: €25", { exact: true })).toBeVisible();

    // Two onboarding questions in the question manager: one choice (required), one text.
    await page.getByRole("link", { name: "Questions", exact: true }).click();
    await page.getByRole("button", { name: "Add question" }).click();
    let editor = page.getByTestId("question-editor");
    await editor.getByRole("textbox", { name: "Question", exact: true }).fill("What brings you?");
    await editor.getByLabel("Type").selectOption("RADIO");
    await editor.getByLabel("Required").check();
    await editor.getByRole("button", { name: "Add option" }).click();
    await editor.getByRole("textbox", { name: "Option 1", exact: true }).fill("Hiring");
    await editor.getByRole("button", { name: "Add option" }).click();
    await editor.getByRole("textbox", { name: "Option 2", exact: true }).fill("Fundraising");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("event-question")).toHaveCount(1);
    await page.getByRole("button", { name: "Add question" }).click();
    editor = page.getByTestId("question-editor");
    await editor.getByRole("textbox", { name: "Question", exact: true }).fill("Any dietary needs?");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("event-question")).toHaveCount(2);

    // A member opens it signed out, logs in, comes back, asks to join and does the onboarding.
    const m = await apiMember(request, TENANTS.founders, `Gwen${suffix}`);
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    memberContext.on("page", (popup) => void popup.close());
    await member.goto(tenantUrl(TENANTS.founders, `/event/${slug}`));
    // Postal code and city only, for everyone but the organizers.
    await expect(member.getByTestId("event-page")).toContainText("10117, Berlin");
    await expect(member.getByTestId("event-page")).not.toContainText("Brandenburg");
    await member.getByRole("button", { name: "Log in to pay and join" }).click();
    await expect(member).toHaveURL(/\/login$/);
    await member.getByLabel("E-mail").fill(m.email);
    await member.getByRole("textbox", { name: "Password", exact: true }).fill(m.password);
    await member.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(member).toHaveURL(tenantUrl(TENANTS.founders, `/event/${slug}`));
    await member.getByRole("button", { name: "Pay to join" }).click();
    await expect(member.getByTestId("event-status")).toHaveText("Waiting for the payment");
    await member.getByRole("button", { name: "Start onboarding" }).click();
    const onboarding = member.getByTestId("event-onboarding");
    await expect(onboarding.getByTestId("onboarding-step")).toHaveText("Question 1 of 2");
    await onboarding.getByRole("button", { name: "Next" }).click();
    await expect(onboarding.getByRole("alert")).toHaveText("The section requires an answer");
    await onboarding.getByLabel("Fundraising").check();
    await onboarding.getByRole("button", { name: "Next" }).click();
    await expect(onboarding.getByTestId("onboarding-step")).toHaveText("Question 2 of 2");
    await onboarding.getByRole("textbox").fill("Vegetarian");
    await onboarding.getByRole("button", { name: "Complete" }).click();
    await expect(member.getByTestId("onboarding-done")).toBeVisible();

    // The organizer confirms the payment, then approves.
    await page.goto(tenantUrl(TENANTS.founders, `/event/${slug}`));
    const pending = page.getByTestId("pending-participant").filter({ hasText: `Gwen${suffix}` });
    await pending.getByRole("button", { name: "Confirm payment" }).click();
    await pending.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("pending-participant")).toHaveCount(0);

    // The member is going and gets the calendar file.
    await member.reload();
    await expect(member.getByTestId("event-status")).toHaveText("You are going");
    const icsDownload = member.waitForEvent("download");
    await member.getByTestId("calendar-link").click();
    const icsFile = await icsDownload;
    expect(icsFile.suggestedFilename()).toBe(`${slug}.ics`);
    const ics = await fsRead(await icsFile.path());
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    await memberContext.close();

    // The organizer exports the CSV, with the member's answers.
    await page.reload();
    const download = page.waitForEvent("download");
    await page.getByTestId("export-csv").click();
    const file = await download;
    const csv = await fsRead(await file.path());
    expect(csv).toContain(`Gwen${suffix}`);
    expect(csv).toContain("Fundraising");
    expect(csv).toContain("Vegetarian");
  });

  test("a member downloads a private event's calendar file in the app: with the place once confirmed; Google and Outlook links beside it", async ({ page, request }) => {
    test.setTimeout(60_000);
    const adminEmail = uniqueEmail("event-admin");
    await registerAdmin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const suffix = Date.now().toString(36);
    const title = `Private supper ${suffix}`;
    // PRIVATE visibility of the place: everything to confirmed participants, nothing to others.
    const body = { ...eventBody(title, "PRIVATE"), slug: `supper-${suffix}`, locationVisibility: "PRIVATE" };
    const created = await api(request, TENANTS.founders, "POST", "/api/event/create", adminToken, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const m = await apiMember(request, TENANTS.founders, `Cal${suffix}`);

    // Password login: the app holds a token, no cookie; a plain link to the .ics would be a 401.
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), m.token);
    await page.goto(tenantUrl(TENANTS.founders, `/event/supper-${suffix}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    const download = async () => {
      const pending = page.waitForEvent("download");
      await page.getByTestId("calendar-link").click();
      const file = await pending;
      expect(file.suggestedFilename()).toBe(`supper-${suffix}.ics`);
      return fsRead(await file.path());
    };
    // Not confirmed yet: the file has the event but not the place.
    const before = await download();
    expect(before).toContain(`SUMMARY:${title}`);
    expect(before).not.toContain("Unter den Linden");
    expect(await page.getByTestId("calendar-google").getAttribute("href")).not.toContain("Linden");

    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByTestId("event-status")).toHaveText("You are going");
    // Among the participants: the member's initials (no photo yet) in the avatar, the name beside it.
    const me = page.getByTestId("event-attendees").getByRole("listitem").filter({ hasText: `Cal${suffix} Guest` });
    await expect(me.getByTestId("avatar-initials")).toHaveText("CG");
    const [avatarBox, nameBox] = await Promise.all([me.getByTestId("avatar-initials").boundingBox(), me.getByText(`Cal${suffix} Guest`).boundingBox()]);
    expect(nameBox && avatarBox && nameBox.x - (avatarBox.x + avatarBox.width)).toBeLessThan(24);
    const after = await download();
    expect(after).toContain(`SUMMARY:${title}`);
    expect(after).toMatch(/LOCATION:Unter den Linden 1\\, Berlin\\, Germany/);
    expect(after).toContain("TZID=Europe/Berlin");
    const google = new URL((await page.getByTestId("calendar-google").getAttribute("href")) ?? "");
    expect(google.host).toBe("calendar.google.com");
    expect(google.searchParams.get("text")).toBe(title);
    expect(google.searchParams.get("location")).toBe("Unter den Linden 1, Berlin, Germany");
    const outlook = new URL((await page.getByTestId("calendar-outlook").getAttribute("href")) ?? "");
    expect(outlook.host).toBe("outlook.live.com");
    expect(outlook.searchParams.get("subject")).toBe(title);
    expect(outlook.searchParams.get("location")).toBe("Unter den Linden 1, Berlin, Germany");
  });

  test("a member of another community cannot open a private event", async ({ page, request }) => {
    test.setTimeout(60_000);
    const title = `Founders only ${Date.now().toString(36)}`;
    const { id: eventId } = await adminEvent(request, "event-admin", title, "PRIVATE");
    const other = await apiMember(request, OTHER, "Tom");

    // The other community's session is no key to this one: the API refuses, and the page never shows the event.
    const refused = await api(request, TENANTS.founders, "GET", `/api/event/${eventId}`, other.token);
    expect([401, 403, 404]).toContain(refused.status);
    const onOwnHost = await api(request, OTHER, "GET", `/api/event/${eventId}`, other.token);
    expect(onOwnHost.status).toBe(404);

    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), other.token);
    await page.goto(tenantUrl(TENANTS.founders, `/event/${eventId}`));
    await expect(page).toHaveURL(/\/login(\?error=session_ended)?$/);
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

    // Signed out, the private event asks to log in first and is kept for after it.
    await page.goto(tenantUrl(TENANTS.founders, `/event/${eventId}`));
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem("redirectAfterLogin"))).toBe(`/event/${eventId}`);
  });

  test("a full paid event offers the waitlist, not payment; another community's member is shown the way to join; a foreign link says the event is not found", async ({ page, request }) => {
    test.setTimeout(90_000);
    const adminEmail = uniqueEmail("event-admin");
    await registerAdmin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const suffix = Date.now().toString(36);
    const title = `Paid supper ${suffix}`;
    const body = { ...eventBody(title, "PUBLIC"), slug: `paid-${suffix}`, paid: true, price: 15, paymentLink: "https://pay.example.com/supper", maxParticipants: 1 };
    const created = await api(request, TENANTS.founders, "POST", "/api/event/create", adminToken, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The one place is offered to the first member (asked to pay).
    const first = await apiMember(request, TENANTS.founders, `Pay${suffix}`);
    expect((await api(request, TENANTS.founders, "POST", `/api/event/paid-${suffix}/confirm-participation`, first.token)).body).toMatchObject({ pendingReason: "PAYMENT" });

    // The next member is offered the waitlist, with nothing to pay yet, and can leave it after a confirmation.
    const second = await apiMember(request, TENANTS.founders, `Wait${suffix}`);
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), second.token);
    await page.goto(tenantUrl(TENANTS.founders, `/event/paid-${suffix}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay to join" })).toHaveCount(0);
    await expect(page.getByTestId("waitlist-payment-note")).toBeVisible();
    await page.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.getByTestId("event-status")).toHaveText("On the waitlist, place 1");
    await expect(page.getByRole("link", { name: "Pay" })).toHaveCount(0);
    await page.getByRole("button", { name: "Cancel participation" }).click();
    await expect(page.getByTestId("cancel-confirm")).toContainText("Cancel your participation?");
    await page.getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByTestId("event-status")).toHaveText("On the waitlist, place 1");
    await page.getByRole("button", { name: "Cancel participation" }).click();
    await page.getByRole("button", { name: "Yes, cancel" }).click();
    await expect(page.getByTestId("event-status")).toHaveText("You cancelled your participation");

    // A member of another community signs in here: joining this community comes first.
    const other = await apiMember(request, OTHER, "Tom");
    const here = await apiLogin(request, TENANTS.founders, other.email, other.password);
    await page.evaluate((token) => localStorage.setItem("token", token), here);
    await page.goto(tenantUrl(TENANTS.founders, `/event/paid-${suffix}`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByTestId("join-community-note")).toBeVisible();
    await expect(page.getByRole("button", { name: /Pay to join|Join the waitlist/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Join the community" }).click();
    // Here, not moved to their own community: the join form, and the event kept for afterwards.
    await expect(page).toHaveURL(new RegExp(`^http://${TENANTS.founders}\\.localhost:\\d+/questions$`));
    await expect(page.getByRole("form")).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("redirectAfterLogin"))).toBe(`/event/paid-${suffix}`);

    // This event's link opened on another community's domain, signed out: "Event not found", not the welcome page.
    await page.goto(tenantUrl(OTHER, `/event/${created.body?.id as string}`));
    await expect(page.getByTestId("event-not-found")).toContainText("Event not found");
    await expect(page).toHaveURL(new RegExp(`/event/${created.body?.id as string}$`));
  });
});

test.describe("an event's new time (founders, decision 0231)", () => {
  test("the edit form says attendees are told; after the organizer moves the event, a member who is going finds the notice in the app", async ({ page, browser, request }) => {
    test.setTimeout(60_000);
    const title = `Moved supper ${Date.now().toString(36)}`;
    const { adminToken, id } = await adminEvent(request, "event-mover", title, "PUBLIC");
    const m = await apiMember(request, TENANTS.founders, "Mover");
    expect((await api(request, TENANTS.founders, "POST", `/api/event/${id}/confirm-participation`, m.token, {})).status).toBeLessThan(300);

    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), adminToken);
    await page.goto(tenantUrl(TENANTS.founders, `/event/${id}/edit`));
    await expect(page.getByText("Everyone going or waiting gets an e-mail and a notification when the time or place changes.")).toBeVisible();
    await page.getByLabel("Start time").fill("19:45");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    const member = await browser.newPage();
    await member.goto(tenantUrl(TENANTS.founders, "/"));
    await member.evaluate((token) => localStorage.setItem("token", token), m.token);
    await member.goto(tenantUrl(TENANTS.founders, "/notifications"));
    await expect(member.getByText("An event you registered for has a new time or place")).toBeVisible();
    await member.close();
  });
});

test.describe("an event cancelled (founders, decisions 0231 and 0232)", () => {
  test("the organizer cancels it from its page after a dialog that says who is told; it leaves the list, and a member who was going gets the mail and the notice", async ({ page, browser, request }) => {
    test.setTimeout(60_000);
    const title = `Cancelled supper ${Date.now().toString(36)}`;
    const { adminToken, id } = await adminEvent(request, "event-canceller", title, "PUBLIC");
    const m = await apiMember(request, TENANTS.founders, "Goer");
    expect((await api(request, TENANTS.founders, "POST", `/api/event/${id}/confirm-participation`, m.token, {})).status).toBeLessThan(300);
    const before = new Date().toISOString();

    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), adminToken);
    await page.goto(tenantUrl(TENANTS.founders, `/event/${id}`));
    await page.getByTestId("delete-event").click();
    const dialog = page.getByTestId("delete-event-dialog");
    await expect(dialog.getByRole("heading", { name: "Cancel this event?" })).toBeVisible();
    await expect(dialog).toContainText("Everyone going or waiting to join gets an e-mail and a notification");
    // Kept: the dialog closes and nothing is deleted.
    await dialog.getByRole("button", { name: "Keep the event" }).click();
    await expect(dialog).toBeHidden();
    expect((await api(request, TENANTS.founders, "GET", `/api/event/${id}`, adminToken)).status).toBe(200);
    // Cancelled: the events list, without it.
    await page.getByTestId("delete-event").click();
    await page.getByTestId("delete-event-dialog").getByRole("button", { name: "Cancel the event" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByTestId("create-event")).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    expect((await api(request, TENANTS.founders, "GET", `/api/event/${id}`, adminToken)).status).toBe(404);

    const mail = await waitForMail(request, m.email, { after: before });
    expect(mail.subject).toContain(title);
    const member = await browser.newPage();
    await member.goto(tenantUrl(TENANTS.founders, "/"));
    await member.evaluate((token) => localStorage.setItem("token", token), m.token);
    await member.goto(tenantUrl(TENANTS.founders, "/notifications"));
    await expect(member.getByText("An event you registered for was cancelled")).toBeVisible();
    await member.close();
  });

  test("the dialog in Russian on a phone: it names the event, fits the screen, and keeping the event keeps it", async ({ browser, request }) => {
    test.setTimeout(60_000);
    const title = `Ужин ${Date.now().toString(36)}`;
    const { adminToken, id } = await adminEvent(request, "event-canceller-ru", title, "PUBLIC");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((token) => {
      localStorage.setItem("token", token);
      localStorage.setItem("local", "ru");
    }, adminToken);
    const page = await context.newPage();
    await page.goto(tenantUrl(TENANTS.founders, `/event/${id}`));
    await page.getByTestId("delete-event").click();
    const dialog = page.getByTestId("delete-event-dialog");
    await expect(dialog.getByRole("heading", { name: "Отменить мероприятие?" })).toBeVisible();
    await expect(dialog).toContainText(`«${title}» будет удалено насовсем`);
    await expect(dialog.getByRole("button", { name: "Отменить мероприятие" })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await dialog.getByRole("button", { name: "Оставить" }).click();
    await expect(dialog).toBeHidden();
    expect((await api(request, TENANTS.founders, "GET", `/api/event/${id}`, adminToken)).status).toBe(200);
    await context.close();
  });
});
