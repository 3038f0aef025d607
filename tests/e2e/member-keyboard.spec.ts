import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { linkFrom, mailWithLink, ownCommunity, registerUser, signInByCode, storedToken, tenantApi, TENANTS, tenantUrl, uniqueEmail, waitForMail } from "./support.ts";

/** Presses Tab (forwards) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Letters only, so names never collide with earlier runs. */
function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");
}

const api = (request: APIRequestContext, community: string, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown) =>
  tenantApi(request, community, method, path, token, data);

/** A member of `community` with the rare tag who completed onboarding (through the API). */
async function onboardedMember(request: APIRequestContext, community: string, firstName: string): Promise<{ firstName: string; participantId: string }> {
  const token = await signInByCode(request, uniqueEmail("kbpeer"), community);
  const user = (await api(request, community, "GET", "/api/current-user", token)) as { userId: string };
  await api(request, community, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Peer" });
  await api(request, community, "POST", "/api/participant/update-looking-for", token, {
    lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"],
    lookingForText: `people who build ${TAG}`,
    canHelpWithText: `advice on ${TAG}`,
  });
  await api(request, community, "POST", "/api/participant/update-profile", token, {
    about: `I work on ${TAG}.`,
    company: `${firstName} Labs`,
    position: "Founder",
    city: "London",
    shareLocation: true,
    tags: [TAG],
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}` },
  });
  const me = (await api(request, community, "GET", "/api/participant/profile", token)) as { id: string };
  return { firstName, participantId: me.id };
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 320, channels: 3, background: "#3b5bdb" } })
    .composite([{ input: Buffer.from('<svg width="480" height="320"><circle cx="240" cy="160" r="120" fill="#f08c00"/></svg>') }])
    .png()
    .toBuffer();
}

const TAG = `kbtag${Date.now().toString(36)}`;

/**
 * Keyboard only (issue 17, "Must show"): from the top of the welcome page, every move is Tab,
 * Shift-free typing, Space, Enter or an arrow key. The only stand-ins are the system's file chooser
 * (Playwright answers it) and the confirmation link opened from the mail.
 */
test.describe("keyboard only (issue 17)", () => {
  test("from the top of the welcome page: sign in, every onboarding step, then a recommendation's intro, bookmark and not-interested", async ({ page, request }) => {
    test.setTimeout(180_000);
    // A community of its own made from founders' files: the new member's recommendations are the
    // two members made here, whatever other specs made in founders.
    const own = await ownCommunity(TENANTS.founders, "keyboard");
    const email = uniqueEmail("keyboard");
    const password = "Keyboard-e2e-password-1";
    await registerUser(request, own, email, password);
    // Two members who share the new member's rare tag: its recommendations.
    const bea = await onboardedMember(request, own, uniqueWord("Bea"));
    const cai = await onboardedMember(request, own, uniqueWord("Cai"));

    await page.goto(tenantUrl(own, "/"));
    await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Log in" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    await tabTo(page, page.getByLabel("E-mail"));
    await page.keyboard.type(email);
    await tabTo(page, page.getByRole("textbox", { name: "Password", exact: true }));
    await page.keyboard.type(password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/questions$/);
    await tabTo(page, page.getByLabel("First name"));
    await page.keyboard.type("Kira");
    await tabTo(page, page.getByLabel("Last name"));
    await page.keyboard.type("Keys");
    await page.keyboard.press("Enter");
    // The community's questions: a radio answer (arrow keys), two checkboxes (Space), Continue.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell us about yourself");
    await tabTo(page, page.getByLabel("Idea / exploring"));
    await page.keyboard.press("ArrowDown");
    await expect(page.getByLabel("Pre-seed")).toBeChecked();
    await tabTo(page, page.getByLabel("Fintech"));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByLabel("AI & data"));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");

    // Onboarding, step 1 of 6: who are you.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who are you?");
    await tabTo(page, page.getByRole("textbox", { name: "Company" }));
    await page.keyboard.type("Keys Ltd");
    await tabTo(page, page.getByRole("textbox", { name: "Position" }));
    await page.keyboard.type("Founder");
    await tabTo(page, page.getByRole("textbox", { name: "City" }));
    await page.keyboard.type("London");
    await tabTo(page, page.getByRole("switch", { name: "Show my city to other members" }));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("textbox", { name: "Tags" }));
    await page.keyboard.type(TAG);
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 2: what brings you here: toggles pressed with Space and Enter, the two texts typed.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What brings you here?");
    const lookingFor = page.getByRole("button", { name: "Looking for", exact: true });
    await tabTo(page, lookingFor);
    await page.keyboard.press("Space");
    await expect(lookingFor).toHaveAttribute("aria-pressed", "true");
    await tabTo(page, page.getByRole("button", { name: "Can help with", exact: true }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("textbox", { name: "What I look for" }));
    await page.keyboard.type(`people who build ${TAG}`);
    await tabTo(page, page.getByRole("textbox", { name: "What I can help with" }));
    await page.keyboard.type(`advice on ${TAG}`);
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 3: contacts.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How can members reach you?");
    await tabTo(page, page.getByRole("textbox", { name: "Telegram" }));
    await page.keyboard.type("kira_keys");
    await tabTo(page, page.getByRole("textbox", { name: "LinkedIn" }));
    await page.keyboard.type(`https://www.linkedin.com/in/${TAG}`);
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 4: the professional network; a username is enough.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your professional network");
    await tabTo(page, page.getByRole("textbox", { name: "LinkedIn profile" }));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(TAG);
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 5: the photo. Enter opens the system's file chooser (stood in for by Playwright), then
    // the crop area moves with the arrow keys and Rotate is pressed with Enter.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add a photo");
    await tabTo(page, page.locator("button", { hasText: "Choose a photo" }));
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: await photo() });
    const crop = page.getByRole("slider", { name: /Crop area/ });
    await tabTo(page, crop);
    const before = await crop.getAttribute("aria-valuetext");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(crop).not.toHaveAttribute("aria-valuetext", before ?? "");
    await tabTo(page, page.getByRole("button", { name: "Rotate 90°" }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 6: about me, then Finish.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/./);
    await expect(page.getByText("Step 6 of 6")).toBeVisible();
    await tabTo(page, page.getByRole("textbox", { name: "About me" }));
    await page.keyboard.type(`I build ${TAG} for small shops.`);
    await tabTo(page, page.getByRole("button", { name: "Finish" }));
    await page.keyboard.press("Enter");

    // A password sign-up confirms the address from the mail (elsewhere); the page moves on by itself.
    await expect(page.getByRole("heading", { name: "One last step" })).toBeVisible();
    const code = /code=([a-z0-9]+)/.exec(linkFrom(await waitForMail(request, email, { match: mailWithLink("/confirmed?code=") }), "/confirmed?code="))?.[1];
    await api(request, own, "POST", "/api/auth/confirm-email", null, { code });
    await expect(page).toHaveURL(/\/my_communities$/, { timeout: 10_000 });
    const token = await storedToken(page);
    const profile = (await api(request, own, "GET", "/api/participant/profile", token)) as { id: string; tags: string[]; contacts: Record<string, string>; about: string };
    expect(profile.tags).toEqual([TAG]);
    expect(profile.contacts.LINKEDIN).toBe(`https://www.linkedin.com/in/${TAG}`);
    expect(profile.about).toBe(`I build ${TAG} for small shops.`);

    // The recommendations: both other members, each on a card.
    const cardOf = (name: string) => page.getByTestId("recommendation").filter({ hasText: name });
    await expect(cardOf(bea.firstName)).toBeVisible({ timeout: 15_000 });
    await expect(cardOf(cai.firstName)).toBeVisible();

    // Connect: Enter opens the dialog, the intro is typed and sent with Enter on Send intro.
    await tabTo(page, cardOf(bea.firstName).getByRole("button", { name: "Connect" }));
    await page.keyboard.press("Enter");
    const connect = page.getByRole("dialog");
    await expect(connect).toBeVisible();
    await tabTo(page, connect.getByRole("textbox", { name: "Intro message" }));
    await page.keyboard.type(`Hello ${bea.firstName}, shall we talk about ${TAG}?`);
    await tabTo(page, connect.getByRole("button", { name: "Send intro" }));
    await page.keyboard.press("Enter");
    await expect(connect).toBeHidden();
    await expect(cardOf(bea.firstName).getByRole("button", { name: "Connect" })).toHaveCount(0);

    // Bookmark: Enter on the card's Bookmark button.
    const bookmark = cardOf(bea.firstName).getByRole("button", { name: "Bookmark" });
    await tabTo(page, bookmark);
    await page.keyboard.press("Enter");
    await expect(cardOf(bea.firstName).getByRole("button", { name: "Remove bookmark" })).toHaveAttribute("aria-pressed", "true");

    // Not interested, on the other card: a reason chosen with the arrow keys, then Hide this contact.
    await tabTo(page, cardOf(cai.firstName).getByRole("button", { name: "Not interested" }));
    await page.keyboard.press("Enter");
    const dismiss = page.getByTestId("dismiss-dialog");
    await expect(dismiss).toBeVisible();
    await tabTo(page, dismiss.getByRole("radio", { name: "Not interested" }));
    await page.keyboard.press("ArrowDown");
    await expect(dismiss.getByRole("radio", { name: "I already know this person" })).toBeChecked();
    await tabTo(page, dismiss.getByRole("button", { name: "Hide this contact" }));
    await page.keyboard.press("Enter");
    await expect(dismiss).toBeHidden();
    await expect(cardOf(cai.firstName)).toHaveCount(0);

    // All three reached the server.
    const mine = (await api(request, own, "GET", "/api/current-user/data", token)) as { communities: { intros: { to_participant_id: string; message: string }[] }[] };
    expect(mine.communities[0]?.intros).toEqual([expect.objectContaining({ to_participant_id: bea.participantId, message: `Hello ${bea.firstName}, shall we talk about ${TAG}?` })]);
    const bookmarks = (await api(request, own, "GET", "/api/bookmarks", token)) as unknown;
    expect(JSON.stringify(bookmarks)).toContain(bea.participantId);
    const relations = (await api(request, own, "GET", "/api/relations", token)) as unknown;
    expect(JSON.stringify(relations)).toMatch(new RegExp(`"subjectId":"${cai.participantId}".*"reason":"ALREADY_KNOW"|"reason":"ALREADY_KNOW".*"subjectId":"${cai.participantId}"`));
  });
});
