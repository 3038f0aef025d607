import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_PORT } from "./playwright.config.ts";
import { codeFrom, registerUser, TENANTS, tenantUrl, uniqueEmail, waitForMail, CODE_MAIL } from "./support.ts";

/** A name nobody else has, so searches never depend on seeded or earlier members. */
function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");
}

async function api(request: APIRequestContext, tenant: string, method: "GET" | "POST", path: string, token: string, data?: unknown) {
  const res = await request.fetch(`http://127.0.0.1:${E2E_PORT}${path}`, {
    method,
    headers: { Host: `${tenant}.localhost:${E2E_PORT}`, Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** Signs in on the page with a one-time code from the dev outbox (the login page's "Send me a code"). */
async function signInWithCode(page: Page, request: APIRequestContext, tenant: string, email: string, sendLabel: string, codeLabel: string) {
  const before = new Date(Date.now() - 1000).toISOString();
  await page.goto(tenantUrl(tenant, "/login"));
  await page.getByRole("textbox", { name: /E-mail|Электронная почта/ }).fill(email);
  await page.getByRole("button", { name: sendLabel }).click();
  await expect(page).toHaveURL(/\/one-time-code$/);
  const code = codeFrom(await waitForMail(request, email, { after: before, match: CODE_MAIL }));
  await page.getByLabel(codeLabel).fill(code);
  await page.getByLabel(codeLabel).press("Enter");
}

/** A complete, confirmed founders member made through the API (the viewer in the privacy check). */
async function apiMember(request: APIRequestContext, firstName: string): Promise<string> {
  const email = uniqueEmail("viewer");
  const password = "Viewer-e2e-password-1";
  await registerUser(request, TENANTS.founders, email, password);
  const login = await request.post(`http://127.0.0.1:${E2E_PORT}/api/auth/login`, {
    headers: { Host: `${TENANTS.founders}.localhost:${E2E_PORT}` },
    data: { authType: "EMAIL", email, password },
  });
  const { token } = (await login.json()) as { token: string };
  const user = (await api(request, TENANTS.founders, "GET", "/api/current-user", token)) as { userId: string };
  await api(request, TENANTS.founders, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Viewer" });
  await api(request, TENANTS.founders, "POST", "/api/participant/update-looking-for", token, { lookingFor: ["MEET_NEW_PEOPLE"] });
  await api(request, TENANTS.founders, "POST", "/api/participant/update-profile", token, {
    about: "I read every profile twice.",
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}-viewer` },
  });
  const completion = (await api(request, TENANTS.founders, "GET", "/api/participant/profile", token)) as { profileCompleted: boolean };
  expect(completion.profileCompleted).toBe(true);
  return token;
}

test.describe("members: joining, onboarding, profile, privacy, directory (founders)", () => {
  test("a new member joins and onboards; another member finds them but never sees the hidden contact", async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("member");
    const first = uniqueName("Zelda");
    const last = "Quartz";
    const telegram = `zq_${first.toLowerCase()}`.slice(0, 30);

    await signInWithCode(page, request, TENANTS.founders, email, "Send me a code", "Code from the e-mail");
    await expect(page).toHaveURL(/\/questions$/);
    // The bar is hidden on the joining flow (spec 2.4).
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);

    // 1. Join with a name.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Founders Circle");
    await page.getByRole("button", { name: "Join the community" }).click();
    await expect(page.getByText("The section requires an answer").first()).toBeVisible();
    await page.getByLabel("First name").fill(first);
    await page.getByLabel("Last name").fill(last);
    await page.getByRole("button", { name: "Join the community" }).click();

    // 2. The questions: a required one blocks Continue until it is answered.
    const stage = page.getByRole("group", { name: "What stage is your company at?" });
    await expect(stage).toBeVisible();
    const industry = page.getByRole("group", { name: "Which industries do you work in? (up to 3)" });
    await industry.getByLabel("Fintech").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(stage.getByRole("alert")).toHaveText("The section requires an answer");
    await expect(page).toHaveURL(/\/questions$/);
    await stage.getByLabel("Seed", { exact: true }).check();
    await expect(stage.getByRole("alert")).toHaveCount(0);
    // CHECKBOX up to 3: the counter, the limit, and the "Other" free text with its live counter.
    await industry.getByLabel("AI & data").check();
    await industry.getByLabel("Other").check();
    await expect(industry.getByText("3 of 3 chosen")).toBeVisible();
    await expect(industry.getByLabel("Education")).toBeDisabled();
    await industry.getByRole("textbox").fill("Robotics");
    await expect(industry.getByText("8 / 255")).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();

    // 3. Onboarding: the six steps of founders' stepsConfig.
    await expect(page).toHaveURL(/\/onboarding/);
    await expect(page.getByText("Step 1 of 6")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue(first);
    await page.getByLabel("Company").fill("Quartz Labs");
    await page.getByLabel("Position").fill("Founder & CEO");
    await page.getByRole("textbox", { name: "City" }).fill("Lisbon");
    await page.getByRole("switch", { name: "Show my city to other members" }).check();
    const tagBox = page.getByRole("textbox", { name: "Tags" });
    for (const tag of ["Robotics", "Other", "robotics", "Hardware"]) {
      await tagBox.fill(tag);
      await tagBox.press("Enter");
    }
    // "Other" is dropped and the second "robotics" is a duplicate.
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Robotics×", "Hardware×"]);
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 2 of 6")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("The section requires an answer")).toBeVisible();
    await page.getByRole("button", { name: "Meet new people" }).click();
    await page.getByLabel("What I look for").fill("Hardware founders to swap notes with");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 3 of 6")).toBeVisible();
    await expect(page.getByText("Give at least 1 of: LinkedIn, Facebook.")).toBeVisible();
    await page.getByLabel("Telegram").fill(`@${telegram}`);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Give at least 1 of" })).toBeVisible();
    await page.getByLabel("Facebook").fill(`https://www.facebook.com/${first.toLowerCase()}.quartz`);
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 4 of 6")).toBeVisible();
    await page.getByLabel("LinkedIn profile").fill("https://example.com/in/zelda");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Enter your LinkedIn username or an address starting with https://www.linkedin.com/in/")).toBeVisible();
    await page.getByLabel("LinkedIn profile").fill(`https://www.linkedin.com/in/${first.toLowerCase()}-quartz`);
    await page.getByRole("button", { name: "Next" }).click();

    // The photo: a GIF under a .png name is refused by the server ("try another photo"), a real PNG is cropped, turned and kept.
    await expect(page.getByText("Step 5 of 6")).toBeVisible();
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: gif });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Only JPG and PNG photos are accepted")).toBeVisible();
    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#3b5bdb" } })
      .composite([{ input: Buffer.from('<svg width="480" height="320"><circle cx="240" cy="160" r="120" fill="#f08c00"/></svg>') }])
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await expect(page.getByRole("slider", { name: /Crop area/ })).toBeVisible();
    await page.getByRole("button", { name: "Rotate 90°" }).click();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 6 of 6")).toBeVisible();
    await page.getByLabel("About me").fill("I build small robots that water plants.");
    await page.getByRole("button", { name: "Finish" }).click();
    // A code sign-in verifies the e-mail, so there is no last step.
    await expect(page).toHaveURL(/\/my_communities$/);

    // 4. The profile: complete, photo stored; CUSTOM privacy hides Telegram.
    await page.goto(tenantUrl(TENANTS.founders, "/profile"));
    await expect(page.getByTestId("completion-percent")).toHaveText("100%");
    await expect(page.getByRole("img", { name: `${first} ${last}` }).first()).toHaveAttribute("src", /^\/media\/founders\/.+\/256\.jpg$/);
    await page.getByRole("radio", { name: /Custom/ }).check();
    await page.getByRole("checkbox", { name: "Hide Telegram" }).check();
    const privacy = page.getByRole("form", { name: "Contact privacy" });
    await privacy.getByRole("button", { name: "Save" }).click();
    await expect(privacy.getByText("Saved")).toBeVisible();

    // 5. Another member (another browser) finds them by name and sees every contact but Telegram.
    const viewerToken = await apiMember(request, uniqueName("Viewer"));
    const other = await browser.newContext();
    const viewer = await other.newPage();
    await viewer.goto(tenantUrl(TENANTS.founders, "/login"));
    await viewer.evaluate((token) => localStorage.setItem("token", token), viewerToken);
    await viewer.goto(tenantUrl(TENANTS.founders, "/participants"));
    await expect(viewer.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Founders" })).toBeVisible();
    await viewer.getByRole("searchbox", { name: "Search members" }).fill(first);
    const card = viewer.getByTestId("member-card").filter({ hasText: `${first} ${last}` });
    await expect(card).toHaveCount(1);
    await expect(viewer.getByTestId("member-card")).toHaveCount(1);
    await expect(card).toContainText("Founder & CEO · Quartz Labs");
    await expect(card).toContainText("Lisbon");
    await expect(card.locator('[data-contact="FACEBOOK"]')).toBeVisible();
    await expect(card.locator('[data-contact="TELEGRAM"]')).toHaveCount(0);
    await expect(card).not.toContainText(telegram);
    await card.getByRole("link", { name: `Open the profile of ${first} ${last}` }).click();

    await expect(viewer).toHaveURL(/\/u\/[a-z0-9-]+$/);
    await expect(viewer.getByRole("heading", { level: 1 })).toHaveText(`${first} ${last}`);
    const contacts = viewer.getByTestId("public-contacts");
    await expect(contacts.locator('[data-contact="LINKEDIN"]')).toBeVisible();
    await expect(contacts.locator('[data-contact="TELEGRAM"]')).toHaveCount(0);
    await expect(contacts).toContainText("Some contacts are hidden by the member");
    await expect(viewer.locator("body")).not.toContainText(telegram);
    const slugUrl = viewer.url();
    await other.close();

    // Signed out, the same page opens, without contacts.
    const anon = await browser.newContext();
    const visitor = await anon.newPage();
    await visitor.goto(slugUrl);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${first} ${last}`);
    await expect(visitor.getByText("Sign in and complete your profile to see contacts")).toBeVisible();
    await visitor.goto(tenantUrl(TENANTS.founders, "/u/nobody-here-at-all"));
    await expect(visitor.getByRole("heading", { name: "Member not found" })).toBeVisible();
    await anon.close();
  });
});

test.describe("members in the RU tenant (tochka: moderated, not transparent)", () => {
  test("questions render in Russian, the pending banner shows, and the member list is private", async ({ page, request }) => {
    const email = uniqueEmail("ru-member");
    await signInWithCode(page, request, TENANTS.tochka, email, "Прислать код", "Код из письма");
    await expect(page).toHaveURL(/\/questions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Вступить в «Точка сборки»");
    await page.getByLabel("Имя").fill(uniqueName("Иван"));
    await page.getByLabel("Фамилия").fill("Петров");
    await page.getByRole("button", { name: "Вступить в сообщество" }).click();

    const team = page.getByRole("group", { name: "Сколько человек в вашей команде?" });
    await expect(team).toBeVisible();
    await expect(team.getByLabel("Работаю один")).toBeVisible();
    await expect(page.getByRole("group", { name: "В какой сфере ваш бизнес? (до 2)" })).toBeVisible();
    await page.getByRole("button", { name: "Продолжить" }).click();
    await expect(team.getByRole("alert")).toHaveText("Раздел требует ответа");

    await team.getByLabel("2–10").check();
    await page.getByRole("group", { name: "В какой сфере ваш бизнес? (до 2)" }).getByLabel("IT и digital").check();
    await page.getByRole("button", { name: "Продолжить" }).click();
    await expect(page).toHaveURL(/\/onboarding/);
    // Moderated community: the member is pending (spec 4.4).
    await expect(page.getByTestId("moderation-pending")).toContainText("Ваш профиль на проверке");
    await expect(page.getByText("Шаг 1 из 5")).toBeVisible();

    await page.goto(tenantUrl(TENANTS.tochka, "/participants"));
    await expect(page.getByTestId("participants-private")).toContainText("Список участников этого сообщества закрыт");
  });
});
