import { expect, test } from "@playwright/test";
import { acceptedIntro, api, participant, signedInContext, uniqueWord } from "./chat-support.ts";
import { ownCommunity, signInByCode, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

test.describe("group chat members and the notifications bell (founders)", () => {
  test("the creator renames the group and removes a member from the members panel; the bell counts unseen notifications", async ({ browser, request }) => {
    test.setTimeout(90_000);
    // A community of its own made from founders' files: a finds b and c among its members alone.
    const f = await ownCommunity(TENANTS.founders, "group");
    const rare = uniqueWord("grouptag");
    const rarer = uniqueWord("grouppilot");
    const a = await participant(request, f, await signInByCode(request, uniqueEmail("grp-a"), f), uniqueWord("Gala"), [rare, rarer]);
    const b = await participant(request, f, await signInByCode(request, uniqueEmail("grp-b"), f), uniqueWord("Gbob"), [rare, rarer]);
    const c = await participant(request, f, await signInByCode(request, uniqueEmail("grp-c"), f), uniqueWord("Gcid"), [rare, rarer]);
    await acceptedIntro(request, a, b);
    await acceptedIntro(request, a, c);
    const chat = (await api(request, f, "POST", "/api/chats?name=Crew", a.token, { participants: [b.participantId, c.participantId] })) as { id: string };

    const context = await signedInContext(browser, a.token);
    const page = await context.newPage();
    await page.goto(`${tenantUrl(f)}/chats/${chat.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Crew" })).toBeVisible();
    // a's intros were accepted: the bell shows the unseen count.
    await expect(page.getByTestId("notifications-bell-count")).toHaveText(/^[1-9][0-9]*$/);

    await page.getByTestId("chat-members-toggle").click();
    const panel = page.getByTestId("chat-members-panel");
    await expect(panel.getByTestId("chat-members-item")).toHaveCount(3);
    await panel.getByRole("button", { name: "Rename" }).click();
    await panel.getByLabel("Group name").fill("Crew two");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Crew two" })).toBeVisible();

    page.once("dialog", (d) => void d.accept());
    await panel.getByTestId("chat-members-item").filter({ hasText: c.firstName }).getByRole("button", { name: "Remove" }).click();
    await expect(panel.getByTestId("chat-members-item")).toHaveCount(2);

    await page.getByTestId("notifications-bell").click();
    await expect(page).toHaveURL(/\/notifications$/);
    await context.close();
  });
});
