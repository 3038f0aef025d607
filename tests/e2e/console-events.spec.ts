import { type APIRequestContext, expect, test } from "@playwright/test";
import { apiLogin, apiTarget, openConsoleSignedIn, registerAdmin, registerUser, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

const api = (request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown) =>
  tenantApi(request, TENANTS.founders, method, path, token, data);

/** An event three days ahead in Berlin, made by `token`'s admin through the API. */
async function createEvent(request: APIRequestContext, token: string, title: string, extra: Record<string, unknown> = {}): Promise<{ id: string }> {
  return (await api(request, "POST", "/api/event/create", token, {
    title,
    description: "Talks",
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    time: "18:00",
    timeZone: "Europe/Berlin",
    organizerContact: "events@example.com",
    location: { country: "Germany", city: "Berlin" },
    ...extra,
  })) as { id: string };
}

test.describe("console events", () => {
  test("an admin sees the upcoming event with a pending request in the Events list and approves the participant", async ({ page, request }) => {
    test.setTimeout(60_000);
    const password = "Console-events-password-1";
    const adminEmail = uniqueEmail("console-events-admin");
    await registerAdmin(request, TENANTS.founders, adminEmail, password);
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, password);
    const suffix = Date.now().toString(36);
    const title = `Console meetup ${suffix}`;
    const event = await createEvent(request, adminToken, title, { approvalRequired: true });
    const memberEmail = uniqueEmail("console-events-member");
    await registerUser(request, TENANTS.founders, memberEmail, password);
    const memberToken = await apiLogin(request, TENANTS.founders, memberEmail, password);
    const user = (await api(request, "GET", "/api/current-user", memberToken)) as { userId: string };
    await api(request, "POST", `/api/participant/create?userId=${user.userId}`, memberToken, { firstName: `Paula${suffix}`, lastName: "Pending" });
    const joined = (await api(request, "POST", `/api/event/${event.id}/confirm-participation`, memberToken)) as { participantId: string; status: string };
    expect(joined.status).toBe("PENDING");

    await openConsoleSignedIn(page, request, TENANTS.founders, adminEmail, password);
    await expect(page.getByTestId("community-title")).toBeVisible();
    await page.getByRole("menuitem", { name: "Events" }).click();
    await page.getByPlaceholder("Search").fill(suffix);
    // The search applies after a debounce that rewrites the URL: wait for it before opening a row.
    await expect(page).toHaveURL(new RegExp(suffix));
    await expect(page.getByTestId(`pending-${event.id}`)).toHaveText("1");
    await page.getByText(title).click();

    const row = page.getByTestId(`participant-${joined.participantId}`);
    await expect(row).toContainText("Pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(row).toContainText("Confirmed");
    const after = (await api(request, "GET", `/api/event/participations/${joined.participantId}/${event.id}`, memberToken)) as { status: string };
    expect(after.status).toBe("CONFIRMED");
  });

  test("an admin cancels an upcoming event from its page, after a confirmation naming it; the console goes back to the list", async ({ page, request }) => {
    test.setTimeout(60_000);
    const password = "Console-events-password-1";
    const adminEmail = uniqueEmail("console-events-cancel");
    await registerAdmin(request, TENANTS.founders, adminEmail, password);
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, password);
    const title = `Console cancelled ${Date.now().toString(36)}`;
    const event = await createEvent(request, adminToken, title);

    await openConsoleSignedIn(page, request, TENANTS.founders, adminEmail, password);
    await page.goto(tenantUrl(TENANTS.founders, `/console/#/events/${event.id}/show`));
    await expect(page.getByTestId("console-event")).toBeVisible();
    await page.getByTestId("console-delete-event").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Cancel \u201c${title}\u201d?`);
    await expect(dialog).toContainText("Everyone going or waiting to join gets an e-mail and a notification");
    await dialog.getByRole("button", { name: "Cancel the event" }).click();
    await expect(page.getByText(`\u201c${title}\u201d is cancelled`)).toBeVisible();
    await expect(page).toHaveURL(/#\/events$/);
    const at = apiTarget(TENANTS.founders, `/api/event/${event.id}`);
    const gone = await request.get(at.url, { headers: { ...at.headers, Authorization: `Bearer ${adminToken}` } });
    expect(gone.status()).toBe(404);
  });

  test("in Russian: the confirmation names the event and says who is told; cancelling the dialog keeps the event", async ({ page, request }) => {
    test.setTimeout(60_000);
    const password = "Console-events-password-1";
    const adminEmail = uniqueEmail("console-events-cancel-ru");
    await registerAdmin(request, TENANTS.founders, adminEmail, password);
    const adminToken = await apiLogin(request, TENANTS.founders, adminEmail, password);
    const title = `Ужин в консоли ${Date.now().toString(36)}`;
    const event = await createEvent(request, adminToken, title);
    await page.addInitScript(() => localStorage.setItem("local", "ru"));
    await openConsoleSignedIn(page, request, TENANTS.founders, adminEmail, password);
    await page.goto(tenantUrl(TENANTS.founders, `/console/#/events/${event.id}/show`));
    await page.getByTestId("console-delete-event").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Отменить «${title}»?`);
    await expect(dialog).toContainText("Все, кто идёт или ждёт решения, получат письмо и уведомление");
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(dialog).toBeHidden();
    expect(((await api(request, "GET", `/api/event/${event.id}`, adminToken)) as { id: string }).id).toBe(event.id);
  });
});
