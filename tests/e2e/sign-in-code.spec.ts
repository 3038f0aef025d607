import { expect, test } from "@playwright/test";
import { codeFrom, SIGNED_IN_URL, storedToken, TENANTS, tenantUrl, uniqueEmail, waitForMail, CODE_MAIL } from "./support.ts";

test.describe("one-time code sign-in (founders: EMAIL + OTP + MAGIC + GOOGLE)", () => {
  test("welcome → login → send me a code → code from the mail → signed in", async ({ page, request }) => {
    const email = uniqueEmail("code");
    await page.goto(tenantUrl(TENANTS.founders, "/"));
    await expect(page).toHaveTitle("Founders Circle");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Meet a fellow founder");

    await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Only founders' methods: password form, code, link, Google (the development stand-in); no SSO (not listed).
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send me a code" })).toBeVisible();
    await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
    await expect(page.getByRole("button", { name: /SSO/ })).toHaveCount(0);

    // A malformed address is refused in the page, and the message clears itself after 2.5 s.
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(page.getByText("Enter a valid e-mail address")).toBeHidden({ timeout: 4_000 });

    const before = new Date(Date.now() - 1000).toISOString();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page).toHaveURL(/\/one-time-code$/);
    await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
    await expect(page.getByText(/Send a new code in 0[01]:\d\d/)).toBeVisible();

    // A wrong code is refused with the localized message.
    await page.getByLabel("Code from the e-mail").fill("000000");
    const mail = await waitForMail(request, email, { after: before, match: CODE_MAIL });
    const code = codeFrom(mail);
    if (code !== "000000") {
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toContainText("Invalid one-time code");
    }

    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByLabel("Code from the e-mail").press("Enter");
    await expect(page).toHaveURL(SIGNED_IN_URL);
    expect(await storedToken(page)).toMatch(/^[^.]+\.[^.]+$/);
    expect(await page.evaluate(() => localStorage.getItem("firstLogin"))).toBe("true");

    // Signed in, the welcome and login pages send the member on.
    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await expect(page).toHaveURL(SIGNED_IN_URL);
  });

  test("a signed-out visitor on a private page goes to welcome; an unknown event says it is not found", async ({ page }) => {
    await page.goto(tenantUrl(TENANTS.founders, "/profile"));
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/"));
    // An event page is open to visitors (spec 2.2): an unknown one says so there, with a way home.
    await page.goto(tenantUrl(TENANTS.founders, "/event/some-event?x=1"));
    await expect(page.getByTestId("event-not-found")).toContainText("Event not found");
    await expect(page).toHaveURL(tenantUrl(TENANTS.founders, "/event/some-event?x=1"));
    // The /event/ path is kept for after the login (spec 2.2).
    expect(await page.evaluate(() => sessionStorage.getItem("redirectAfterLogin"))).toBe("/event/some-event?x=1");
  });
});
