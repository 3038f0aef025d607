import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, openConsoleSignedIn, registerAdmin, registerUser, tenantApi, TENANTS, uniqueEmail, waitForMail } from "./support.ts";

const api = (request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown) =>
  tenantApi(request, TENANTS.founders, method, path, token, data);

/** A confirmed founders member reading `lang`. */
async function member(request: APIRequestContext, lang: "en" | "ru"): Promise<string> {
  const email = uniqueEmail(`mailing-${lang}`);
  const password = "Mailing-e2e-password-1";
  await registerUser(request, TENANTS.founders, email, password);
  const token = await apiLogin(request, TENANTS.founders, email, password);
  const user = (await api(request, "GET", "/api/current-user", token)) as { userId: string };
  await api(request, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: `Reader ${lang}`, lastName: "Mailing" });
  await api(request, "POST", "/api/participant/update-language", token, { communityId: TENANTS.founders, language: lang });
  return email;
}

test.describe("console mailings (founders)", () => {
  test("an admin sends a mailing to members only, watches it reach 100%, and each recipient reads it in their language", async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = uniqueEmail("mailing-admin");
    const password = "Mailing-admin-pw-42";
    await registerAdmin(request, TENANTS.founders, admin, password);
    const en = await member(request, "en");
    const ru = await member(request, "ru");

    await openConsoleSignedIn(page, request, TENANTS.founders, admin, password);

    await page.getByRole("menuitem", { name: "Mailings" }).click();
    const stamp = Date.now().toString(36);
    await page.getByLabel("Subject (en)").fill(`Founders news ${stamp}`);
    await page.getByLabel(/^Text \(en\)/).fill("Hello founders!\n\nDemo day is on Friday.");
    await page.getByLabel("Subject (ru)").fill(`Новости ${stamp}`);
    await page.getByLabel(/^Text \(ru\)/).fill("Привет!\n\nДемо-день в пятницу.");
    // Members only: the admins are left out.
    await page.getByLabel("Members").check();
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("mailing-preview")).toContainText("Recipients:");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    // Sending asks once more, naming how many it reaches; nothing is sent before the answer.
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText("Send this mailing?");
    await expect(confirm).toContainText(/Recipients: [1-9]/);
    await confirm.getByRole("button", { name: "Send now" }).click();
    // This mailing's row: another admin's mailing (live-updates.spec) may be listed above it.
    const row = page.getByTestId("mailing-row").filter({ hasText: `Founders news ${stamp}` });
    await expect(row.getByTestId("mailing-progress")).toContainText("100%", { timeout: 30_000 });

    const enMail = await waitForMail(request, en, { match: /Demo day is on Friday/ });
    expect(enMail.subject).toBe(`Founders news ${stamp}`);
    const ruMail = await waitForMail(request, ru, { match: /Демо-день в пятницу/ });
    expect(ruMail.subject).toBe(`Новости ${stamp}`);
    expect(ruMail.text).toContain("Отписаться");
    const adminMail = await request.get(`http://127.0.0.1:${E2E_PORT}/dev/mail.json?to=${encodeURIComponent(admin)}`, { headers: { Host: `${TENANTS.founders}.localhost:${E2E_PORT}` } });
    expect(((await adminMail.json()) as { subject: string }[]).some((m) => m.subject.includes(stamp))).toBe(false);
  });
});
