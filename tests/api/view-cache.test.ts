/**
 * The member view cache (auth/view-cache.ts): GET /api/current-user and GET
 * /api/participant/profile answered from process memory, kept honest by the database's
 * announcements (migration 038) and by the request path's own invalidation. Two server processes
 * on one database, each with its caches on as `npm start` has them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantCommunityRole, TenantConfigSchema, applyTenants } from "@tuesday/platform";
import { createPeer, createTestEnv, OPERATOR, type PeerApp, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { imageForm, realPng } from "../support/images.ts";
import { createMember, type CreatedUser, joinAs, uniqueEmail } from "../support/users.ts";

const LAG_MS = 1_500;
let a: TestEnv;
let b: PeerApp;
/** A process whose bus lags 1.5 s: reading its own writes at once cannot rely on the bus there. */
let l: PeerApp;
beforeAll(async () => {
  a = await createTestEnv({ config: { sessionCacheMs: 5_000 } });
  b = await createPeer(a);
  l = await createPeer(a, { busLagMs: LAG_MS });
});
afterAll(async () => {
  await l?.close();
  await b?.close();
  await a?.close();
});

type App = Pick<TestEnv, "request">;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const me = (app: App, token: string, tenant = "alpha") => app.request<any>("GET", "/api/current-user", { token, tenant });
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const profile = (app: App, token: string, tenant = "alpha") => app.request<any>("GET", "/api/participant/profile", { token, tenant });
const post = (app: App, m: { token: string }, path: string, body?: unknown, tenant = "alpha") => app.request("POST", path, { token: m.token, tenant, body });

/** Both views read once on `app`, so the next reads come from its cache. */
async function prime(app: App, token: string, tenant = "alpha") {
  const [u, p] = await Promise.all([me(app, token, tenant), profile(app, token, tenant)]);
  return { user: u.body, profile: p.body };
}

/** Milliseconds until `read` satisfies `ok`; fails after a second (or `limitMs`). */
async function within<T>(read: () => Promise<T>, ok: (value: T) => boolean, limitMs = 1000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (ok(await read())) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Writes `sql` with every trigger off (session_replication_role = replica): no announcement at all. */
async function silently(env: TestEnv, write: (tx: TestEnv["db"]) => Promise<unknown>) {
  await env.db.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await write(tx as unknown as TestEnv["db"]);
  });
}

describe("the view cache serves from memory", () => {
  it("answers a primed read without the database, until an announcement or its time-to-live", async () => {
    const m = await createMember(a, { profile: { firstName: "Cached", company: "Before" } });
    await prime(a, m.token);
    expect(a.deps.views.size).toBeGreaterThan(0);
    // A change no trigger announces: the cache still answers the old row, which proves it serves.
    await silently(a, (tx) => tx`update participants set company = 'Unannounced' where id = ${m.participantId}`);
    expect((await profile(a, m.token)).body.company).toBe("Before");
    // Any announced change of the user drops the entry.
    await a.db`update participants set position = 'Announced' where id = ${m.participantId}`;
    await within(() => profile(a, m.token), (r) => r.body.company === "Unannounced" && r.body.position === "Announced");
  });

  it("forgets everything it missed while the bus was away", async () => {
    const m = await createMember(a, { profile: { company: "Kept" } });
    const peer = await createPeer(a);
    try {
      await prime(peer, m.token);
      await peer.deps.bus.close();
      await silently(a, (tx) => tx`update participants set company = 'While away' where id = ${m.participantId}`);
      // Not listening: nothing is served from the cache.
      expect((await profile(peer, m.token)).body.company).toBe("While away");
      expect(peer.deps.views.enabled).toBe(false);
    } finally {
      await peer.close().catch(() => {});
    }
  });
});

