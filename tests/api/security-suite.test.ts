/**
 * The generated security suite: one set of checks per operation of openapi.json, chosen by the
 * access level the route declares. A new route gets them without anyone writing a test, and a
 * route without a level fails here.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, createRouter, defineRoute, jsonResponse } from "@tuesday/platform/http";
import { createTestEnv } from "../support/harness.ts";
import {
  accessProblems,
  type CommunityIds,
  NEEDS_PARTICIPANT,
  type OpenApiDoc,
  type Op,
  operations,
  urlFor,
} from "../support/security-suite.ts";
import { createUser, type CreatedUser, signInAs } from "../support/users.ts";

// A key's rate limit is raised: the suite calls every route with the same few keys.
const env = await createTestEnv({ config: { apiKeyRateLimit: 1_000_000 } });
afterAll(async () => env.close());

const doc = (await env.request<OpenApiDoc>("GET", "/api/openapi.json")).body;
const ops = operations(doc);

const [alphaAdmin, alphaModerator, alphaMember, alphaOutsider, alphaOperator, betaMember, betaAdmin] = await Promise.all([
  createUser(env, { tenant: "alpha", role: "admin" }),
  createUser(env, { tenant: "alpha", role: "moderator" }),
  createUser(env, { tenant: "alpha", role: "member" }),
  createUser(env, { tenant: "alpha", role: null }),
  createUser(env, { tenant: "alpha", role: null, operator: true }),
  createUser(env, { tenant: "beta", role: "member" }),
  createUser(env, { tenant: "beta", role: "admin" }),
]);

async function idsOf(member: CreatedUser, communityId: string): Promise<CommunityIds> {
  const [row] = await env.db<{ slug: string }[]>`select slug from participants where id = ${member.participantId}`;
  return { communityId, participantId: member.participantId ?? "", slug: row?.slug ?? "", userId: member.user.id };
}
/** A real alpha event (made by its admin, who organizes it; alphaMember does not) with one onboarding question. */
async function alphaEvent(): Promise<NonNullable<CommunityIds["event"]>> {
  const as = { tenant: "alpha", token: alphaAdmin.token };
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const body = { title: "Suite event", description: "x", date, time: "18:00", timeZone: "UTC", organizerContact: "o@example.com", location: { country: "DE", city: "Berlin" }, enableOnboarding: true };
  const created = await env.request("POST", "/api/event/create", { ...as, body });
  if (created.status !== 201) throw new Error(`event: ${JSON.stringify(created.body)}`);
  const q = await env.request("POST", `/api/event/${created.body.id}/onboarding/questions`, { ...as, body: { text: "Why?", type: "TEXT" } });
  if (q.status !== 201 && q.status !== 200) throw new Error(`question: ${JSON.stringify(q.body)}`);
  return { id: created.body.id, questionId: q.body.id, translationKey: q.body.translationKey };
}
const alphaIds = { ...(await idsOf(alphaMember, "alpha")), event: await alphaEvent() };

const ALL_SCOPES = ["members:read", "members:write", "events:read", "events:write", "mailings:send", "analytics:read", "webhooks:manage"] as const;
async function apiKey(tenant: string, admin: CreatedUser, scopes: readonly string[], revoke = false): Promise<string> {
  const res = await env.request("POST", `/api/admin/${tenant}/api-keys`, { tenant, token: admin.token, body: { name: `suite ${scopes.length}`, scopes } });
  if (res.status !== 201) throw new Error(`api key: ${JSON.stringify(res.body)}`);
  if (revoke) await env.request("DELETE", `/api/admin/${tenant}/api-keys/${res.body.id}`, { tenant, token: admin.token });
  return res.body.key;
}
/** Alpha keys: one with every scope, one revoked, and for each scope one with every other scope. */
const alphaKeyAll = await apiKey("alpha", alphaAdmin, ALL_SCOPES);
const alphaKeyRevoked = await apiKey("alpha", alphaAdmin, ALL_SCOPES, true);
const alphaKeyWithout = Object.fromEntries(await Promise.all(ALL_SCOPES.map(async (s) => [s, await apiKey("alpha", alphaAdmin, ALL_SCOPES.filter((x) => x !== s))] as const)));
const betaKeyAll = await apiKey("beta", betaAdmin, ALL_SCOPES);
const betaIds = await idsOf(betaMember, "beta");

