import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiLogin, openTab, operatorCli, ownCommunity, registerAdmin, signInByCode, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";


/** This week's Tuesday (today or before): a run of its own that the coming week's run (matching.spec) never meets. */
function thisTuesday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 5) % 7));
  return d.toISOString().slice(0, 10);
}

const api = (request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown) =>
  tenantApi(request, TENANTS.founders, method, path, token, data);

/** A member of `community` with a complete profile (so weekly matching may pair them), made through the API. */
async function onboardedMember(request: APIRequestContext, community: string, firstName: string, tags: string[]): Promise<void> {
  const token = await signInByCode(request, uniqueEmail("scored"), community);
  const user = (await tenantApi(request, community, "GET", "/api/current-user", token)) as { userId: string };
  await tenantApi(request, community, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName, lastName: "Scored" });
  await tenantApi(request, community, "POST", "/api/participant/update-looking-for", token, {
    lookingFor: ["LOOKING_FOR"],
    lookingForText: "Climate hardware investors",
    canHelpWithText: "Battery prototyping",
  });
  await tenantApi(request, community, "POST", "/api/participant/update-profile", token, {
    about: "Building climate hardware",
    company: `${firstName} Labs`,
    position: "Founder",
    city: "Lisbon",
    shareLocation: true,
    tags,
    contacts: { LINKEDIN: `https://www.linkedin.com/in/${firstName.toLowerCase()}-scored` },
  });
}

/** An admin of `community` (founders unless said) made with the registration secret (no participant profile), signed in to the member app. */
async function adminInApp(page: Page, request: APIRequestContext, label: string, community: string = TENANTS.founders): Promise<string> {
  const admin = uniqueEmail(label);
  const password = "Restricted-admin-pw-42";
  await registerAdmin(request, community, admin, password);
  await page.goto(tenantUrl(community, "/login"));
  await page.getByLabel("E-mail").fill(admin);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
  return admin;
}

