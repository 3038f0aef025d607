import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, registerAdmin, registerUser, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

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

test.describe("events (founders)", () => {
  test("a member opens a public event signed out, logs in, comes back, joins and sees going and the calendar link", async ({ page, request }) => {
    test.setTimeout(90_000);
    const adminEmail = uniqueEmail("event-admin");
    await registerAdmin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const title = `Founders breakfast ${Date.now().toString(36)}`;
    const created = await api(request, TENANTS.founders, "POST", "/api/event/create", adminToken, eventBody(title, "PUBLIC"));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId = created.body?.id as string;
    const m = await apiMember(request, TENANTS.founders, "Gwen");

    await page.goto(tenantUrl(TENANTS.founders, `/event/${eventId}?from=mail#details`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.getByRole("button", { name: "Log in to join" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("E-mail").fill(m.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(m.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Back on the event page, query and hash included (spec 2.2).
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, `/event/${eventId}?from=mail#details`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByTestId("event-status")).toHaveText("You are going");
    await expect(page.getByRole("button", { name: "Cancel participation" })).toBeVisible();
    const calendar = page.getByTestId("calendar-link");
    await expect(calendar).toBeVisible();
    expect(await calendar.getAttribute("href")).toContain(`/api/event/${eventId}/calendar.ics`);
    const ics = await request.get(`http://127.0.0.1:${E2E_PORT}/api/event/${eventId}/calendar.ics`, { headers: { Host: `${TENANTS.founders}.localhost:${E2E_PORT}` } });
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("BEGIN:VCALENDAR");

    // The list shows it under Upcoming, marked as going.
    await page.goto(tenantUrl(TENANTS.founders, "/events"));
    await expect(page.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("event").filter({ hasText: title })).toContainText("Going");
  });

  test("a member of another community cannot open a private event", async ({ page, request }) => {
    test.setTimeout(60_000);
    const adminEmail = uniqueEmail("event-admin");
    await registerAdmin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, "Event-admin-password-1");
    const title = `Founders only ${Date.now().toString(36)}`;
    const created = await api(request, TENANTS.founders, "POST", "/api/event/create", adminToken, eventBody(title, "PRIVATE"));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const eventId = created.body?.id as string;
    const other = await apiMember(request, OTHER, "Tom");

    // The other community's session is no key to this one: the API refuses, and the page never shows the event.
    const refused = await api(request, TENANTS.founders, "GET", `/api/event/${eventId}`, other.token);
    expect([401, 403, 404]).toContain(refused.status);
    const onOwnHost = await api(request, OTHER, "GET", `/api/event/${eventId}`, other.token);
    expect(onOwnHost.status).toBe(404);

    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await page.evaluate((token) => localStorage.setItem("token", token), other.token);
    await page.goto(tenantUrl(TENANTS.founders, `/event/${eventId}`));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

    // Signed out, the private event asks to log in first and is kept for after it.
    await page.goto(tenantUrl(TENANTS.founders, `/event/${eventId}`));
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem("redirectAfterLogin"))).toBe(`/event/${eventId}`);
  });
});