/** Who passes each level's guard in alpha; the role just below it is turned away. */
const PASSES: Record<Op["access"], CreatedUser | undefined> = {
  public: undefined,
  user: alphaMember,
  participant: alphaMember,
  organizer: alphaAdmin,
  moderator: alphaModerator,
  admin: alphaAdmin,
  operator: alphaOperator,
};
/** The role just below each level; for "organizer", a member who does not organize the real alpha event. */
const TOO_LOW: Partial<Record<Op["access"], CreatedUser>> = { organizer: alphaMember, moderator: alphaMember, admin: alphaModerator, operator: alphaAdmin };

type Res = { status: number; body: unknown; headers?: Headers };

function expectError(res: Res, status: number, code: number, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body, what).toMatchObject({ code, msg: expect.any(String) });
}

function expectNoLeak(res: Res, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) expect(res.body, what).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  const text = JSON.stringify(res.body ?? "");
  for (const value of [alphaIds.participantId, alphaIds.userId, alphaMember.email]) {
    expect(text.includes(value), `${what} leaks ${value}: ${text.slice(0, 300)}`).toBe(false);
  }
}

/** A key acting in its own community sees its members: only beta's ids must stay out of the answer. */
function expectNoLeakOfOthers(res: Res, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) expect(res.body, what).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  const text = JSON.stringify(res.body ?? "");
  for (const value of [betaIds.participantId, betaIds.userId, betaMember.email]) expect(text.includes(value), `${what} leaks ${value}`).toBe(false);
}

const send = (op: Op, opts: { tenant?: string; token?: string | undefined; ids?: CommunityIds; body?: unknown; rawBody?: string }) =>
  env.request(op.method, urlFor(op, opts.ids ?? alphaIds), {
    tenant: opts.tenant ?? "alpha",
    token: opts.token,
    ...(opts.rawBody !== undefined
      ? { rawBody: opts.rawBody, headers: { "content-type": "application/json" } }
      : op.jsonBody
        ? { body: opts.body ?? {} }
        : {}),
  });

describe("every route declares its access level", () => {
  it("openapi.json has a known x-access on every operation, with the answers it implies", () => {
    expect(ops.length).toBeGreaterThan(80);
    expect(accessProblems(doc)).toEqual([]);
  });

  it("the suite catches a route without a level (and one whose level lacks its answers)", () => {
    const app = createRouter();
    const ok = z.object({ ok: z.boolean() });
    const undeclared = createRoute({ method: "get", path: "/undeclared", responses: { 200: jsonResponse(ok, "ok") } });
    const declared = defineRoute({ access: "participant", apiKey: false, method: "get", path: "/declared", responses: { 200: jsonResponse(ok, "ok") } });
    app.openapi(undeclared, (c) => c.json({ ok: true }, 200));
    app.openapi(declared, (c) => c.json({ ok: true }, 200));
    const generated = buildOpenApiDocument(app) as unknown as OpenApiDoc;
    expect(accessProblems(generated)).toEqual(["GET /undeclared: no access level (declare it with defineRoute)"]);

    const stripped = structuredClone(generated);
    const op = stripped.paths["/declared"]?.get;
    if (op?.responses) delete op.responses["403"];
    expect(accessProblems(stripped)).toContain("GET /declared: level participant but no 403 response");
    const noKey = structuredClone(generated);
    const keyOp = noKey.paths["/declared"]?.get;
    if (keyOp) delete keyOp["x-api-key-scope"];
    expect(accessProblems(noKey)).toContain("GET /declared: no API key declaration (declare apiKey with defineRoute)");
  });
});

const signedIn = ops.filter((op) => op.access !== "public");

