import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { uniqueEmail } from "../support/users.ts";

/**
 * Tokens, codes and passwords never reach a log line: every line the platform logs at trace level
 * during real sign-ins is searched for each secret that crossed the wire.
 */
const lines: string[] = [];
let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv({ logLines: lines, tenants: [tenantFixture("alpha", { isDefault: true }), tenantFixture("beta")] });
});
afterAll(async () => env?.close());

function mailText(rows: { text: string }[]): string {
  const row = rows[0];
  if (!row) throw new Error("no mail");
  return row.text;
}

describe("logs", () => {
  it("never contain passwords, codes, links or session tokens", async () => {
    const secrets: string[] = [];
    const password = "Vivid-Lantern-Orbit-42";
    const email = uniqueEmail();
    secrets.push(password);

    expect((await env.request("POST", "/api/auth/register-user", { body: { email, password, agreePolicy: true } })).status).toBe(200);
    const confirm = /code=([a-z0-9]+)/.exec(mailText(await env.mailTo(email)))?.[1];
    expect(confirm).toBeTruthy();
    secrets.push(confirm as string);
    await env.request("POST", "/api/auth/confirm-email", { body: { code: confirm } });

    const login = await env.request<{ token: string }>("POST", "/api/auth/login", { body: { authType: "EMAIL", email, password } });
    expect(login.status).toBe(200);
    secrets.push(login.body.token, login.body.token.split(".")[1] as string);
    await env.request("GET", "/api/auth/session", { token: login.body.token });
    // A failed attempt is logged too; the wrong password must not be.
    const wrong = "Wrong-Password-Typed-99";
    secrets.push(wrong);
    await env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email, password: wrong } });

    const otpEmail = uniqueEmail();
    await env.request("POST", "/api/auth/otp/challenge", { body: { login: otpEmail } });
    const code = /\b(\d{6})\b/.exec(mailText(await env.mailTo(otpEmail)))?.[1] as string;
    secrets.push(code);
    const otp = await env.request<{ token: string }>("POST", "/api/auth/otp/validate", { body: { login: otpEmail, password: code } });
    expect(otp.status).toBe(200);
    secrets.push(otp.body.token);

    const magicEmail = uniqueEmail();
    await env.request("POST", "/api/auth/login", { body: { authType: "MAGIC", email: magicEmail } });
    const magic = /url_auth_token=([a-z0-9]+)/.exec(mailText(await env.mailTo(magicEmail)))?.[1] as string;
    secrets.push(magic);
    const viaLink = await env.request<{ token: string }>("POST", "/api/auth/auth-magic", { body: { url_auth_token: magic } });
    expect(viaLink.status).toBe(200);
    secrets.push(viaLink.body.token);

    await env.request("POST", "/api/auth/recovery", { body: { email } });
    const reset = /code=([a-z0-9]+)/.exec(mailText(await env.mailTo(email)))?.[1] as string;
    secrets.push(reset);
    await env.request("POST", "/api/auth/confirm-recovery", { body: { code: reset, password: "Another-Lantern-77" } });
    secrets.push("Another-Lantern-77");

    // The mail worker logs too.
    await env.drainJobs();

    expect(lines.length).toBeGreaterThan(10);
    const all = lines.join("\n");
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(all.includes(secret), `a log line contains ${secret.slice(0, 3)}…`).toBe(false);
    }
    // The request log itself is there: paths, statuses, request ids.
    expect(all).toContain('"path":"/api/auth/login"');
  });
});
