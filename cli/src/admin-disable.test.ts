import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { createMember } from "../../tests/support/users.ts";
import { cliSession } from "./run-cli.ts";

vi.setConfig({ testTimeout: 120_000 });

let env: TestEnv;
const cli = cliSession(() => env.dbUrl);
const runCli = (args: string[]) => cli.run(args);

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await cli.close();
  await env?.close();
});

describe("tuesday admin disable / enable", () => {
  it("disables an account: its sessions end, sign-in is refused, audited with the operator as actor; enable lets it in again", async () => {
    const u = await createMember(env, { tenant: "alpha", role: "member" });
    expect((await env.request("GET", "/api/current-user", { tenant: "alpha", token: u.token })).status).toBe(200);

    const off = await runCli(["admin", "disable", u.email, "--json"]);
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ email: u.email, enabled: false, changed: true });
    expect((await env.request("GET", "/api/current-user", { tenant: "alpha", token: u.token })).status).toBe(401);
    const refused = await env.request("POST", "/api/auth/login", { tenant: "alpha", body: { authType: "EMAIL", email: u.email, password: u.password } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 1005, msg: "This account is disabled" });
    const audit = await env.db<{ actorKind: string; action: string }[]>`
      select actor_kind as "actorKind", action from audit_events where community_id = 'alpha' and target_id = ${u.user.id}`;
    expect(audit).toEqual([{ actorKind: "operator", action: "user.disable" }]);

    const again = await runCli(["admin", "disable", u.email]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("is already disabled");

    const on = await runCli(["admin", "enable", u.email, "--community", "alpha"]);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain("is enabled again");
    const ok = await env.request("POST", "/api/auth/login", { tenant: "alpha", body: { authType: "EMAIL", email: u.email, password: u.password } });
    expect(ok.status).toBe(200);
  });

  it("answers an unknown account with a clear error", async () => {
    const r = await runCli(["admin", "disable", "nobody-here@example.com"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("No account with the e-mail nobody-here@example.com");
  });
});