describe("a second process sees a change within a second", () => {
  it("a profile edit on A reaches B's cached profile and current-user", async () => {
    const m = await createMember(a, { profile: { firstName: "Ada", company: "Old Co" } });
    await prime(b, m.token);
    const res = await post(a, m, "/api/participant/update-profile", { company: "New Co", tags: ["engines"] });
    expect(res.status).toBe(200);
    expect((await profile(a, m.token)).body.company).toBe("New Co");
    expect(await within(() => profile(b, m.token), (r) => r.body.company === "New Co" && r.body.tags.includes("engines"))).toBeLessThan(1000);
  });

  it("a logout on A refuses the token on B within a second, its cached views included", async () => {
    const m = await createMember(a);
    await prime(b, m.token);
    expect((await post(a, m, "/api/auth/logout")).status).toBe(200);
    expect((await me(a, m.token)).status).toBe(401);
    await within(() => me(b, m.token), (r) => r.status === 401);
    expect((await profile(b, m.token)).status).toBe(401);
  });

  it("a role granted by the CLI shows on both processes within a second", async () => {
    const m = await createMember(a);
    await prime(a, m.token);
    await prime(b, m.token);
    const tenant = await a.deps.tenants.get("alpha");
    if (!tenant) throw new Error("no alpha");
    // The CLI: its own process, the operator actor, no HTTP request (so no local invalidation).
    await grantCommunityRole({ tenant, actor: { kind: "operator" }, requestId: "cli", log: a.deps.log, db: a.db, deps: a.deps, ip: undefined }, { email: m.email, role: "moderator" });
    for (const app of [a, b]) {
      await within(() => me(app, m.token), (r) => r.body.connectedParticipants?.[0]?.role === "moderator");
      await within(() => profile(app, m.token), (r) => r.body.role === "moderator");
    }
  });

  it("a raw SQL change of the user (the CLI, a hand-run UPDATE) reaches both processes", async () => {
    const m = await createMember(a);
    await prime(a, m.token);
    await prime(b, m.token);
    await a.db`update users set preferred_lang = 'ru', policy_agreed_at = null where id = ${m.user.id}`;
    for (const app of [a, b]) await within(() => me(app, m.token), (r) => r.body.preferredLang === "ru" && r.body.policyAgreed === false);
  });

  it("an archived topic leaves B's cached profiles of that community", async () => {
    const id = await topicsCommunity("topicsb");
    const m = await createMember(a, { tenant: id });
    expect((await post(a, m, "/api/participant/update-looking-for", { lookingFor: ["NEED_HELP_WITH"], needTopics: ["tax", "legal"] }, id)).status).toBe(200);
    await within(() => profile(b, m.token, id), (r) => r.body.needTopics?.length === 2);
    await a.db`update community_topics set archived_at = now() where community_id = ${id} and key = 'tax'`;
    await within(() => profile(b, m.token, id), (r) => JSON.stringify(r.body.needTopics) === JSON.stringify(["legal"]));
  });
});

async function topicsCommunity(id: string): Promise<string> {
  const topics = [
    { key: "tax", labels: { en: "Tax", ru: "Налоги" } },
    { key: "legal", labels: { en: "Legal", ru: "Право" } },
  ];
  await applyTenants(a.db, [{ config: TenantConfigSchema.parse(tenantFixture(id, { topics } as Parameters<typeof tenantFixture>[1])), landing: {}, navigation: null, dir: "" }], OPERATOR);
  a.deps.tenants.invalidate();
  b.deps.tenants.invalidate();
  l.deps.tenants.invalidate();
  return id;
}

/**
 * Read-your-writes in one process: each verb family that changes what the two views show is
 * called through the API right after both views were cached, and the very next read shows it.
 */