describe.each(signedIn)("$method $path ($access)", (op) => {
  const name = `${op.method} ${op.path}`;

  it("no session: 401 (1004)", async () => {
    expectError(await send(op, {}), 401, 1004, name);
  });

  it("a session of another community: 401 (1004)", async () => {
    expectError(await send(op, { token: betaMember.token }), 401, 1004, name);
  });

  if (NEEDS_PARTICIPANT.includes(op.access)) {
    it("signed in but not a participant here: 403 (1021)", async () => {
      const res = await send(op, { token: alphaOutsider.token });
      expectError(res, 403, 1021, name);
      expect((res.body as { msg: string }).msg).toBe("You are not a participant of this community");
    });
  }

  const tooLow = TOO_LOW[op.access];
  if (tooLow) {
    it("a role too low: 403 (1005)", async () => {
      expectError(await send(op, { token: tooLow.token }), 403, 1005, name);
    });
  }

  it("a participant of another community using this community's ids: 404, or nothing of it", async () => {
    // The beta admin passes every role check of its own community; alpha's ids must stay unknown.
    // A fresh session each time: some of these calls end the session they are made with (logout).
    const res = await send(op, { tenant: "beta", token: await signInAs(env, betaAdmin.user.id, "beta") });
    expectNoLeak(res, name);
    if (op.pathParams.length) expect([400, 404], `${name}: ${JSON.stringify(res.body)}`).toContain(res.status);
  });

  it("an API key of another community, or a revoked one: 401 (1004)", async () => {
    expectError(await send(op, { token: betaKeyAll }), 401, 1004, name);
    expectError(await send(op, { token: alphaKeyRevoked }), 401, 1004, name);
  });

  if (op.keyScope === false) {
    it("an API key, whatever its scopes: 403 (1005), never a key's route", async () => {
      const res = await send(op, { token: alphaKeyAll });
      expectError(res, 403, 1005, name);
      expect((res.body as { msg: string }).msg).toBe("API keys cannot call this route");
    });
  } else {
    const scope = op.keyScope;
    if (scope !== "any") {
      it(`an API key without ${scope}: 403 (1005)`, async () => {
        const res = await send(op, { token: alphaKeyWithout[scope] });
        expectError(res, 403, 1005, name);
        expect((res.body as { msg: string }).msg).toBe(`This API key lacks the scope ${scope}`);
      });
    }
    it("an API key of another community using this community's ids: 404, or nothing of it", async () => {
      const res = await send(op, { tenant: "beta", token: betaKeyAll });
      expectNoLeak(res, name);
      if (op.pathParams.length) expect([400, 404], `${name}: ${JSON.stringify(res.body)}`).toContain(res.status);
    });
    if (op.method === "GET") {
      it("an API key with the scope gets through (the guard passes; its answer has RateLimit headers)", async () => {
        const res = await send(op, { token: alphaKeyAll });
        expectNoLeakOfOthers(res, name);
        expect([401, 403], `${name}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
        expect(res.headers.get("ratelimit-limit"), name).not.toBeNull();
      });
    }
  }

  if (op.jsonBody) {
    it("a malformed body: 400 (1001)", async () => {
      expectError(await send(op, { token: PASSES[op.access]?.token, rawBody: '{"broken": ' }), 400, 1001, name);
      expectError(await send(op, { token: PASSES[op.access]?.token, body: [1, 2] }), 400, 1001, name);
    });
  }
});

describe("organizer routes are checked against a real event", () => {
  const organizerOps = ops.filter((op) => op.access === "organizer");

  it("every organizer route's URL names the real alpha event, and its organizer gets through", async () => {
    expect(organizerOps.length).toBeGreaterThan(15);
    for (const op of organizerOps) expect(urlFor(op, alphaIds), `${op.method} ${op.path}`).toContain(`/event/${alphaIds.event.id}`);
    const names = organizerOps.map((op) => `${op.method} ${op.path}`);
    for (const name of [
      "GET /api/event/{id}/onboarding/questions/{qid}",
      "DELETE /api/event/{id}/onboarding/translations/{translationKey}/{language}",
      "DELETE /api/event/{id}/responsibles/{userId}",
      "DELETE /api/event/{id}",
    ]) {
      expect(names).toContain(name);
    }
    // The ids are real: the organizer reads the question the member was refused.
    const question = organizerOps.find((op) => op.method === "GET" && op.path.endsWith("/questions/{qid}"));
    if (!question) throw new Error("no GET question route");
    const res = await send(question, { token: alphaAdmin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: alphaIds.event.questionId, text: "Why?" });
  });
});

const publicWithBody = ops.filter((op) => op.access === "public" && op.jsonBody);

describe.each(publicWithBody)("$method $path (public)", (op) => {
  it("a malformed body: 400 (1001)", async () => {
    expectError(await send(op, { rawBody: '{"broken": ' }), 400, 1001, `${op.method} ${op.path}`);
  });
});

describe("the beta community's own ids work for its members", () => {
  it("the fixtures are real: a beta member reads their own profile", async () => {
    const res = await env.request("GET", "/api/participant/profile", { tenant: "beta", token: betaMember.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(betaIds.participantId);
  });
});
