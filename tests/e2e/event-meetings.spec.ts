import path from "node:path";
import { expect, test } from "@playwright/test";
import { participant, signedInContext, uniqueWord } from "./chat-support.ts";
import { apiLogin, registerAdmin, revealTab, signInByCode, TENANTS, tenantApi, tenantUrl, uniqueEmail } from "./support.ts";

const N = TENANTS.northbank;
const shots = path.resolve(import.meta.dirname, "../../.tmp/event-meetings-screens");

test.describe("event 1:1 meetings (northbank)", () => {
  test("an organizer sets slots and tables in the console; an attendee accepts a 1:1 on the event page and gets its time, table and .ics; the screens in English and Russian", async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const password = "Event-meetings-password-1";
    const adminEmail = uniqueEmail("event-meetings-admin");
    await registerAdmin(request, N, adminEmail, password);
    const adminToken = await apiLogin(request, N, adminEmail, password);
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const title = `Fintech breakfast ${uniqueWord("x")}`;
    const event = (await tenantApi(request, N, "POST", "/api/event/create", adminToken, {
      title,
      description: "Breakfast and 1:1 meetings",
      date,
      time: "09:00",
      endTime: "13:00",
      timeZone: "Europe/Lisbon",
      organizerContact: "events@northbank.example",
      location: { country: "Portugal", city: "Lisbon" },
      networking: true,
    })) as { id: string };

    const tags = [uniqueWord("evtag"), uniqueWord("evpilot")];
    const a = await participant(request, N, await signInByCode(request, uniqueEmail("ev-a"), N), uniqueWord("Alice"), tags);
    const b = await participant(request, N, await signInByCode(request, uniqueEmail("ev-b"), N), uniqueWord("Boris"), tags);
    for (const m of [a, b]) await tenantApi(request, N, "POST", `/api/event/${event.id}/confirm-participation`, m.token);
    await tenantApi(request, N, "POST", "/api/participant/update-language", b.token, { communityId: N, language: "ru" });

    // The organizer's console: the 1:1 tab, four 20-minute slots from 10:00, two tables.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl(N, `/console/#/events/${event.id}/show`));
    await page.getByLabel("E-mail").fill(adminEmail);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Signed in, the console opens the event asked for: its title shows once the session is there.
    await expect(page.getByRole("heading", { name: title, level: 5 })).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("console-event-meetings-tab").click();
    const tab = page.getByTestId("console-event-meetings");
    await expect(tab).toContainText("No slots yet", { timeout: 30_000 });
    await tab.getByLabel("First slot starts (event time)").fill("10:00");
    await tab.getByLabel("Number of slots").fill("4");
    await tab.getByLabel("Tables or rooms, one per line (none: a slot only)").fill("Table 1\nTable 2");
    await tab.getByTestId("console-meetings-save").click();
    await expect(page.getByTestId("console-meeting-slots").locator("tbody tr")).toHaveCount(4);
    const setup = (await tenantApi(request, N, "GET", `/api/event/${event.id}/meeting-setup`, adminToken)) as { slots: { startsAt: string }[] };
    // 10:00 in Lisbon on the event's day.
    expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" }).format(new Date(setup.slots[0]?.startsAt ?? ""))).toBe("10:00");

    // a asks b for a 1:1; b accepts in the app (Russian).
    await tenantApi(request, N, "POST", `/api/event/${event.id}/meetings`, a.token, { participantId: b.participantId });
    const contextB = await signedInContext(browser, b.token);
    await contextB.addInitScript(() => localStorage.setItem("local", "ru"));
    const pageB = await contextB.newPage();
    await pageB.setViewportSize({ width: 390, height: 844 });
    await pageB.goto(tenantUrl(N, `/event/${event.id}`));
    const agendaB = pageB.getByTestId("event-agenda");
    await expect(agendaB.getByRole("heading", { name: "Мои встречи 1:1" })).toBeVisible({ timeout: 30_000 });
    await expect(agendaB.getByTestId("agenda-incoming")).toContainText(a.firstName);
    await agendaB.screenshot({ path: `${shots}/request-ru-390.png` });
    await agendaB.getByRole("button", { name: "Принять" }).click();
    await expect(agendaB.getByTestId("agenda-meeting")).toContainText("Стол: Table 1", { timeout: 15_000 });
    await pageB.screenshot({ path: `${shots}/event-ru-390.png`, fullPage: true });
    await pageB.setViewportSize({ width: 1280, height: 900 });
    await agendaB.screenshot({ path: `${shots}/agenda-ru-1280.png` });

    // a sees the booked meeting (English) and downloads the .ics.
    const contextA = await signedInContext(browser, a.token);
    const pageA = await contextA.newPage();
    await pageA.setViewportSize({ width: 1280, height: 900 });
    await pageA.goto(tenantUrl(N, `/event/${event.id}`));
    const agendaA = pageA.getByTestId("event-agenda");
    await expect(agendaA.getByTestId("agenda-meeting")).toContainText("Table: Table 1", { timeout: 30_000 });
    await expect(agendaA.getByTestId("agenda-meeting")).toContainText(b.firstName);
    // The bar links the meetings right after Contacts: on the row, or under More when the row is full.
    const barA = pageA.locator("#main-nav");
    await expect(barA.locator('li[data-tab="meetings"]')).toHaveCount(1);
    await revealTab(pageA, "Meetings");
    await pageA.keyboard.press("Escape");
    await pageA.screenshot({ path: `${shots}/event-en-1280.png`, fullPage: true });
    const download = pageA.waitForEvent("download");
    await agendaA.getByTestId("agenda-ics").click();
    const file = await (await download).path();
    const { readFile } = await import("node:fs/promises");
    const ics = await readFile(file, "utf8");
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("LOCATION:Table 1");
    await pageA.setViewportSize({ width: 390, height: 844 });
    await agendaA.screenshot({ path: `${shots}/agenda-en-390.png` });
    // The Meetings entry in the bar (the phone menu).
    await pageA.getByRole("button", { name: /Menu/ }).click();
    await expect(pageA.getByRole("navigation").getByRole("link", { name: "Meetings" })).toBeVisible();
    await pageA.screenshot({ path: `${shots}/menu-en-390.png` });

    // The organizer's counts: one booked meeting in the first slot, one table left there.
    await page.reload();
    await page.getByTestId("console-event-meetings-tab").click();
    await expect(page.getByTestId("console-meeting-slots").locator("tbody tr").first()).toContainText("1");
    await expect(page.getByTestId("console-event-meetings")).toContainText("1 booked");
    await page.screenshot({ path: `${shots}/console-en-1280.png`, fullPage: true });

    // The onboarding availability step (northbank turns it on), both languages.
    await pageA.setViewportSize({ width: 1280, height: 900 });
    await pageA.goto(tenantUrl(N, "/onboarding?step=availability"));
    await expect(pageA.getByRole("heading", { name: "When can you meet?" })).toBeVisible({ timeout: 30_000 });
    await pageA.screenshot({ path: `${shots}/onboarding-en-1280.png`, fullPage: true });
    await pageB.setViewportSize({ width: 390, height: 844 });
    await pageB.goto(tenantUrl(N, "/onboarding?step=availability"));
    await expect(pageB.getByRole("heading", { name: "Когда вам удобно встречаться?" })).toBeVisible({ timeout: 30_000 });
    await pageB.screenshot({ path: `${shots}/onboarding-ru-390.png`, fullPage: true });
    // Saving the step moves on and stores the windows.
    await pageB.getByTestId("availability-next").click();
    await expect(async () => {
      const saved = (await tenantApi(request, N, "GET", "/api/meetings/availability", b.token)) as { isDefault: boolean };
      expect(saved.isDefault).toBe(false);
    }).toPass({ timeout: 15_000 });
    await Promise.all([contextA.close(), contextB.close()]);
  });
});
