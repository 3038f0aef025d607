import { expect, test } from "@playwright/test";
import { linkFrom, SIGNED_IN_URL, storedToken, TENANTS, tenantUrl, uniqueEmail, waitForMail, mailWithLink } from "./support.ts";

test.describe("one-time sign-in link (devguild: EMAIL + MAGIC)", () => {
  test("request a link, open it from the mail, end up signed in; the link works once", async ({ page, request }) => {
    const email = uniqueEmail("magic");
    const before = new Date(Date.now() - 1000).toISOString();
    await page.goto(tenantUrl(TENANTS.devguild, "/login"));
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    const link = linkFrom(await waitForMail(request, email, { after: before, match: mailWithLink("/auth-magic?") }), "/auth-magic?");
    expect(link.startsWith(tenantUrl(TENANTS.devguild, "/auth-magic?"))).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(SIGNED_IN_URL);
    expect(await storedToken(page)).not.toBeNull();

    // A second use fails with a clear message (in a clean browser context).
    const other = await page.context().browser()?.newContext();
    if (!other) throw new Error("no browser");
    const again = await other.newPage();
    await again.goto(link);
    await expect(again.getByRole("alert")).toContainText("This link is invalid or has expired");
    expect(await storedToken(again)).toBeNull();
    await other.close();
  });
});
