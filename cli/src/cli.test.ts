import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { findUserByEmail, queueMail, verifyPassword } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { signInAs, uniqueEmail } from "../../tests/support/users.ts";
import { cliSession } from "./run-cli.ts";

// Each test starts node processes that load the whole platform; on a busy 2-core machine that alone
// can take most of the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

const root = path.resolve(import.meta.dirname, "../..");
let env: TestEnv;
let tmp: string;

const cli = cliSession(() => env.dbUrl);
function runCli(args: string[], opts: { input?: string; env?: Record<string, string> } = {}) {
  return cli.run(args, opts);
}

beforeAll(async () => {
  env = await createTestEnv();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-cli-"));
});
afterAll(async () => {
  await cli.close();
  await env?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("tuesday db migrate", () => {
  it("reports the schema up to date", async () => {
    const r = await runCli(["db", "migrate"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Database schema is up to date \(latest migration: \d{3}_\w+\.sql\)/);
  });
});

describe("tuesday tenant validate", () => {
  it("accepts the demo tenants (exit 0)", async () => {
    const r = await runCli(["tenant", "validate", "tenants"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("ok  founders");
    expect(r.stdout).toContain("4 tenants valid.");
  });

  it("names the file and field of every problem (exit 1, no stack trace)", async () => {
    const dir = path.join(tmp, "broken");
    await fs.cp(path.join(root, "tenants"), dir, { recursive: true });
    const file = path.join(dir, "devguild", "tenant.json");
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    delete json.title;
    json.colour = "red";
    await fs.writeFile(file, JSON.stringify(json));
    const r = await runCli(["tenant", "validate", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}: title: `);
    expect(r.stderr).toContain(`${file}: (root): `);
    expect(r.stderr).toMatch(/colour/);
    expect(r.stderr).toMatch(/error: \d+ problems? in /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("warns, without failing, about sign-in methods this server has no configuration for", async () => {
    // As on a production machine: its SMTP server set (a production start requires one).
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" };
    const r = await runCli(["tenant", "validate", "tenants"], { env: production });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("4 tenants valid.");
    const warnings = r.stderr.trim().split("\n");
    expect(warnings).toEqual([
      `warning: ${path.join("tenants", "founders", "tenant.json")}: authConfig.3: GOOGLE has no client id: set GOOGLE_CLIENT_ID or externalContent.clientId`,
      `warning: ${path.join("tenants", "tochka", "tenant.json")}: authConfig.2.oauth2.clientSecretRef: the secret DEMO_SSO is not set (environment variable TUESDAY_SECRET_DEMO_SSO)`,
    ]);

    const configured = await runCli(["tenant", "validate", "tenants"], {
      env: { ...production, GOOGLE_CLIENT_ID: "prod.apps.googleusercontent.com", TUESDAY_SECRET_DEMO_SSO: "s3cret" },
    });
    expect(configured).toMatchObject({ code: 0, stderr: "" });
  });

  it("says so when the folder does not exist", async () => {
    const r = await runCli(["tenant", "validate", path.join(tmp, "missing")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no such directory");
  });
});

describe("tuesday tenant apply / list", () => {
  it("creates the tenants, then updates them, and lists them", async () => {
    const first = await runCli(["tenant", "apply", "tenants"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/created\s+founders/);
    expect(first.stdout).toMatch(/created\s+tochka/);
    // Idempotent: nothing changed, nothing written.
    const again = await runCli(["tenant", "apply", "tenants"]);
    expect(again.stdout).toMatch(/unchanged\s+devguild/);

    const list = await runCli(["tenant", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/tochka\s+tochka\.tuesday\.community\s+Точка сборки\s+http:\/\/tochka\.localhost:3000/);
    expect(list.stdout).toMatch(/^alpha\s/m);
    const json = JSON.parse((await runCli(["tenant", "list", "--json"])).stdout);
    expect(json).toContainEqual({ id: "devguild", domain: "devguild.tuesday.community", title: "Dev Guild", url: "http://devguild.localhost:3000" });
  });

  it("applies nothing when a tenant is broken", async () => {
    const dir = path.join(tmp, "half-broken");
    await fs.mkdir(path.join(dir, "gamma"), { recursive: true });
    await fs.mkdir(path.join(dir, "delta"), { recursive: true });
    const base = { version: 1, title: "G", senderEmail: "a@b.example", brandConfig: { title: "G" }, authConfig: [{ authType: "EMAIL" }] };
    await fs.writeFile(path.join(dir, "gamma", "tenant.json"), JSON.stringify({ ...base, id: "gamma", domain: "gamma.example" }));
    await fs.writeFile(path.join(dir, "delta", "tenant.json"), "{ not json");
    const r = await runCli(["tenant", "apply", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, "delta", "tenant.json")}: is not valid JSON`);
    expect(await env.db`select 1 from communities where id = 'gamma'`).toHaveLength(0);
  });
});

describe("tuesday admin create", () => {
  it("creates an admin with a password: permissions show the admin panel", async () => {
    const email = uniqueEmail("admin");
    const r = await runCli(["admin", "create", "--community", "alpha", "--email", email, "--password", "Adm1n-password-ok"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Created user ${email} is now an admin of alpha`);
    const user = await findUserByEmail(env.db, email);
    expect(user).toBeDefined();
    if (!user) return;
    expect(await verifyPassword(user.passwordHash, "Adm1n-password-ok")).toBe(true);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const token = await signInAs(env, user.id, "alpha");
    const perms = await env.request("GET", "/api/permission/my", { token });
    expect(perms.body).toEqual(["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"]);
    // An admin of alpha only.
    await env.db`insert into participants (community_id, user_id) values ('beta', ${user.id})`;
    const onBeta = await signInAs(env, user.id, "beta");
    expect((await env.request("GET", "/api/permission/my", { tenant: "beta", token: onBeta })).body).toEqual([]);
  });

  it("reads the password from stdin, promotes an existing member and makes an operator", async () => {
    const email = uniqueEmail("op");
    const first = await runCli(["admin", "create", "--community", "beta", "--email", email, "--no-password"]);
    expect(first.code, first.stderr).toBe(0);
    const r = await runCli(["admin", "create", "--community", "alpha", "--email", email, "--operator"], { input: "Stdin-password-42\n" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("(existing) is now an admin of alpha and a platform operator");
    const user = await findUserByEmail(env.db, email);
    expect(user?.isOperator).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? null, "Stdin-password-42")).toBe(true);
  });

  it("refuses a weak password, a bad e-mail and an unknown community with a clear line", async () => {
    const weak = await runCli(["admin", "create", "--community", "alpha", "--email", uniqueEmail(), "--password", "short"]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/error: Password must be 8 to 128 characters/);
    const bad = await runCli(["admin", "create", "--community", "alpha", "--email", "not-an-email", "--no-password"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("email: Invalid e-mail format");
    const none = await runCli(["admin", "create", "--community", "nope", "--email", uniqueEmail(), "--no-password"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('community "nope" not found');
    const usage = await runCli(["admin", "create", "--email", uniqueEmail()]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--community");
  });
});

describe("tuesday mail list", () => {
  it("prints the outbox rows, filtered, and as JSON", async () => {
    const to = uniqueEmail("mail");
    const tenant = await env.deps.tenants.require("alpha");
    await queueMail({ db: env.db, tenant, deps: env.deps }, { to, template: "otp", lang: "en", vars: { code: "123456", minutes: 10 } });
    const r = await runCli(["mail", "list", "--to", to]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`alpha\\s+${to.replace(/[.]/g, "\\.")}\\s+queued\\s+123456 is your alpha brand sign-in code`));
    const json = JSON.parse((await runCli(["mail", "list", "--to", to, "--json"])).stdout);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ toEmail: to, communityId: "alpha", status: "queued" });
    expect(json[0].text).toContain("123456");
    const other = await runCli(["mail", "list", "--to", to, "--community", "beta"]);
    expect(other.stdout).toBe("No mail.\n");
    const badLimit = await runCli(["mail", "list", "--limit", "zero"]);
    expect(badLimit.code).toBe(2);
  });
});
