import { beforeAll, describe, expect, it } from "vitest";
import { applyTenants, loadTenantsDir } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { OPERATOR } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser, joinAs, } from "../support/users.ts";

const env = await testEnvForFile();

describe("community lookup", () => {
  it("resolves the tenant from the Host header", async () => {
    const res = await env.request("GET", "/api/community/get-by-domain?domain=beta.test.example");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "beta", lang: "ru", communityUrl: "http://beta.localhost:3000" });
  });

  it("answers 404 with the error shape for an unknown community", async () => {
    const res = await env.request("GET", "/api/community/get-by-id?communityId=nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1002, msg: expect.any(String) });
  });

  it("refuses a missing query parameter with 400 and field errors", async () => {
    const res = await env.request("GET", "/api/community/get-by-id");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { communityId: expect.any(String) } });
  });
});

describe("get-by-id / get-by-domain", () => {
  it("finds a community by id, without secrets", async () => {
    const res = await env.request("GET", "/api/community/get-by-id?communityId=alpha");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "alpha", domain: "alpha.test.example", communityUrl: "http://alpha.localhost:3000" });
    expect(JSON.stringify(res.body)).not.toContain("clientSecretRef");
  });

  it("finds a community by its localhost name and answers 404 for an unknown domain", async () => {
    const local = await env.request("GET", "/api/community/get-by-domain?domain=beta.localhost");
    expect(local.body).toMatchObject({ id: "beta" });
    const unknown = await env.request("GET", "/api/community/get-by-domain?domain=nowhere.example");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 1002, msg: expect.any(String) });
  });
});

