import { expect, test } from "@playwright/test";
import { openConsoleSignedIn, registerAdmin, TENANTS, uniqueEmail } from "./support.ts";

test.describe("console screens (devguild)", () => {
  test("settings: a change is shown as a diff, saved, and found in the audit log; matches and questions open", async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = uniqueEmail("screens-admin");
    const password = "Screens-admin-pw-42";
    await registerAdmin(request, TENANTS.devguild, admin, password);
    await openConsoleSignedIn(page, request, TENANTS.devguild, admin, password);
    // The dashboard says where things are, not that they will come.
    await expect(page.getByText(/The menu on the left holds everything your role can manage/)).toBeVisible();

    await page.getByRole("menuitem", { name: "Settings" }).click();
    const description = `Builders meeting weekly ${Date.now().toString(36)}`;
    await page.getByLabel("Description").fill(description);
    await expect(page.getByTestId("settings-diff")).toContainText(description);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("settings-diff")).toHaveCount(0);

    await page.getByRole("menuitem", { name: "Audit log" }).click();
    const row = page.getByTestId("audit-row").filter({ hasText: "community.settings" }).first();
    // Who: the admin as people read it (their e-mail), not a user id.
    await expect(row.getByTestId("audit-actor")).toContainText(admin);
    await row.click();
    await expect(page.getByText(description)).toBeVisible();

    await page.getByRole("menuitem", { name: "Matches" }).click();
    await expect(page.getByText(/Matching preview for \d{4}-\d{2}-\d{2}/)).toBeVisible();
    await page.getByRole("menuitem", { name: "Questions" }).click();
    await expect(page.getByText("The onboarding questions new members answer.")).toBeVisible();
  });
});
