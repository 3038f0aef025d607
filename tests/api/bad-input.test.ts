import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";

/** Whatever a client sends, the answer is a 4xx with the one error shape, never a 500. */
const env = await testEnvForFile();
let operatorToken: string;
let memberToken: string;
beforeAll(async () => {
  operatorToken = (await createUser(env, { role: null, operator: true })).token;
  memberToken = (await createUser(env)).token;
});

type Endpoint = { path: string; token?: () => string; valid: () => unknown };
const endpoints: Endpoint[] = [
  { path: "/api/auth/login", valid: () => ({ authType: "EMAIL", email: "someone@example.com", password: "whatever-password" }) },
  { path: "/api/auth/register-user", valid: () => ({ email: "new-person@example.com", password: "a-long-enough-password-9" }) },
  { path: "/api/community/create", token: () => operatorToken, valid: () => tenantFixture("zeta", { domain: "zeta.example" }) },
  { path: "/api/current-user/lang", token: () => memberToken, valid: () => "ru" },
];

function expectErrorShape(res: { status: number; body: unknown }, status: number, code?: number) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code: code ?? expect.any(Number), msg: expect.any(String), requestId: expect.any(String) });
}

describe.each(endpoints)("$path", (ep) => {
  const send = (opts: { rawBody?: BodyInit; body?: unknown; headers?: Record<string, string> }) =>
    env.request("POST", ep.path, { token: ep.token?.(), ...opts });

  it("malformed JSON -> 400 code 1001", async () => {
    for (const raw of ['{"authType": "EMAIL",', "{'single': 1}", "not json", "[1, 2", '"unterminated']) {
      const res = await send({ rawBody: raw, headers: { "content-type": "application/json" } });
      expectErrorShape(res, 400, 1001);
    }
  });

  it("a 2 MB JSON body -> 413 code 1007", async () => {
    const big = JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) });
    const res = await send({ rawBody: big, headers: { "content-type": "application/json" } });
    expectErrorShape(res, 413, 1007);
  });

  it("a wrong content type -> 4xx, not 500", async () => {
    for (const [type, raw] of [
      ["application/xml", "<lang>ru</lang>"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--"],
      ["application/x-www-form-urlencoded", "email=a%40b.c&password=x"],
    ] as const) {
      const res = await send({ rawBody: raw, headers: { "content-type": type } });
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
      expect(res.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
  });

  it("never answers 500, whatever the body", async () => {
    const bodies: unknown[] = [null, 0, -1, true, "", "x".repeat(10_000), [], [ep.valid()], {}, { __proto__: { admin: true } }, { constructor: { prototype: {} } }];
    const valid = ep.valid();
    if (valid && typeof valid === "object") {
      for (const key of Object.keys(valid)) {
        for (const bad of [null, 42, [], {}, "\u0000", "x".repeat(100_000), "😀".repeat(50)]) {
          bodies.push({ ...valid, [key]: bad });
        }
      }
    }
    for (const body of bodies) {
      const res = await send({ rawBody: JSON.stringify(body), headers: { "content-type": "application/json" } });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
      if (res.status >= 400) expect(res.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
  });
});

describe("field errors", () => {
  it("login: wrong types are named by field", async () => {
    const res = await env.request("POST", "/api/auth/login", { body: { authType: 5, email: true, password: [] } });
    expectErrorShape(res, 400, 1001);
    expect(res.body.errors).toMatchObject({ authType: expect.any(String), email: expect.any(String), password: expect.any(String) });
  });

  it("register-user: wrong types are named by field", async () => {
    const res = await env.request("POST", "/api/auth/register-user", { body: { email: 12, password: { x: 1 } } });
    expectErrorShape(res, 400, 1001);
    expect(res.body.errors).toMatchObject({ email: expect.any(String), password: expect.any(String) });
  });

  it("community/create: nested paths are named", async () => {
    const res = await env.request("POST", "/api/community/create", {
      token: operatorToken,
      body: { ...tenantFixture("eta"), version: "1", brandConfig: { title: "", primaryColor: "blue" }, authConfig: [{ authType: "FAX" }] },
    });
    expectErrorShape(res, 400, 1001);
    expect(res.body.errors).toMatchObject({
      version: expect.any(String),
      "brandConfig.title": expect.any(String),
      "brandConfig.primaryColor": expect.any(String),
      "authConfig.0.authType": expect.any(String),
    });
  });

  it("current-user/lang: a JSON object instead of a string is 400", async () => {
    const res = await env.request("POST", "/api/current-user/lang", { token: memberToken, body: { lang: "ru" } });
    expectErrorShape(res, 400, 1001);
  });
});

describe("unknown fields are refused", () => {
  it.each([
    ["/api/auth/login", () => ({ authType: "EMAIL", email: "a@example.com", password: "whatever-password", isAdmin: true })],
    ["/api/auth/register-user", () => ({ email: "b@example.com", password: "a-long-enough-password-9", role: "admin" })],
    ["/api/community/create", () => ({ ...tenantFixture("theta"), owner: "me" })],
  ] as const)("%s", async (path, body) => {
    const res = await env.request("POST", path, { token: operatorToken, body: body() });
    expectErrorShape(res, 400, 1001);
    expect(JSON.stringify(res.body.errors)).toMatch(/isAdmin|role|owner/);
  });
});

describe("query and path parameters", () => {
  it("bad query values are 400, not 500", async () => {
    for (const path of [
      "/api/community/get-by-id?communityId=",
      `/api/community/get-by-id?communityId=${"a".repeat(500)}`,
      "/api/community/get-by-domain?domain=",
      "/api/community/get-by-user-id?userId=not-a-uuid",
      "/api/community/get-by-user-id?userId=%00",
      "/api/community/get-by-domain?domain=%00",
    ]) {
      const res = await env.request("GET", path, { token: memberToken });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it("a NUL character in the community hint is 400, not a database error", async () => {
    for (const path of ["/api/permission/my?communityId=%00", "/api/current-participant?communityId=a%00b"]) {
      const res = await env.request("GET", path, { headers: { host: "localhost:3000" } });
      expectErrorShape(res, 400, 1001);
    }
  });

  it("odd ids in paths are 4xx", async () => {
    for (const path of ["/community/%00/landing.json", "/community/ALPHA/navigation.json", "/community/alpha/landing%00.json", "/community/alpha/assets/%2e%2e"]) {
      const res = await env.request("GET", path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe("rules every schema shares (lib/fields.ts, the root validation hook)", () => {
  const updateProfile = (body: unknown) => env.request("POST", "/api/participant/update-profile", { token: memberToken, body });

  it("refuses lone UTF-16 surrogates in any text field with 400 / 1001 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ firstName: "Ann\ud800" }, "firstName"],
      [{ about: "ok \udc00 then" }, "about"],
      [{ contacts: { TELEGRAM: "\ud83d" } }, "contacts.TELEGRAM"],
      [{ tags: ["fine", "\udfff"] }, "tags.1"],
    ];
    for (const [body, field] of cases) {
      const res = await updateProfile(body);
      expectErrorShape(res, 400, 1001);
      expect(Object.keys(res.body.errors), field).toEqual([field]);
    }
    const register = await env.request("POST", "/api/auth/register-user", { body: { email: "surrogate@example.com", password: "long-enough-\ud800-pass" } });
    expectErrorShape(register, 400, 1001);
    expect(register.body.errors).toHaveProperty("password");
    expect(await env.db`select id from users where email = 'surrogate@example.com'`).toHaveLength(0);
    // A surrogate pair is one character, and welcome.
    const pair = await updateProfile({ about: "Tuesday 😀 𝄞" });
    expect(pair.status).toBe(200);
    expect(pair.body.about).toBe("Tuesday 😀 𝄞");
  });

  it("refuses names without a letter (zero-width characters, punctuation)", async () => {
    for (const [field, value] of [
      ["firstName", "\u200b\u200b"],
      ["firstName", "\u200b.\u200b"],
      ["lastName", "..."],
      ["lastName", "-"],
      ["firstName", "\u2060\ufeff"],
    ]) {
      const res = await updateProfile({ [field as string]: value });
      expectErrorShape(res, 400, 1001);
      expect(res.body.errors, `${field}=${JSON.stringify(value)}`).toHaveProperty(field as string);
    }
    const ok = await updateProfile({ firstName: "Zoë", lastName: "O'Brien" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ firstName: "Zoë", lastName: "O'Brien" });
  });

  it("takes page, size and limit only as decimal integers", async () => {
    const lists = ["/api/community/alpha/participants", "/api/bookmarks", "/api/relations"];
    for (const path of lists) {
      expect((await env.request("GET", `${path}?page=1&size=5`, { token: memberToken })).status, path).toBe(200);
      for (const param of ["page", "size"]) {
        for (const raw of ["1e2", "0x10", "%201", "1.0", "%2B1", "-1", ""]) {
          const res = await env.request("GET", `${path}?${param}=${raw}`, { token: memberToken });
          expectErrorShape(res, 400, 1001);
          expect(res.body.errors, `${path}?${param}=${raw}`).toHaveProperty(param);
        }
      }
    }
    expect((await env.request("GET", "/api/community/alpha/top-tags?limit=1e1", { token: memberToken })).status).toBe(400);
    expect((await env.request("GET", "/api/community/alpha/top-tags?limit=10", { token: memberToken })).status).toBe(200);
  });
});
