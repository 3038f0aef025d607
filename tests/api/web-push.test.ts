import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();

const P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const AUTH = "tBHItJI5svbpez7KI4CCXg";
const subscription = (endpoint = "https://push.example.com/send/abc123") => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } });

describe("POST /api/current-user/web-push", () => {
  it("stores a subscription for the caller in this community; web push stays off", async () => {
    const { user, token } = await createUser(env, { tenant: "alpha" });
    const res = await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", token, body: JSON.stringify(subscription()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, enabled: false });
    const rows = await env.db`select community_id, user_id, endpoint, p256dh, auth, expiration_time from web_push_subscriptions where user_id = ${user.id}`;
    expect(rows).toEqual([{ community_id: "alpha", user_id: user.id, endpoint: "https://push.example.com/send/abc123", p256dh: P256DH, auth: AUTH, expiration_time: null }]);
  });

  it("registering the same endpoint again replaces its keys and expiry", async () => {
    const { user, token } = await createUser(env, { tenant: "alpha" });
    const endpoint = `https://push.example.com/send/${user.id}`;
    await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", token, body: JSON.stringify(subscription(endpoint)) });
    const again = { endpoint, expirationTime: 1_900_000_000_000, keys: { p256dh: P256DH.replace("B", "C"), auth: AUTH } };
    const res = await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", token, body: JSON.stringify(again) });
    expect(res.status).toBe(200);
    const rows = await env.db`select p256dh, expiration_time from web_push_subscriptions where endpoint = ${endpoint}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(again.keys.p256dh);
    expect((rows[0]?.expiration_time as Date | undefined)?.getTime()).toBe(1_900_000_000_000);
  });

  it("refuses bad subscriptions with 400 {code, msg}", async () => {
    const { token } = await createUser(env, { tenant: "alpha" });
    const bad: unknown[] = [
      {},
      null,
      "x",
      { endpoint: "http://push.example.com/x", keys: { p256dh: P256DH, auth: AUTH } },
      { endpoint: "not a url", keys: { p256dh: P256DH, auth: AUTH } },
      { endpoint: "https://push.example.com/x" },
      { endpoint: "https://push.example.com/x", keys: { p256dh: "short", auth: AUTH } },
      { endpoint: "https://push.example.com/x", keys: { p256dh: P256DH, auth: "not base64url!!!!!!!!" } },
      { endpoint: "https://push.example.com/x", expirationTime: -1, keys: { p256dh: P256DH, auth: AUTH } },
      { endpoint: "https://push.example.com/x", expirationTime: 1e300, keys: { p256dh: P256DH, auth: AUTH } },
      { endpoint: `https://push.example.com/${"a".repeat(3000)}`, keys: { p256dh: P256DH, auth: AUTH } },
    ];
    for (const body of bad) {
      const res = await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", token, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
    const malformed = await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", token, rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
  });

  it("refuses an anonymous caller with 401", async () => {
    const res = await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", body: JSON.stringify(subscription()) });
    expect(res.status).toBe(401);
  });

  it("cross-tenant: another community's token is refused and nothing is stored there", async () => {
    const { user, token } = await createUser(env, { tenant: "beta" });
    const endpoint = `https://push.example.com/cross/${user.id}`;
    const res = await env.request("POST", "/api/current-user/web-push", { tenant: "alpha", token, body: JSON.stringify(subscription(endpoint)) });
    expect(res.status).toBe(401);
    const rows = await env.db`select 1 from web_push_subscriptions where endpoint = ${endpoint}`;
    expect(rows).toHaveLength(0);
  });
});
