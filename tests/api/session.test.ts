import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();

const DAY_MS = 24 * 60 * 60 * 1000;

const sessionInfo = (token: string | undefined, tenant = "alpha") => env.request("GET", "/api/auth/session", { tenant, token });
const sessionId = (token: string) => token.split(".")[0] ?? "";

async function lastVerifiedAt(id: string): Promise<Date | undefined> {
  const [row] = await env.db<{ lastVerifiedAt: Date }[]>`select last_verified_at as "lastVerifiedAt" from sessions where id = ${id}`;
  return row?.lastVerifiedAt;
}

/** Signs in through the real password login. */
async function passwordLogin(email: string, password: string, tenant = "alpha"): Promise<string> {
  const res = await env.request("POST", "/api/auth/login", { tenant, body: { authType: "EMAIL", email, password } });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe("GET /api/auth/session", () => {
  it("describes the current session", async () => {
    const { email, password, user } = await createUser(env);
    const token = await passwordLogin(email, password);
    const res = await sessionInfo(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: user.id, communityId: "alpha", authMethod: "EMAIL" });
    const created = Date.parse(res.body.createdAt);
    expect(Math.abs(created - Date.now())).toBeLessThan(60_000);
    // Fresh session: the idle limit (30 days) comes before the absolute one (90 days).
    expect(Date.parse(res.body.expiresAt) - created).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(Date.parse(res.body.expiresAt) - created).toBeLessThan(30 * DAY_MS + 60_000);
  });

  it("reports the absolute expiry when it comes first", async () => {
    const { token } = await createUser(env);
    await env.db`update sessions set created_at = now() - interval '89 days' where id = ${sessionId(token)}`;
    const res = await sessionInfo(token);
    expect(res.status).toBe(200);
    const expected = Date.parse(res.body.createdAt) + 90 * DAY_MS;
    expect(Date.parse(res.body.expiresAt)).toBe(expected);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThan(DAY_MS + 60_000);
  });

  it("answers 401 / 1004 without a token, with a malformed token and with a wrong secret", async () => {
    const { token } = await createUser(env);
    const wrongSecret = `${sessionId(token)}.${"a".repeat(32)}`;
    for (const t of [undefined, "garbage", "a.b", wrongSecret]) {
      const res = await sessionInfo(t);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 1004 });
    }
    expect((await sessionInfo(token)).status).toBe(200);
  });
});

describe("session lifetime", () => {
  it("expires after 30 days without use", async () => {
    const { token } = await createUser(env);
    await env.db`update sessions set last_verified_at = now() - interval '31 days' where id = ${sessionId(token)}`;
    const res = await sessionInfo(token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1004 });
    expect(await env.db`select id from sessions where id = ${sessionId(token)}`).toHaveLength(0);
  });

  it("expires 90 days after sign-in even when used every day", async () => {
    const { token } = await createUser(env);
    await env.db`update sessions set created_at = now() - interval '91 days', last_verified_at = now() - interval '1 hour' where id = ${sessionId(token)}`;
    expect((await sessionInfo(token)).status).toBe(401);
  });

  it("renews the idle timer at most once an hour", async () => {
    const { token } = await createUser(env);
    const id = sessionId(token);

    await env.db`update sessions set last_verified_at = now() - interval '10 minutes' where id = ${id}`;
    const recent = await lastVerifiedAt(id);
    expect((await sessionInfo(token)).status).toBe(200);
    expect((await lastVerifiedAt(id))?.getTime()).toBe(recent?.getTime());

    await env.db`update sessions set last_verified_at = now() - interval '2 hours' where id = ${id}`;
    expect((await sessionInfo(token)).status).toBe(200);
    const renewed = await lastVerifiedAt(id);
    expect(Math.abs((renewed?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("is bound to its community: a token of alpha replayed on beta is refused", async () => {
    const { token } = await createUser(env);
    const onBeta = await sessionInfo(token, "beta");
    expect(onBeta.status).toBe(401);
    expect(onBeta.body).toMatchObject({ code: 1004 });
    const viaHeader = await env.request("GET", "/api/auth/session", { token, headers: { host: "unknown.example", "x-community": "beta" } });
    expect(viaHeader.status).toBe(401);
    // Still valid where it was issued.
    expect((await sessionInfo(token)).status).toBe(200);
  });

  it("stores only a 32-byte SHA-256 of the secret", async () => {
    const { email, password } = await createUser(env);
    const token = await passwordLogin(email, password);
    const [id, secret] = token.split(".");
    const [row] = await env.db<{ secretHash: Uint8Array }[]>`select secret_hash as "secretHash" from sessions where id = ${id ?? ""}`;
    const stored = Buffer.from(row?.secretHash ?? new Uint8Array());
    expect(stored.length).toBe(32);
    expect(stored.equals(Buffer.from(secret ?? ""))).toBe(false);
    expect(stored.toString("latin1")).not.toContain(secret);
    expect(stored.equals(createHash("sha256").update(secret ?? "").digest())).toBe(true);
  });

  it("creates a new session on every sign-in", async () => {
    const { email, password, user } = await createUser(env);
    const tokens = [await passwordLogin(email, password), await passwordLogin(email, password), await passwordLogin(email, password)];
    const ids = new Set(tokens.map(sessionId));
    expect(ids.size).toBe(3);
    const rows = await env.db`select id from sessions where user_id = ${user.id} and id in ${env.db([...ids])}`;
    expect(rows).toHaveLength(3);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the current session only", async () => {
    const { email, password, token: other } = await createUser(env);
    const token = await passwordLogin(email, password);
    const res = await env.request("POST", "/api/auth/logout", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await env.db`select id from sessions where id = ${sessionId(token)}`).toHaveLength(0);

    expect((await sessionInfo(token)).status).toBe(401);
    expect((await env.request("POST", "/api/auth/logout", { token })).status).toBe(401);
    expect((await sessionInfo(other)).status).toBe(200);
  });
});
