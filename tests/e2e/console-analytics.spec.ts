
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { ADMIN_SECRET, E2E_PORT } from "./playwright.config.ts";
import { apiLogin, operatorCli, runNode, signInByCode, tenantApi, tenantUrl, uniqueEmail } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const _dataDir = process.env.E2E_DATA_DIR ?? path.join(root, `.tmp/e2e-data-${E2E_PORT}`);
const PASSWORD = "Analytics-e2e-password-3";
const VIEWPORT = { width: 1280, height: 800 };

/** New communities (tenant.json files applied through the CLI, as `tuesday tenant init` writes them), English and Russian. */
async function newCommunities(labels: string[]): Promise<string[]> {
  const stamp = Date.now().toString(36);
  const ids = labels.map((label) => `${label}-${stamp}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuesday-analytics-"));
  try {
    for (const id of ids) {
      fs.mkdirSync(path.join(dir, id));
      const config = {
        version: 2,
        id,
        domain: `${id}.localhost`,
        lang: "en",
        langChoices: ["en", "ru"],
        timeZone: "UTC",
        title: `Charts ${id}`,
        description: "",
        moderationRequired: false,
        authConfig: [{ authType: "EMAIL" }, { authType: "OTP" }, { authType: "MAGIC" }],
        senderEmail: `hello@${id}.localhost`,
        brandConfig: { title: `Charts ${id}` },
      };
      fs.writeFileSync(path.join(dir, id, "tenant.json"), JSON.stringify(config));
    }
    await operatorCli("tenant", "apply", "--all", "--dir", dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return ids;
}

/** An admin of `community` (made with the registration secret), once running servers know the new community. */
async function adminOf(request: APIRequestContext, community: string): Promise<string> {
  const email = uniqueEmail(`analytics-${community.split("-")[0]}`);
  await expect
    .poll(
      async () => {
        const res = await request.post(`http://127.0.0.1:${E2E_PORT}/api/auth/register-admin?secret=${encodeURIComponent(ADMIN_SECRET)}`, {
          headers: { Host: `${community}.localhost:${E2E_PORT}` },
          data: { email, password: PASSWORD },
        });
        return res.status();
      },
      { timeout: 20_000, message: `the new community ${community}` },
    )
    .toBe(200);
  return apiLogin(request, community, email, PASSWORD);
}

/** Four members of `community`, then matches between them: three this week, one two weeks ago. */
async function withMatches(request: APIRequestContext, community: string): Promise<void> {
  for (const name of ["Ada", "Bert", "Cora", "Dan"]) {
    const token = await signInByCode(request, uniqueEmail(`analytics-${name.toLowerCase()}`), community);
    const user = (await tenantApi(request, community, "GET", "/api/current-user", token)) as { userId: string };
    await tenantApi(request, community, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: name, lastName: "Charts" });
  }
  const inserted = runNode([
    "tests/e2e/db-exec.ts",
    `insert into matches (community_id, source, participant_low, participant_high, score, created_at)
     select $1, 'ADMIN', a.id, b.id, 0.5, case when row_number() over (order by a.id, b.id) <= 3 then now() else now() - interval '14 days' end
     from participants a join participants b on a.community_id = b.community_id and a.id < b.id
     where a.community_id = $1 order by a.id, b.id limit 4`,
    community,
  ]);
  expect(inserted.trim()).toBe("4");
}

const CHARTS = ["chart-signups", "chart-matches", "chart-meetings", "chart-funnel", "chart-tags", "chart-cities"];

/** The analytics page of `community` as its admin reading `lang`; checks the value axes and that a menu click then works. */
async function checkCharts(browser: Browser, community: string, token: string, lang: "en" | "ru", expectSomeNonZero: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(
    ([t, l]) => {
      if (!localStorage.getItem("local")) localStorage.setItem("local", l as string);
      if (!localStorage.getItem("token")) localStorage.setItem("token", t as string);
    },
    [token, lang],
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(tenantUrl(community, "/console/#/analytics"));
  // The first answer of the analytics queries can be slow on a loaded machine; the charts come together.
  await expect(page.getByTestId("chart-signups").locator("svg").first()).toBeVisible({ timeout: 30_000 });
  for (const id of CHARTS) await expect(page.getByTestId(id).locator("svg").first()).toBeVisible();

  // The value axis of each chart: its tick labels (the funnel's is its x axis, the others' their y axis).
  const labels: Record<string, string[]> = {};
  for (const id of CHARTS) {
    const axis = id === "chart-funnel" ? ".MuiChartsAxis-directionX" : ".MuiChartsAxis-directionY";
    const texts = await page.getByTestId(id).locator(`${axis} .MuiChartsAxis-tickLabel`).allTextContents();
    labels[id] = texts.map((t) => t.trim());
  }
  for (const [id, texts] of Object.entries(labels)) {
    expect(texts.length, `${id}: ticks`).toBeGreaterThanOrEqual(2);
    for (const text of texts) expect(text, `${id} (${lang}): "${text}" in ${JSON.stringify(texts)}`).toMatch(/^\d+$/);
    expect(texts[0], id).toBe("0");
  }
  if (expectSomeNonZero) expect(labels["chart-matches"]).toEqual(["0", "1", "2", "3"]);
  else expect(labels["chart-matches"]).toEqual(["0", "1"]);
  await page.screenshot({ path: path.join(root, `.tmp/console-analytics-${expectSomeNonZero ? "values" : "zeros"}-${lang}.png`), fullPage: true });

  // Still responsive: the participants list opens from the menu.
  await page.locator('a[role="menuitem"][href="#/participants"]').click();
  await expect(page).toHaveURL(/#\/participants/);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByTestId("chart-signups")).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
}

test.describe("console analytics: value axes of counts", () => {
  test("all zeros and a few matches, in English and Russian: whole-number ticks, none cut, the page stays responsive", async ({ browser, request }) => {
    test.setTimeout(300_000);
    const [zeros = "", values = ""] = await newCommunities(["zeros", "values"]);
    const zerosAdmin = await adminOf(request, zeros);
    const valuesAdmin = await adminOf(request, values);
    await withMatches(request, values);
    for (const lang of ["en", "ru"] as const) {
      await checkCharts(browser, zeros, zerosAdmin, lang, false);
      await checkCharts(browser, values, valuesAdmin, lang, true);
    }
  });
});
