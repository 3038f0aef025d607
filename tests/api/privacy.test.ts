import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();

type Member = { token: string; id: string; slug: string };

async function member(tenant = "alpha", role: "member" | "moderator" | "admin" = "member"): Promise<Member> {
  const u = await createUser(env, { tenant, role: null });
  const res = await env.request("POST", `/api/participant/create?userId=${u.user.id}`, {
    tenant,
    token: u.token,
    body: { firstName: "Priv", lastName: "Acy" },
  });
  expect(res.status).toBe(201);
  if (role !== "member") await env.db`update participants set role = ${role} where id = ${res.body.id}`;
  return { token: u.token, id: res.body.id, slug: res.body.slug };
}

async function completeProfile(m: Member, extra: Record<string, unknown> = {}, tenant = "alpha") {
  const tag = randomUUID().slice(0, 8);
  const res = await env.request("POST", "/api/participant/update-profile", {
    tenant,
    token: m.token,
    body: { about: "Hello", contacts: { LINKEDIN: `https://www.linkedin.com/in/viewer-${tag}` }, ...extra },
  });
  expect(res.status).toBe(200);
  const lf = await env.request("POST", "/api/participant/update-looking-for", { tenant, token: m.token, body: { lookingFor: ["OPEN_TO_ANY"] } });
  expect(lf.body.profileCompleted).toBe(true);
}

function view(slug: string, token?: string, tenant = "alpha") {
  return env.request("GET", `/api/participant/profile/${slug}`, { tenant, token });
}

const HIDDEN_TELEGRAM = "https://t.me/secret_handle";

describe("contacts privacy on the public profile", () => {
  let owner: Member;
  let viewer: Member;
  let incomplete: Member;
  let admin: Member;
  let moderator: Member;

  beforeAll(async () => {
    owner = await member();
    await completeProfile(owner, {
      slug: `owner-${randomUUID().slice(0, 8)}`,
      phone: "+15550001111",
      city: "Lisbon",
      shareLocation: false,
      latitude: 38.7,
      longitude: -9.1,
      contacts: { LINKEDIN: "https://www.linkedin.com/in/the-owner", TELEGRAM: "@secret_handle", EMAIL: "owner@example.com" },
      privacy: "CUSTOM",
      hiddenContacts: ["TELEGRAM"],
    });
    owner.slug = (await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: owner.token })).body.slug;
    viewer = await member();
    await completeProfile(viewer);
    incomplete = await member();
    admin = await member("alpha", "admin");
    moderator = await member("alpha", "moderator");
  });

  it("CUSTOM: another member with a complete profile sees all but the hidden types", async () => {
    const res = await view(owner.slug, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.contacts).toEqual({ LINKEDIN: "https://www.linkedin.com/in/the-owner", EMAIL: "owner@example.com" });
    expect(res.body).toMatchObject({ phone: "+15550001111", hasHiddenContacts: true, contactsLocked: false, isOwn: false });
    expect(JSON.stringify(res.body)).not.toContain("secret_handle");
  });

  it("anonymous visitors see the profile but no contacts", async () => {
    const res = await view(owner.slug);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Priv", about: "Hello", contacts: {}, phone: null, contactsLocked: true });
    expect(JSON.stringify(res.body)).not.toMatch(/secret_handle|the-owner|owner@example\.com|15550001111/);
  });

  it("a member whose own profile is not complete sees no contacts (spec 4.6)", async () => {
    const res = await view(owner.slug, incomplete.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contacts: {}, phone: null, contactsLocked: true });
    expect(JSON.stringify(res.body)).not.toMatch(/secret_handle|the-owner/);
  });

  it("an unconfirmed member sees no contacts", async () => {
    const pending = await member();
    await completeProfile(pending);
    await env.db`update participants set moderation_status = 'pending' where id = ${pending.id}`;
    const res = await view(owner.slug, pending.token);
    expect(res.body).toMatchObject({ contacts: {}, contactsLocked: true });
  });

  it("the owner, the admin and a moderator see every contact", async () => {
    for (const who of [owner, admin, moderator]) {
      const res = await view(owner.slug, who.token);
      expect(res.status).toBe(200);
      expect(res.body.contacts.TELEGRAM).toBe(HIDDEN_TELEGRAM);
      expect(res.body.phone).toBe("+15550001111");
    }
    expect((await view(owner.slug, owner.token)).body.isOwn).toBe(true);
  });

  it("shows the city and coordinates to others only when the location is shared", async () => {
    const hidden = await view(owner.slug, viewer.token);
    expect(hidden.body).toMatchObject({ city: null, latitude: null, longitude: null });
    const own = await view(owner.slug, owner.token);
    expect(own.body).toMatchObject({ city: "Lisbon", latitude: 38.7 });
    await env.request("POST", "/api/participant/update-profile", { tenant: "alpha", token: owner.token, body: { shareLocation: true } });
    const shared = await view(owner.slug, viewer.token);
    expect(shared.body).toMatchObject({ city: "Lisbon", latitude: 38.7, longitude: -9.1 });
    await env.request("POST", "/api/participant/update-profile", { tenant: "alpha", token: owner.token, body: { shareLocation: false } });
  });

  it("PRIVATE hides every contact (and the phone) from members, not from the admin", async () => {
    await env.request("POST", "/api/participant/update-profile", { tenant: "alpha", token: owner.token, body: { privacy: "PRIVATE" } });
    const res = await view(owner.slug, viewer.token);
    expect(res.body).toMatchObject({ contacts: {}, phone: null, hasHiddenContacts: true, contactsLocked: false });
    expect(JSON.stringify(res.body)).not.toMatch(/secret_handle|the-owner|owner@example\.com|15550001111/);
    const byAdmin = await view(owner.slug, admin.token);
    expect(Object.keys(byAdmin.body.contacts).sort()).toEqual(["EMAIL", "LINKEDIN", "TELEGRAM"]);
  });

  it("NONE shows every contact to members", async () => {
    await env.request("POST", "/api/participant/update-profile", { tenant: "alpha", token: owner.token, body: { privacy: "NONE" } });
    const res = await view(owner.slug, viewer.token);
    expect(res.body.contacts.TELEGRAM).toBe(HIDDEN_TELEGRAM);
    expect(res.body.hasHiddenContacts).toBe(false);
  });

  it("CUSTOM hiding PHONE hides the phone field too", async () => {
    await env.request("POST", "/api/participant/update-profile", {
      tenant: "alpha",
      token: owner.token,
      body: { privacy: "CUSTOM", hiddenContacts: ["PHONE", "TELEGRAM"] },
    });
    const res = await view(owner.slug, viewer.token);
    expect(res.body.phone).toBeNull();
    expect(res.body.contacts.TELEGRAM).toBeUndefined();
    expect(res.body.contacts.LINKEDIN).toBeDefined();
  });
});

