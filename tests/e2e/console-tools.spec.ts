import fs from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, openConsoleSignedIn, registerAdmin, registerUser, tenantApi, TENANTS, uniqueEmail } from "./support.ts";

/** The console's Participants bulk reject and CSV export, and the Questions editor (northbank: English, with Russian). */

const TENANT = TENANTS.northbank;

const api = (request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown) =>
  tenantApi(request, TENANT, method, path, token, data);

/** A member of northbank, left pending by the admin. */
async function pendingMember(request: APIRequestContext, adminToken: string, firstName: string, password: string) {
  const email = uniqueEmail("tools-member");
  await registerUser(request, TENANT, email, password);
  const token = await apiLogin(request, TENANT, email, password);
  const user = (await api(request, "GET", "/api/current-user", token)) as { userId: string };
  await api(request, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Tools" });
  const profile = (await api(request, "GET", "/api/participant/profile", token)) as { id: string };
  await api(request, "PATCH", `/api/participant-moderation/${profile.id}`, adminToken, { moderationStatus: "pending" });
  return { email, token, id: profile.id };
}



test.describe("console tools (northbank)", () => {
  test("participants: bulk reject with a reason the members see; Export downloads every member the filter matches as CSV", async ({ page, request }) => {
    const password = "Tools-e2e-password-31";
    const admin = uniqueEmail("tools-admin");
    await registerAdmin(request, TENANT, admin, password);
    const adminToken = await apiLogin(request, TENANT, admin, password);
    const suffix = Date.now().toString(36);
    const a = await pendingMember(request, adminToken, `Ana${suffix}`, password);
    const b = await pendingMember(request, adminToken, `Ben${suffix}`, password);

    await openConsoleSignedIn(page, request, TENANT, admin, password);
    await page.getByRole("menuitem", { name: "Participants" }).click();
    await page.getByPlaceholder("Search").fill(suffix);
    await expect(page.getByTestId(`status-${a.id}`)).toHaveText("Pending");
    await expect(page.getByTestId(`status-${b.id}`)).toHaveText("Pending");
    // The search is applied (debounced) once it is in the URL: a selection made before would be cleared.
    await expect(page).toHaveURL(new RegExp(`filter=.*${suffix}`));
    for (const name of [`Ana${suffix}`, `Ben${suffix}`]) await page.getByRole("row").filter({ hasText: name }).getByRole("checkbox").check();
    await expect(page.getByText("2 items selected")).toBeVisible();
    await page.getByTestId("bulk-reject").click();
    await page.getByTestId("bulk-reject-reason").fill("Tell us what you work on");
    await page.getByTestId("bulk-reject-submit").click();
    await expect(page.getByText("Changed: 2; already so: 0")).toBeVisible();
    await expect(page.getByTestId(`status-${a.id}`)).toHaveText("Rejected");
    await expect(page.getByTestId(`status-${b.id}`)).toHaveText("Rejected");
    for (const m of [a, b]) {
      expect(await api(request, "GET", "/api/participant/profile", m.token)).toMatchObject({ moderationStatus: "rejected", moderationReason: "Tell us what you work on" });
    }

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines[0]).toMatch(/^id,firstName,lastName,email,/);
    // The search is fuzzy and other specs share this community, so members this spec did not make may
    // match the suffix. The export holds both of ours and every member the list shows for the filter.
    // (Known: the export's search matches more loosely than the list's; to be made one.)
    const exported = lines.slice(1).map((l) => l.split(",")[0]);
    expect(exported).toEqual(expect.arrayContaining([a.id, b.id]));
    const filter = encodeURIComponent(JSON.stringify({ q: suffix }));
    const listed = (await api(request, "GET", `/api/console/participants?filter=${filter}&range=[0,499]`, adminToken)) as { id: string }[];
    expect(exported).toEqual(expect.arrayContaining(listed.map((m) => m.id)));
    for (const m of [a, b]) expect(lines.find((l) => l.startsWith(m.id))).toContain("Tell us what you work on");
  });

  test("questions: create one with options, translate an option, retire another, then delete it", async ({ page, request }) => {
    const password = "Tools-e2e-password-32";
    const admin = uniqueEmail("tools-q-admin");
    await registerAdmin(request, TENANT, admin, password);
    const adminToken = await apiLogin(request, TENANT, admin, password);
    const text = `Favourite stack ${Date.now().toString(36)}`;

    await openConsoleSignedIn(page, request, TENANT, admin, password);
    await page.getByRole("menuitem", { name: "Questions" }).click();
    await page.getByTestId("question-add").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Question", { exact: true }).fill(text);
    await dialog.getByLabel("Options").fill("TypeScript\nRust\nGo");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Question created")).toBeVisible();

    const card = page.getByTestId("question").filter({ has: page.locator(`input[value="${text}"]`) });
    const options = card.getByTestId("question-option");
    await expect(options).toHaveCount(3);
    await options.nth(0).getByLabel("Option in RU").fill("ТайпСкрипт");
    await options.nth(2).getByLabel("Offered").uncheck();
    await card.getByRole("button", { name: "Save options" }).click();
    await expect(page.getByText("Question saved")).toBeVisible();

    type Q = { id: string; text: string; visible: boolean; options: { text: string; active: boolean; translations: Record<string, string> }[] };
    const find = async () => ((await api(request, "GET", `/api/admin/${TENANT}/questions`, adminToken)) as Q[]).find((q) => q.text === text);
    const saved = await find();
    expect(saved?.options.map((o) => [o.text, o.active, o.translations])).toEqual([
      ["TypeScript", true, { ru: "ТайпСкрипт" }],
      ["Rust", true, {}],
      ["Go", false, {}],
    ]);

    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Question deleted")).toBeVisible();
    await expect(card.getByRole("checkbox", { name: "Shown" })).not.toBeChecked();
    expect((await find())?.visible).toBe(false);
  });

  test("matches: the preview before Tuesday lists the pairs it would make", async ({ page, request }) => {
    const password = "Tools-e2e-password-33";
    const admin = uniqueEmail("tools-m-admin");
    await registerAdmin(request, TENANT, admin, password);
    const adminToken = await apiLogin(request, TENANT, admin, password);
    const preview = (await (
      await request.get(`http://127.0.0.1:${E2E_PORT}/api/console/matches/preview`, { headers: { Host: `${TENANT}.localhost:${E2E_PORT}`, Authorization: `Bearer ${adminToken}` } })
    ).json()) as unknown[];
    await openConsoleSignedIn(page, request, TENANT, admin, password);
    await page.getByRole("menuitem", { name: "Matches" }).click();
    await expect(page.getByText(/^The pairs it would make: \d+$/)).toBeVisible();
    if (preview.length > 0) await expect(page.getByTestId("preview-pair")).toHaveCount(Math.min(preview.length, 20));
    else await expect(page.getByText("No pairs: too few members can be matched this week.")).toBeVisible();
  });
});