describe("get-by-user-id", () => {
  it("lets users list their own communities", async () => {
    const { user, token } = await createUser(env);
    await joinAs(env, user.id, "beta", { status: "pending" });
    const res = await env.request("GET", `/api/community/get-by-user-id?userId=${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual(["alpha", "beta"]);
  });

  it("answers 404 for another user's id, and 401 to an anonymous caller", async () => {
    const other = await createUser(env);
    const me = await createUser(env);
    const res = await env.request("GET", `/api/community/get-by-user-id?userId=${other.user.id}`, { token: me.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1002 });
    const anon = await env.request("GET", `/api/community/get-by-user-id?userId=${other.user.id}`);
    expect(anon.status).toBe(401);
  });

  it("lets a platform operator look anyone up", async () => {
    const other = await createUser(env, { tenant: "beta" });
    const op = await createUser(env, { role: null, operator: true });
    const res = await env.request("GET", `/api/community/get-by-user-id?userId=${other.user.id}`, { token: op.token });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual(["beta"]);
  });

  it("refuses a malformed user id with 400", async () => {
    const { token } = await createUser(env);
    const res = await env.request("GET", "/api/community/get-by-user-id?userId=42", { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { userId: expect.any(String) } });
  });
});

describe("POST /api/community/create", () => {
  const config = (id: string) => tenantFixture(id, { domain: `${id}.created.example` });

  it("refuses an anonymous caller", async () => {
    const res = await env.request("POST", "/api/community/create", { body: config("anon-made") });
    expect([401, 403]).toContain(res.status);
    expect(res.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  });

  it("refuses a member, and even a community admin, with 403 code 1005", async () => {
    for (const role of ["member", "admin"] as const) {
      const { token } = await createUser(env, { role });
      const res = await env.request("POST", "/api/community/create", { token, body: config(`by-${role}`) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 1005 });
    }
    expect(await env.db`select 1 from communities where id in ('by-member', 'by-admin')`).toHaveLength(0);
  });

  it("lets an operator create one (201), reachable at once; a duplicate id is 409", async () => {
    const { token } = await createUser(env, { role: null, operator: true });
    const res = await env.request("POST", "/api/community/create", { token, body: config("gamma") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: "gamma", domain: "gamma.created.example", communityUrl: "http://gamma.localhost:3000" });
    const found = await env.request("GET", "/api/community/get-by-domain?domain=gamma.created.example");
    expect(found.body).toMatchObject({ id: "gamma" });
    const again = await env.request("POST", "/api/community/create", { token, body: config("gamma") });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 1003 });
    const sameDomain = await env.request("POST", "/api/community/create", { token, body: { ...config("gamma2"), domain: "gamma.created.example" } });
    expect(sameDomain.status).toBe(409);
  });

  it("refuses a bad config with 400 and field errors", async () => {
    const { token } = await createUser(env, { role: null, operator: true });
    const res = await env.request("POST", "/api/community/create", {
      token,
      body: { ...config("delta"), title: "", lang: "ru", langChoices: ["en"], extra: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1001);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["title"]));
    const lang = await env.request("POST", "/api/community/create", { token, body: { ...config("delta"), lang: "ru", langChoices: ["en"] } });
    expect(lang.status).toBe(400);
    expect(lang.body.errors).toHaveProperty("lang");
  });
});

describe("landing and navigation documents, assets", () => {
  beforeAll(async () => {
    // The demo tenants (not as default: alpha stays the fallback for the resolution tests).
    const bundles = (await loadTenantsDir("tenants")).map((b) => ({ ...b, config: { ...b.config, isDefault: false } }));
    await applyTenants(env.db, bundles, OPERATOR);
    env.deps.tenants.invalidate();
  });

  it("serves landing.json and landing-ru.json with no-cache headers", async () => {
    const en = await env.request("GET", "/community/founders/landing.json");
    expect(en.status).toBe(200);
    expect(en.headers.get("cache-control")).toContain("no-cache");
    expect(en.body).toMatchObject({ hero: { title: "Meet a fellow founder every Tuesday" }, cta: { href: "/registration" } });
    const ru = await env.request("GET", "/community/founders/landing-ru.json");
    expect(ru.status).toBe(200);
    expect(ru.body.hero.title).toMatch(/основателями/);
  });

  it("answers 404 for a missing suffix or community", async () => {
    const missing = await env.request("GET", "/community/devguild/landing-ru.json");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 1002 });
    expect((await env.request("GET", "/community/nope-nope/landing.json")).status).toBe(404);
  });

  it("answers 404 for suffixes that name Object.prototype members, and still serves real ones", async () => {
    for (const file of ["landingconstructor.json", "landingtoString.json", "landing__proto__.json", "landinghasOwnProperty.json"]) {
      const res = await env.request("GET", `/community/founders/${file}`);
      expect(res.status, file).toBe(404);
      expect(res.body, file).toMatchObject({ code: 1002, msg: expect.any(String) });
    }
    expect((await env.request("GET", "/community/founders/landing-ru.json")).status).toBe(200);
  });

  it("serves navigation.json with no-cache headers, custom tabs included", async () => {
    const res = await env.request("GET", "/community/tochka/navigation.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.body.tabs.contacts).toMatchObject({ order: 1, label: "Знакомства" });
    expect(res.body.custom[0]).toMatchObject({ external: true, url: "https://t.me/tochka_sborki" });
    // alpha has no custom navigation.
    expect((await env.request("GET", "/community/alpha/navigation.json")).status).toBe(404);
  });

  it("serves the tenant's logo as a locked-down SVG, and nothing else of the folder", async () => {
    const logo = await env.app.request("/community/devguild/assets/logo.svg", { headers: { host: "devguild.localhost:3000" } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/svg+xml");
    expect(logo.headers.get("content-security-policy")).toContain("sandbox");
    expect(await logo.text()).toMatch(/^<svg/);
    for (const file of ["tenant.json", "..%2Ftochka%2Flogo.svg", "missing.svg", ".hidden.svg"]) {
      const res = await env.request("GET", `/community/devguild/assets/${file}`);
      expect(res.status, file).toBe(404);
    }
    // A community that exists in the database but has no folder (alpha) has no assets.
    expect((await env.request("GET", "/community/alpha/assets/logo.svg")).status).toBe(404);
  });
});

describe("tenant resolution order", () => {
  // One person with a participant and a session in both alpha and beta: the session only works
  // in the community the request resolves to, and current-participant names that community.
  let alphaToken: string;
  let betaToken: string;
  beforeAll(async () => {
    const u = await createUser(env, { tenant: "alpha" });
    alphaToken = u.token;
    betaToken = (await joinAs(env, u.user.id, "beta")).token;
  });
  const at = (token: string, headers: Record<string, string>, query = "") =>
    env.request("GET", `/api/current-participant${query}`, { token, headers: { host: "localhost:3000", ...headers } });

  it("Host first: a known host wins over X-Community and communityId", async () => {
    const res = await at(betaToken, { host: "beta.localhost:3000", "x-community": "alpha" }, "?communityId=alpha");
    expect(res.status).toBe(200);
    expect(res.body.communityId).toBe("beta");
    expect((await at(alphaToken, { host: "beta.test.example" }, "?communityId=alpha")).status).toBe(401);
  });

  it("then the X-Community header (id or domain), over the communityId query", async () => {
    const res = await at(betaToken, { "x-community": "beta" }, "?communityId=alpha");
    expect(res.body.communityId).toBe("beta");
    const byDomain = await at(betaToken, { "x-community": "beta.test.example" });
    expect(byDomain.body.communityId).toBe("beta");
  });

  it("then the communityId query", async () => {
    const res = await at(betaToken, {}, "?communityId=beta");
    expect(res.status).toBe(200);
    expect(res.body.communityId).toBe("beta");
  });

  it("then the default community", async () => {
    const res = await at(alphaToken, {});
    expect(res.status).toBe(200);
    expect(res.body.communityId).toBe("alpha");
    expect((await at(betaToken, {})).status).toBe(401);
    expect((await at(alphaToken, { "x-community": "no-such-community" })).body.communityId).toBe("alpha");
  });
});