describe("who can open a profile by slug", () => {
  it("an unconfirmed or disabled profile is 404 to others, visible to its owner and the admin", async () => {
    const owner = await member();
    const other = await member();
    const admin = await member("alpha", "admin");
    await env.db`update participants set moderation_status = 'pending' where id = ${owner.id}`;
    expect((await view(owner.slug, other.token)).status).toBe(404);
    expect((await view(owner.slug)).status).toBe(404);
    expect((await view(owner.slug, owner.token)).status).toBe(200);
    expect((await view(owner.slug, admin.token)).status).toBe(200);
    await env.db`update participants set moderation_status = 'confirmed', profile_enabled = false where id = ${owner.id}`;
    expect((await view(owner.slug, other.token)).status).toBe(404);
    expect((await view(owner.slug, admin.token)).status).toBe(200);
  });

  it("another community's slug is 404, whoever asks; an alpha session on beta is anonymous", async () => {
    const betaMember = await member("beta");
    await env.request("POST", "/api/participant/update-profile", {
      tenant: "beta",
      token: betaMember.token,
      body: { slug: `beta-only-${randomUUID().slice(0, 8)}` },
    });
    const slug = (await env.request("GET", "/api/participant/profile", { tenant: "beta", token: betaMember.token })).body.slug;
    const alphaAdmin = await member("alpha", "admin");
    expect((await view(slug, alphaAdmin.token, "alpha")).status).toBe(404);
    expect((await view(slug, undefined, "alpha")).body).toMatchObject({ code: 1002 });
    expect((await view(slug, undefined, "beta")).status).toBe(200);
    // An admin of alpha carries no rights into beta: the session is not valid there.
    await env.request("POST", "/api/participant/update-profile", {
      tenant: "beta",
      token: betaMember.token,
      body: { contacts: { LINKEDIN: "https://www.linkedin.com/in/beta-member" } },
    });
    const asAlphaAdmin = await view(slug, alphaAdmin.token, "beta");
    expect(asAlphaAdmin.status).toBe(200);
    expect(asAlphaAdmin.body).toMatchObject({ contacts: {}, contactsLocked: true });
  });
});