test.describe("the member app's admin screens (founders)", () => {
  test("restricted mode: an admin without a participant profile has event, dashboard, notifications, score match and the ways to the console", async ({ page, request }) => {
    test.setTimeout(90_000);
    await adminInApp(page, request, "restricted-admin");
    // The default page of restricted mode is the events list, with the bar of spec 2.4.
    await expect(page).toHaveURL(/\/events$/);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    // Its bar leads to the console too: the admin's one obvious way there.
    await expect(nav.getByRole("link")).toHaveText(["Events", "Dashboard", "Notifications", "Console"]);
    await expect(nav.getByRole("link", { name: "Console" })).toHaveAttribute("href", "/console/");
    for (const path of ["/my_communities", "/profile"]) {
      await page.goto(tenantUrl(TENANTS.founders, path));
      await expect(page, path).toHaveURL(/\/events$/);
    }
    // /admin and /settings stay open to an admin: they lead to the console.
    await page.goto(tenantUrl(TENANTS.founders, "/admin"));
    await expect(page.getByTestId("open-console")).toHaveAttribute("href", "/console/");
    await page.goto(tenantUrl(TENANTS.founders, "/settings"));
    await expect(page).toHaveURL(/\/settings$/);
    await openTab(page, "Dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("dashboard-stats")).toContainText("Members");
    await page.getByRole("link", { name: "Score pairs" }).click();
    await expect(page).toHaveURL(/\/score-match$/);
    await expect(page.getByRole("heading", { name: "Score match" })).toBeVisible();
    await openTab(page, "Notifications");
    await expect(page).toHaveURL(/\/notifications$/);
    // The console's entry points are on the dashboard.
    await page.goto(tenantUrl(TENANTS.founders, "/dashboard"));
    await page.getByRole("link", { name: "Mailings" }).click();
    await expect(page).toHaveURL(/\/console\/#\/mailings$/);
    // A cold start of the console's bundle: on a loaded machine it took over 7.5 s.
    await expect(page.getByLabel("Subject (en)")).toBeVisible({ timeout: 20_000 });
  });

  test("an admin sets a pair score in the console and in the app's score match", async ({ page, request }) => {
    test.setTimeout(90_000);
    // A community of its own (founders' files): its weekly run pairs these five and no other spec's
    // members, and the weeks' pairs to score are theirs, whatever runs beside it.
    const f = await ownCommunity(TENANTS.founders, "scores");
    const stamp = Date.now().toString(36).replace(/[0-9]/g, "");
    await onboardedMember(request, f, `Ana${stamp}`, ["climate", "hardware", "batteries"]);
    await onboardedMember(request, f, `Bea${stamp}`, ["climate", "hardware", "solar"]);
    await onboardedMember(request, f, `Cai${stamp}`, ["climate", "hardware", "grid"]);
    await operatorCli("matching", "run", "--community", f, "--week", thisTuesday(), "--no-mail", "--json");
    // Two who join after the run: the coming week has unscored candidate pairs again.
    await onboardedMember(request, f, `Dee${stamp}`, ["climate", "hardware", "wind"]);
    await onboardedMember(request, f, `Eve${stamp}`, ["climate", "hardware", "storage"]);
    await adminInApp(page, request, "score-admin", f);
    await expect(page).toHaveURL(/\/events$/);

    // The console shares the session: Matches lists the week's pairs, each to score, explain and trace back.
    await page.goto(tenantUrl(f, "/console/#/matches"));
    const row = page.getByTestId("week-pair").first();
    await expect(row).toBeVisible();
    await expect(row).toContainText("can help with what you need: sustainability and climate");
    // Switched to Russian, the console reads the pairs again: their reasons in Russian, though the admin's own language is English.
    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("menuitem", { name: "Русский" }).click();
    await expect(row).toContainText("может помочь с тем, что вам нужно");
    await expect(row).not.toContainText("can help");
    await expect(row).not.toContainText("sustainability");
    // The next pair to score below it too (a query of its own).
    await expect(page.getByTestId("pair-to-score")).toContainText("может помочь с тем");
    await expect(page.getByTestId("pair-to-score")).not.toContainText("can help");
    await page.getByRole("button", { name: "Русский" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(row).toContainText("can help with what you need: sustainability and climate");
    await row.getByRole("combobox").selectOption("9");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Pair score saved")).toBeVisible();
    await expect(row.getByRole("combobox")).toHaveValue("9");
    await row.getByRole("button", { name: "History" }).click();
    await expect(row.getByRole("listitem").first()).toBeVisible();
    await page.reload();

    // Then the next pair of the coming week's candidates.
    const pair = page.getByTestId("pair-to-score");
    await expect(pair).toBeVisible();
    await page.getByRole("button", { name: "Save the score and show the next pair" }).click();
    await expect(page.getByText("Pair score saved")).toBeVisible();

    await page.goto(tenantUrl(f, "/score-match"));
    await expect(page.getByTestId("pair-to-score")).toBeVisible();
    await page.getByLabel(/Your score/).fill("8");
    await page.getByRole("button", { name: "Save score" }).click();
    await expect(page.getByText(/Saved: .+ ↔ .+, 8 of 10\./)).toBeVisible();

    // The member app in Russian in an English browser (Accept-Language en-US): the next pair's reasons
    // in the app's Russian, which it sends with every call.
    await page.evaluate(() => localStorage.setItem("local", "ru"));
    await page.goto(tenantUrl(f, "/score-match"));
    const ruPair = page.getByTestId("pair-to-score");
    await expect(ruPair.getByRole("listitem").first()).toHaveText(/[а-яё]/i);
    await expect(ruPair).not.toContainText("can help");
    await expect(ruPair).not.toContainText("You both");
    // On a phone its breakdown keeps each number and column title on one line.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(ruPair.locator(".score-terms td").first()).toBeVisible();
    const broken = await ruPair.locator(".score-terms td, .score-terms th[scope=col]").evaluateAll((cells) =>
      cells.filter((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((cell) => cell.textContent),
    );
    expect(broken).toEqual([]);
    const table = await ruPair.locator(".score-terms").boundingBox();
    expect((table?.x ?? 0) + (table?.width ?? 0)).toBeLessThanOrEqual(390);
  });

  test("an invitation link: kept through sign-up when signed out, accepted at once when signed in", async ({ page, request }) => {
    const adminEmail = uniqueEmail("inviter");
    await registerAdmin(request, TENANTS.founders, adminEmail, "Inviter-admin-pw-42");
    const inviter = (await api(request, "GET", "/api/current-participant", await apiLogin(request, TENANTS.founders, adminEmail, "Inviter-admin-pw-42"))) as { id: string };
    const invitee = uniqueEmail("invitee");

    // Signed out: the invitedBy value is kept, and joining starts the sign-up with the address filled in.
    await page.goto(tenantUrl(TENANTS.founders, `/invite?invitedBy=${inviter.id}&email=${encodeURIComponent(invitee)}`));
    await expect(page.getByRole("heading", { name: "Invitation to Founders Circle" })).toBeVisible();
    await page.getByTestId("invite-join").click();
    await expect(page).toHaveURL(/\/registration\?email=/);
    await expect(page.getByLabel("E-mail")).toHaveValue(invitee);
    expect(await page.evaluate(() => localStorage.getItem("invitedBy"))).toBe(inviter.id);

    // Signed in (no participant yet): accepted at once; the participant made next carries the inviter.
    const token = await signInByCode(request, invitee);
    await page.evaluate((t) => localStorage.setItem("token", t), token);
    await page.goto(tenantUrl(TENANTS.founders, `/invite?invitedBy=${inviter.id}`));
    await expect(page.getByText("Invitation accepted. Welcome!")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("invitedBy"))).toBeNull();
    const user = (await api(request, "GET", "/api/current-user", token)) as { userId: string };
    const joined = (await api(request, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Ivy", lastName: "Invited" })) as { id: string };
    const profile = (await api(request, "GET", "/api/participant/profile", token)) as { id: string; invitedBy: string | null };
    expect(profile.id).toBe(joined.id);
    expect(profile.invitedBy).toBe(inviter.id);

    // Subscriptions: e-mail notifications turned off stay off.
    await page.goto(tenantUrl(TENANTS.founders, "/subscriptions"));
    const email = page.getByRole("checkbox", { name: "E-mail" });
    await expect(email).toBeChecked();
    // The box follows the saved preference: it flips when the server has answered.
    await email.click();
    await expect(email).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "E-mail" })).not.toBeChecked();

    // A broken link says so.
    await page.goto(tenantUrl(TENANTS.founders, "/invite?invitedBy=nope"));
    await expect(page.getByText("This invitation link is not valid. Ask for a new one.")).toBeVisible();
  });
});