describe("the same process reads its own writes at once", () => {
  let m: CreatedUser;
  const fresh = async () => {
    m = await createMember(a, { profile: { firstName: "Grace", lastName: "Hopper" } });
    await prime(l, m.token);
  };

  it("update-profile: every editable field", async () => {
    await fresh();
    const edit = {
      firstName: "Amazing",
      lastName: "Grace",
      phone: "+44 20 7946 0000",
      company: "Navy",
      position: "Rear Admiral",
      about: "Compilers.",
      goal: "Teach",
      city: "Arlington",
      shareLocation: true,
      latitude: 38.88,
      longitude: -77.1,
      tags: ["cobol", "compilers"],
      slug: `grace-${m.participantId?.slice(0, 8)}`,
    };
    expect((await post(l, m, "/api/participant/update-profile", edit)).status).toBe(200);
    const p = (await profile(l, m.token)).body;
    expect(p).toMatchObject({ ...edit, phone: expect.any(String) });
  });

  it("update-profile: contacts and their privacy", async () => {
    await fresh();
    const before = (await profile(l, m.token)).body;
    const res = await post(l, m, "/api/participant/update-profile", {
      contacts: { LINKEDIN: "https://www.linkedin.com/in/gracehopper", TELEGRAM: "gracehopper" },
      hiddenContacts: ["TELEGRAM"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = (await profile(l, m.token)).body;
    expect(p.contacts).not.toEqual(before.contacts);
    expect(JSON.stringify(p.contacts)).toContain("gracehopper");
    expect(p.hiddenContacts).toEqual(["TELEGRAM"]);
    expect((await post(l, m, "/api/participant/update-profile", { privacy: "CUSTOM" })).status).toBe(200);
    expect((await profile(l, m.token)).body.privacy).toBe("CUSTOM");
  });

  it("an uploaded avatar", async () => {
    await fresh();
    expect((await profile(l, m.token)).body.avatar).toBeNull();
    const res = await l.request("POST", "/api/images/upload", { token: m.token, rawBody: imageForm(await realPng(320, 240)) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await profile(l, m.token)).body.avatar).toMatchObject({ id: res.body.id });
  });

  it("an admin switching a member's profile and networking off", async () => {
    await fresh();
    const admin = await createMember(a, { role: "admin" });
    for (const [path, field] of [
      ["/api/admin/profile/toggle", "profileEnabled"],
      ["/api/admin/networking/toggle", "networkingEnabled"],
    ] as const) {
      expect((await profile(l, m.token)).body[field]).toBe(true);
      const res = await post(l, admin, path, { participantId: m.participantId, shouldDisable: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await profile(l, m.token)).body[field]).toBe(false);
    }
  });

  it("update-looking-for: needs, offers and their texts", async () => {
    await fresh();
    const body = { lookingFor: ["NEED_HELP_WITH", "MEET_NEW_PEOPLE"], lookingForText: "A co-founder", canHelpWithText: "Debugging" };
    expect((await post(l, m, "/api/participant/update-looking-for", body)).status).toBe(200);
    expect((await profile(l, m.token)).body).toMatchObject(body);
  });

  it("networking, notification, tutorial and language preferences", async () => {
    await fresh();
    const pid = m.participantId;
    expect((await post(l, m, "/api/participant/update-networking-pref", { participantId: pid, networkingEnabled: false })).status).toBe(200);
    expect((await profile(l, m.token)).body.networkingEnabled).toBe(false);
    expect((await post(l, m, "/api/participant/update-notification-pref", { contactType: "TELEGRAM", disable: true })).status).toBe(200);
    expect((await profile(l, m.token)).body.notificationPrefs).toEqual([{ contactType: "TELEGRAM", disable: true }]);
    expect((await post(l, m, "/api/participant/tutorial-seen")).status).toBe(200);
    expect((await profile(l, m.token)).body.tutorialSeen).toBe(true);
    expect((await post(l, m, "/api/participant/update-language", { communityId: "alpha", language: "ru" })).status).toBe(200);
    expect((await profile(l, m.token)).body.language).toBe("ru");
  });

  it("current-user: language, policy agreement and a confirmed new e-mail (an anonymous request)", async () => {
    await fresh();
    const lang = await l.request("POST", "/api/current-user/lang", { token: m.token, rawBody: "ru", headers: { "content-type": "text/plain" } });
    expect(lang.status).toBe(200);
    expect((await me(l, m.token)).body.preferredLang).toBe("ru");

    await a.db`update users set policy_agreed_at = null where id = ${m.user.id}`;
    await within(() => me(l, m.token), (r) => r.body.policyAgreed === false, LAG_MS + 1000);
    expect((await post(l, m, "/api/auth/agree-policy")).status).toBe(200);
    expect((await me(l, m.token)).body.policyAgreed).toBe(true);

    const next = uniqueEmail("moved");
    expect((await post(l, m, "/api/current-user/email", { email: next, password: m.password })).status).toBe(200);
    expect((await me(l, m.token)).body.email).toBe(m.email);
    const [mail] = await a.mailTo(next);
    const code = /\/confirmed\?code=([a-z0-9]+)/.exec(mail?.text ?? "")?.[1];
    expect(code).toBeTruthy();
    // The confirmation comes signed out, from the link in the mail: no actor to forget.
    expect((await l.request("POST", "/api/auth/confirm-email", { body: { code } })).status).toBe(200);
    expect((await me(l, m.token)).body).toMatchObject({ email: next, emailVerified: true });
  });

  it("joining another community shows in current-user of every session of the user", async () => {
    await fresh();
    expect((await me(l, m.token)).body.connectedCommunities).toEqual(["alpha"]);
    const { token: betaToken } = await joinAs(a, m.user.id, "beta");
    // joinAs wrote through the verbs, outside a request: the database's announcement carries it.
    await within(() => me(l, m.token), (r) => r.body.connectedCommunities.length === 2, LAG_MS + 1000);
    // Leaving beta through the API (account deletion of the participant is not a member verb):
    // a fresh join through the API instead, in a third community.
    await a.addTenants(tenantFixture("gamma"));
    const gammaToken = (await l.request("POST", "/api/auth/login", { tenant: "gamma", body: { authType: "EMAIL", email: m.email, password: m.password } })).body.token as string;
    expect(gammaToken).toBeTruthy();
    await prime(l, betaToken, "beta");
    const joined = await l.request("POST", `/api/participant/create?userId=${m.user.id}`, { tenant: "gamma", token: gammaToken, body: { firstName: "G", lastName: "H" } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    // Same user, other sessions, other communities: all see the join at once.
    expect((await me(l, m.token)).body.connectedCommunities).toEqual(["alpha", "beta", "gamma"]);
    expect((await me(l, betaToken, "beta")).body.connectedCommunities).toEqual(["beta", "alpha", "gamma"]);
  });

  it("a moderator's decision shows in the member's profile and current-user at once", async () => {
    await fresh();
    const mod = await createMember(a, { role: "moderator" });
    const res = await l.request("PATCH", `/api/participant-moderation/${m.participantId}`, {
      token: mod.token,
      body: { moderationStatus: "rejected", reason: "Please add a real name" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await profile(l, m.token)).body).toMatchObject({ moderationStatus: "rejected", moderationReason: "Please add a real name" });
    expect((await me(l, m.token)).body.connectedParticipants[0].moderationStatus).toBe("rejected");
  });

  it("an admin archiving a topic shows in members' profiles at once", async () => {
    const id = await topicsCommunity("topicsa");
    const admin = await createMember(a, { tenant: id, role: "admin" });
    const member = await createMember(a, { tenant: id });
    await prime(l, member.token, id);
    const picks = { lookingFor: ["NEED_HELP_WITH", "CAN_HELP_WITH"], needTopics: ["tax", "legal"], offerTopics: ["tax"] };
    const picked = await post(l, member, "/api/participant/update-looking-for", picks, id);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect((await profile(l, member.token, id)).body).toMatchObject({ needTopics: ["tax", "legal"], offerTopics: ["tax"] });
    const res = await l.request("DELETE", `/api/admin/${id}/topics/tax`, { tenant: id, token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await profile(l, member.token, id)).body).toMatchObject({ needTopics: ["legal"], offerTopics: [] });
  });

  it("an account deletion refuses the session at once", async () => {
    await fresh();
    const res = await l.request("DELETE", `/api/users/delete/${m.user.id}`, { token: m.token, body: { password: m.password } });
    expect(res.status).toBe(200);
    expect((await me(l, m.token)).status).toBe(401);
    expect((await profile(l, m.token)).status).toBe(401);
  });
});

describe("the cache keeps communities apart", () => {
  it("one user with a session and a profile in two communities reads each community's own", async () => {
    const m = await createMember(a, { profile: { firstName: "Alpha", company: "Alpha Co" } });
    const { token: betaToken } = await joinAs(a, m.user.id, "beta");
    expect((await post(a, { token: betaToken }, "/api/participant/update-profile", { firstName: "Beta", company: "Beta Co" }, "beta")).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      // Twice: the second round is served from the cache.
      const [pa, pb, ua, ub] = await Promise.all([profile(a, m.token), profile(a, betaToken, "beta"), me(a, m.token), me(a, betaToken, "beta")]);
      expect(pa.body).toMatchObject({ communityId: "alpha", firstName: "Alpha", company: "Alpha Co" });
      expect(pb.body).toMatchObject({ communityId: "beta", firstName: "Beta", company: "Beta Co" });
      expect(ua.body.connectedParticipants[0].communityId).toBe("alpha");
      expect(ub.body.connectedParticipants[0].communityId).toBe("beta");
    }
    // A session is worth nothing in another community, cached or not.
    expect((await profile(a, m.token, "beta")).status).toBe(401);
    expect((await me(a, betaToken)).status).toBe(401);
  });

  it("a user signed in where they have no profile gets 403 there, while their other community's profile is cached", async () => {
    const m = await createMember(a, { profile: { firstName: "Only", company: "Alpha" } });
    await prime(a, m.token);
    const betaToken = (await a.request("POST", "/api/auth/login", { tenant: "beta", body: { authType: "EMAIL", email: m.email, password: m.password } })).body.token as string;
    expect(betaToken).toBeTruthy();
    for (let i = 0; i < 2; i++) expect((await profile(a, betaToken, "beta")).status).toBe(403);
    expect((await profile(a, m.token)).body.company).toBe("Alpha");
  });
});
