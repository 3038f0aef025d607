import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { E2E_PORT } from "./playwright.config.ts";
import { apiLogin, openConsoleSignedIn, registerAdmin, tenantApi, TENANTS, uniqueEmail } from "./support.ts";

/**
 * The console's API keys and Webhooks screens (issue 26), in northbank (English). Each test makes
 * its own admin and finds only the key or endpoint it made (by a unique name or URL).
 */
const TENANT = TENANTS.northbank;
const PASSWORD = "Integrations-e2e-password-26";

/** A GET with a bearer key, as an integrator's script makes it: the status. */
async function getWithKey(request: Parameters<typeof registerAdmin>[0], path: string, key: string): Promise<number> {
  const res = await request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { Host: `${TENANT}.localhost:${E2E_PORT}`, Authorization: `Bearer ${key}` } });
  return res.status();
}

async function signInAsNewAdmin(page: Page, request: Parameters<typeof registerAdmin>[0]): Promise<string> {
  const email = uniqueEmail("integrations-admin");
  await registerAdmin(request, TENANT, email, PASSWORD);
  await openConsoleSignedIn(page, request, TENANT, email, PASSWORD);
  return email;
}

test.describe("console integrations (northbank)", () => {
  // Several round trips through a delivery job each: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 120_000 });
  test("API keys: make a key, its secret is shown once and works, revoke it and it stops working", async ({ page, request }) => {
    await signInAsNewAdmin(page, request);
    const name = `e2e key ${Date.now().toString(36)}`;
    await page.getByRole("menuitem", { name: "API keys" }).click();
    await page.getByRole("button", { name: "Make a key" }).click();
    await page.getByLabel("Name").fill(name);
    const scope = page.getByRole("checkbox", { name: /Read members/ });
    await scope.click();
    await expect(scope).toBeChecked();
    await page.getByRole("button", { name: "Make the key" }).click();
    const shown = page.getByTestId("new-api-key");
    await expect(shown).toHaveValue(/^tsk_live_/);
    const key = await shown.inputValue();
    await page.getByRole("button", { name: "I have copied it" }).click();

    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Active");
    // Shown once: the list has only its beginning.
    await expect(page.getByText(key)).toHaveCount(0);
    expect(await getWithKey(request, "/api/console/participants?range=[0,0]", key)).toBe(200);

    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(row).toContainText("Revoked");
    expect(await getWithKey(request, "/api/console/participants?range=[0,0]", key)).toBe(401);
  });

  test("webhooks: add an endpoint, its secret shown once; a test event is delivered signed and listed; replay sends it again", async ({ page, request }) => {
    const bodies: { headers: Record<string, string>; body: string }[] = [];
    const server: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      req.on("end", () => {
        bodies.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/e2e-${Date.now().toString(36)}`;
      const email = await signInAsNewAdmin(page, request);
      await page.getByRole("menuitem", { name: "Webhooks" }).click();
      await page.getByRole("link", { name: "Add an endpoint" }).click();
      await page.getByLabel("URL").fill(url);
      const type = page.getByRole("checkbox", { name: "member.joined" });
      await type.click();
      await expect(type).toBeChecked();
      await page.getByRole("button", { name: "Save" }).click();
      const secretField = page.getByTestId("new-webhook-secret");
      await expect(secretField).toHaveValue(/^whsec_/);
      const secret = await secretField.inputValue();
      await page.getByRole("button", { name: "I have copied it" }).click();

      // On the endpoint's page: send a test event; its delivery is listed and, once sent, delivered.
      await expect(page.getByLabel("URL")).toHaveValue(url);
      await page.getByRole("button", { name: "Send a test event" }).click();
      await expect.poll(() => bodies.length, { timeout: 30_000 }).toBe(1);
      const first = bodies[0] as { headers: Record<string, string>; body: string };
      expect((new Webhook(secret).verify(first.body, first.headers) as { type: string }).type).toBe("webhook.test");
      const deliveries = page.getByRole("row").filter({ hasText: "webhook.test" });
      await expect(async () => {
        await page.reload();
        await expect(deliveries.first()).toContainText("Delivered", { timeout: 15_000 });
      }).toPass({ timeout: 60_000 });
      await expect(deliveries.first()).toContainText("204");

      await deliveries.first().getByRole("button", { name: "Replay" }).click();
      await expect.poll(() => bodies.length, { timeout: 30_000 }).toBe(2);
      expect(bodies[1]?.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
      await expect(async () => {
        await page.reload();
        await expect(deliveries).toHaveCount(2, { timeout: 15_000 });
      }).toPass({ timeout: 60_000 });

      // The list shows it by its URL (no other spec's endpoint is looked at).
      await page.getByRole("menuitem", { name: "Webhooks" }).click();
      await expect(page.getByRole("row").filter({ hasText: url })).toContainText("On");
      const admin = await apiLogin(request, TENANT, email, PASSWORD);
      const listed = (await tenantApi(request, TENANT, "GET", "/api/admin/northbank/webhooks", admin)) as { url: string }[];
      expect(listed.map((e) => e.url)).toContain(url);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
