import path from "node:path";
import { expect, test } from "@playwright/test";
import { api, type Member, participant, signedInContext, uniqueWord } from "./chat-support.ts";
import { signInByCode, TENANTS, tenantApi, tenantUrl, uniqueEmail } from "./support.ts";

const N = TENANTS.northbank;
const shots = path.resolve(import.meta.dirname, "../../.tmp/meetings-screens");

type MeetingBody = { id: string; status: string; slots: { startsAt: string }[]; other: { id: string } };

/** a sends b an intro from a's recommendations and b accepts it (northbank proposes meetings to such pairs). */
async function acceptedIntro(request: Parameters<typeof api>[0], a: Member, b: Member): Promise<void> {
  await api(request, N, "POST", "/api/matching/resume", a.token, {});
  const page = (await api(request, N, "GET", "/api/matching/instant?page=0&size=20", a.token)) as { items: { matchingResultId: string; participant: { id: string } }[] };
  const rec = page.items.find((x) => x.participant.id === b.participantId);
  expect(rec, "b among a's recommendations").toBeDefined();
  const sent = (await api(request, N, "POST", "/api/matching/send-intro", a.token, { from: a.participantId, matchingResultId: rec?.matchingResultId, introMessage: "Let's meet" })) as {
    request: { id: string };
  };
  await api(request, N, "POST", `/api/requests/${sent.request.id}/answer`, b.token, { answer: "ACCEPTED" });
}

test.describe("meetings (northbank)", () => {
  test("two members pick the same time from two browsers at once: one booked meeting; the screens in English and Russian", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const tags = [uniqueWord("meettag"), uniqueWord("meetpilot")];
    const a = await participant(request, N, await signInByCode(request, uniqueEmail("meet-a"), N), uniqueWord("Anna"), tags);
    const b = await participant(request, N, await signInByCode(request, uniqueEmail("meet-b"), N), uniqueWord("Boris"), tags);
    // Windows every day, in two zones, that overlap for an hour.
    const everyDay = (from: string, to: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from, to }));
    await api(request, N, "POST", "/api/participant/update-language", b.token, { communityId: N, language: "ru" });
    const put = (m: Member, timeZone: string, windows: unknown) => tenantApi(request, N, "PUT", "/api/meetings/availability", m.token, { timeZone, windows, formats: ["VIDEO"] });
    await put(a, "Europe/Lisbon", everyDay("09:00", "11:00"));
    await put(b, "Europe/Moscow", everyDay("11:00", "13:00"));
    await acceptedIntro(request, a, b);

    // The server's worker proposes the times.
    let meeting: MeetingBody | undefined;
    await expect(async () => {
      const list = (await api(request, N, "GET", "/api/meetings", a.token)) as { items: MeetingBody[] };
      meeting = list.items.find((m) => m.other.id === b.participantId);
      expect(meeting?.slots.length).toBe(3);
    }).toPass({ timeout: 30_000 });

    const contextA = await signedInContext(browser, a.token);
    const contextB = await signedInContext(browser, b.token);
    // B reads the app in Russian (the app's stored language).
    await contextB.addInitScript(() => localStorage.setItem("local", "ru"));
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    await Promise.all([pageA.goto(tenantUrl(N, "/meetings")), pageB.goto(tenantUrl(N, "/meetings"))]);
    const cardA = pageA.getByTestId("meeting").filter({ hasText: b.firstName });
    const cardB = pageB.getByTestId("meeting").filter({ hasText: a.firstName });
    // The first render of the page loads its chunk and texts: on a loaded machine that can take a while.
    await expect(cardA.getByTestId("meeting-status")).toHaveText("Pick a time", { timeout: 30_000 });
    await expect(cardB.getByTestId("meeting-status")).toHaveText("Выберите время", { timeout: 30_000 });
    await pageA.screenshot({ path: `${shots}/proposed-en-1280.png`, fullPage: true });
    await pageB.setViewportSize({ width: 390, height: 844 });
    await pageB.screenshot({ path: `${shots}/proposed-ru-390.png`, fullPage: true });

    // Both pick the first time at once. The first pick to reach the server waits for the other member, and the other
    // screen shows that live: its Pick buttons can go before its own click lands. That member then confirms the time,
    // as a member would; either way one booked meeting must come out.
    const pick = (card: typeof cardA, name: RegExp, waiting: string, confirm: string) =>
      card
        .getByRole("button", { name })
        .first()
        .click({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          await expect(card.getByTestId("meeting-status"), String(error)).toHaveText(waiting, { timeout: 5_000 });
          await card.getByRole("button", { name: confirm }).click();
        });
    await Promise.all([pick(cardA, /^Pick/, "Waiting for confirmation", "Confirm"), pick(cardB, /^Выбрать/, "Ждёт подтверждения", "Подтвердить")]);
    await expect(async () => {
      const list = (await api(request, N, "GET", "/api/meetings", a.token)) as { items: MeetingBody[] };
      const mine = list.items.filter((m) => m.other.id === b.participantId);
      expect(mine.map((m) => m.status)).toEqual(["CONFIRMED"]);
    }).toPass({ timeout: 15_000 });
    await Promise.all([pageA.reload(), pageB.reload()]);
    await expect(cardA.getByTestId("meeting-status")).toHaveText("Booked", { timeout: 30_000 });
    await expect(cardB.getByTestId("meeting-status")).toHaveText("Назначена", { timeout: 30_000 });
    await expect(cardA.getByRole("link", { name: "Join the video call" })).toHaveAttribute("href", /^https:\/\/meet\.northbank\.example\//);
    await pageA.setViewportSize({ width: 390, height: 844 });
    await pageA.screenshot({ path: `${shots}/booked-en-390.png`, fullPage: true });
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await pageB.screenshot({ path: `${shots}/booked-ru-1280.png`, fullPage: true });

    // Availability on the profile, both languages.
    await pageB.goto(tenantUrl(N, "/profile"));
    await expect(pageB.getByRole("heading", { name: "Доступность для встреч" })).toBeVisible({ timeout: 30_000 });
    await pageB.locator("#section-availability").screenshot({ path: `${shots}/availability-ru-1280.png` });
    await pageA.goto(tenantUrl(N, "/profile"));
    await expect(pageA.getByRole("heading", { name: "Availability for meetings" })).toBeVisible({ timeout: 30_000 });
    await expect(pageA.getByTestId("availability-window")).toHaveCount(7);
    await pageA.locator("#section-availability").screenshot({ path: `${shots}/availability-en-390.png` });
    await Promise.all([contextA.close(), contextB.close()]);
  });
});
