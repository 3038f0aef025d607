
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { operatorCli, ownCommunity, signInByCode, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const _dataDir = process.env.E2E_DATA_DIR ?? path.join(root, `.tmp/e2e-data-${E2E_PORT}`);

function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");
}

const api = (request: APIRequestContext, community: string, method: "GET" | "POST", p: string, token: string | null, data?: unknown) =>
  tenantApi(request, community, method, p, token, data);

async function onboarded(request: APIRequestContext, community: string, firstName: string, tags: string[]) {
  const token = await signInByCode(request, uniqueEmail("report"), community);
  const user = (await api(request, community, "GET", "/api/current-user", token)) as { userId: string };
  await api(request, community, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Reportcase" });
  await api(request, community, "POST", "/api/participant/update-looking-for", token, { lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"], lookingForText: `${tags[0]} partners`, canHelpWithText: `${tags[0]} pilots` });
  await api(request, community, "POST", "/api/participant/update-profile", token, {
    about: `I work on ${tags.join(" and ")}.`,
    company: `${firstName} Labs`,
    position: "Founder",
    city: "Lisbon",
    shareLocation: true,
    tags,
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}-reportcase` },
  });
  const me = (await api(request, community, "GET", "/api/participant/profile", token)) as { id: string };
  return { token, firstName, id: me.id };
}

test.describe("in-app reports (founders)", () => {
  test("a member reports a recommended member; a moderator hides the profile in the console; the reporter is told it was reviewed", async ({ browser, page, request }) => {
    test.setTimeout(120_000);
    // A community of its own made from founders' files: A's recommendations are of its members
    // alone, and its moderator's queue holds this report alone.
    const f = await ownCommunity(TENANTS.founders, "reports");
    const rare = uniqueWord("reportwidgets");
    const a = await onboarded(request, f, uniqueWord("Ann"), [rare, "Fintech"]);
    const b = await onboarded(request, f, uniqueWord("Ben"), [rare, "Logistics"]);
    // Drops the server's cached matching model so the on-demand recommendation sees B at once.
    await api(request, f, "POST", "/api/matching/resume", a.token, {});

    const context = await browser.newContext();
    await context.addInitScript((token) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", token);
    }, a.token);
    const member = await context.newPage();
    await member.goto(tenantUrl(f, "/my_communities"));
    const card = member.getByTestId("recommendation").filter({ hasText: b.firstName });
    // The on-demand recommendation is computed on first view: slow on a loaded machine.
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole("button", { name: "Report" }).click();
    const dialog = member.getByRole("dialog", { name: "Report this member" });
    await dialog.getByLabel("Fake profile").check();
    await dialog.getByLabel(/^What happened/).fill("The photo and company look made up.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog).toBeHidden();
    await expect(member.locator(".alert").filter({ hasText: "Thank you. The moderators will review your report." })).toBeVisible();

    // A moderator of founders works the queue in the console.
    const moderator = uniqueEmail("report-mod");
    const password = "Reports-e2e-password-7";
    await operatorCli("admin", "create", "--community", f, "--email", moderator, "--password", password, "--role", "moderator");
    await page.goto(tenantUrl(f, "/console"));
    await page.getByLabel("E-mail").fill(moderator);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("community-title")).toBeVisible();
    await page.getByRole("menuitem", { name: "Reports" }).click();
    const row = page.getByRole("row").filter({ hasText: b.firstName });
    await expect(row).toContainText("Fake profile");
    await expect(row).toContainText("Open");
    await row.getByTestId("report-hide").click();
    const confirm = page.getByRole("dialog", { name: "Resolve this report?" });
    await confirm.getByRole("button", { name: "Hide profile" }).click();
    await expect(page.getByText("The report is resolved")).toBeVisible();
    // The open queue no longer lists it; the resolved one does, with the decision.
    await expect(page.getByRole("row").filter({ hasText: b.firstName })).toHaveCount(0);

    // The reporter's bell: reviewed, nothing about what was done.
    const notes = (await api(request, f, "GET", "/api/notifications", a.token)) as { items: { type: string }[] };
    expect(notes.items.map((i) => i.type)).toContain("REPORT_REVIEWED");
    await member.goto(tenantUrl(f, "/notifications"));
    await expect(member.getByText("The moderators have reviewed your report")).toBeVisible();
    const profile = (await api(request, f, "GET", "/api/participant/profile", b.token)) as { profileEnabled: boolean };
    expect(profile.profileEnabled).toBe(false);
    await context.close();
  });
});
