import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, registerAdmin, registerUser, tenantApi, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

const api = (request: APIRequestContext, method: "GET" | "POST" | "PATCH", path: string, token: string | null, data?: unknown) =>
  tenantApi(request, TENANTS.founders, method, path, token, data);

test.describe("topics (founders ships a taxonomy in tenant.json)", () => {
  test("a member picks what they need help with and can help with on the profile; the picks are saved and shown", async ({ page, request }) => {
    const email = uniqueEmail("topics");
    const password = "Topics-e2e-password-1";
    await registerUser(request, TENANTS.founders, email, password);
    const token = await apiLogin(request, TENANTS.founders, email, password);
    const user = (await api(request, "GET", "/api/current-user", token)) as { userId: string };
    await api(request, "POST", `/api/participant/create?userId=${user.userId}`, token, { firstName: "Topa", lastName: "Picker" });
    await api(request, "POST", "/api/participant/update-looking-for", token, { lookingFor: ["NEED_HELP_WITH"] });

    await page.goto(tenantUrl(TENANTS.founders, "/login"));
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
    await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/(questions|my_communities)$/);

    await page.goto(tenantUrl(TENANTS.founders, "/profile"));
    const section = page.getByRole("form", { name: "Request" });
    const needs = section.getByRole("group", { name: "I need help with" });
    const offers = section.getByRole("group", { name: "I can help with" });
    await needs.getByRole("button", { name: "Tax & VAT" }).click();
    await needs.getByRole("button", { name: "Fundraising & investors" }).click();
    await offers.getByRole("button", { name: "Software engineering" }).click();
    await expect(needs.getByRole("button", { name: "Tax & VAT" })).toHaveAttribute("aria-pressed", "true");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByRole("status")).toContainText("Saved");

    const profile = (await api(request, "GET", "/api/participant/profile", token)) as { needTopics: string[]; offerTopics: string[] };
    expect(profile.needTopics).toEqual(["tax", "fundraising"]);
    expect(profile.offerTopics).toEqual(["engineering"]);

    // After a reload the picks are pressed, and the profile's summary shows them.
    await page.reload();
    await expect(page.getByRole("group", { name: "I need help with" }).getByRole("button", { name: "Tax & VAT" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("topic-picks-needTopics")).toContainText("Tax & VAT");
    await expect(page.getByTestId("topic-picks-offerTopics")).toContainText("Software engineering");

    // The public profile shows them too.
    await page.getByRole("link", { name: "View my public profile" }).click();
    await expect(page).toHaveURL(/\/u\//);
    await expect(page.getByTestId("topic-picks-needTopics")).toContainText("Fundraising & investors");
    await page.goto(tenantUrl(TENANTS.founders, "/profile"));

    // In Russian the labels are the community's Russian ones.
    await api(request, "POST", "/api/participant/update-profile", token, { language: "ru" });
    await page.evaluate(() => localStorage.setItem("local", "ru"));
    await page.reload();
    await expect(page.getByTestId("topic-picks-needTopics")).toContainText("Налоги и НДС");
  });

  test("an admin adds a topic in the console and members are offered it", async ({ page, request }) => {
    const admin = uniqueEmail("topics-admin");
    const password = "Topics-admin-password-1";
    await registerAdmin(request, TENANTS.founders, admin, password);
    // Signed out, the screen sends to the login form.
    await page.goto(tenantUrl(TENANTS.founders, "/console/#/topics"));
    await expect(page).toHaveURL(/#\/login$/);
    await page.goto(tenantUrl(TENANTS.founders, "/console"));
    await page.getByLabel("E-mail").fill(admin);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("community-title")).toHaveText("Founders Circle");
    await page.getByRole("menuitem", { name: "Topics" }).click();
    await expect(page.getByTestId("topic-tax")).toBeVisible();

    const key = `e2e_${Date.now().toString(36)}`;
    const form = page.getByRole("form", { name: "Add a topic" });
    await form.getByLabel("Key").fill(key);
    await form.getByLabel("Label (EN)").fill("Podcast guests");
    await form.getByLabel("Label (RU)").fill("Гости подкастов");
    await form.getByRole("button", { name: "Add" }).click();
    await expect(page.getByTestId(`topic-${key}`)).toBeVisible();

    const res = await request.get(`http://127.0.0.1:${E2E_PORT}/api/community/topics`, { headers: { Host: `${TENANTS.founders}.localhost:${E2E_PORT}` } });
    const topics = (await res.json()) as { key: string; label: string }[];
    expect(topics.find((t) => t.key === key)?.label).toBe("Podcast guests");

    // Moved up one place: members see it before the topic that was above it.
    const keysNow = async () => {
      const r = await request.get(`http://127.0.0.1:${E2E_PORT}/api/community/topics`, { headers: { Host: `${TENANTS.founders}.localhost:${E2E_PORT}` } });
      return ((await r.json()) as { key: string }[]).map((t) => t.key);
    };
    const before = await keysNow();
    await page.getByRole("button", { name: `Move ${key} up` }).click();
    await expect(page.getByText("Order saved")).toBeVisible();
    const after = await keysNow();
    expect(after.indexOf(key)).toBe(before.indexOf(key) - 1);

    await page.getByTestId(`topic-${key}`).getByRole("button", { name: "Archive" }).click();
    await expect(page.getByTestId(`archived-topic-${key}`)).toBeVisible();
  });
});
