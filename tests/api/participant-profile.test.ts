import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(
    // One required contact type: every listed type is then required by name.
    tenantFixture("delta", { requiredContacts: ["LINKEDIN"], requiredContactsMin: 1, contactsConfig: ["LINKEDIN", "TELEGRAM", "EMAIL"] }),
    // The contacts step hidden: no minimum is enforced.
    tenantFixture("epsilon", {
      stepsConfig: { profile: true, lookingFor: true, contacts: false, networks: true, avatar: true, about: true },
      langChoices: ["en"],
    }),
  );
});

type Member = { token: string; userId: string; id: string; slug: string };

/** A user who joined `tenant` through the API. */
async function member(tenant = "alpha", name: { firstName: string; lastName: string } = { firstName: "Test", lastName: "Member" }): Promise<Member> {
  const u = await createUser(env, { tenant, role: null });
  const res = await env.request("POST", `/api/participant/create?userId=${u.user.id}`, { tenant, token: u.token, body: name });
  expect(res.status).toBe(201);
  return { token: u.token, userId: u.user.id, id: res.body.id, slug: res.body.slug };
}

function update(m: Member, body: unknown, tenant = "alpha") {
  return env.request("POST", "/api/participant/update-profile", { tenant, token: m.token, body });
}

describe("GET /api/participant/profile", () => {
  it("returns the own profile with every field", async () => {
    const m = await member();
    const res = await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: m.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: m.id,
      slug: m.slug,
      contacts: {},
      privacy: "NONE",
      hiddenContacts: [],
      tags: [],
      lookingFor: [],
      networkingEnabled: true,
      profileEnabled: true,
      tutorialSeen: false,
      notificationPrefs: [],
      avatar: null,
    });
  });

  it("is 403 (1021) for a user without a participant, 401 signed out and across communities", async () => {
    const u = await createUser(env, { tenant: "alpha", role: null });
    expect((await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: u.token })).body).toMatchObject({ code: 1021 });
    expect((await env.request("GET", "/api/participant/profile", { tenant: "alpha" })).status).toBe(401);
    const m = await member();
    expect((await env.request("GET", "/api/participant/profile", { tenant: "beta", token: m.token })).status).toBe(401);
  });
});

describe("POST /api/participant/update-profile", () => {
  it("saves and normalises the fields", async () => {
    const m = await member();
    const res = await update(m, {
      firstName: "  Ada ",
      lastName: "Lovelace",
      phone: "+44 20 7946 0958",
      company: "Analytical Engines",
      position: "Programmer",
      about: "First programmer",
      goal: "Meet engineers",
      city: "London",
      shareLocation: true,
      latitude: 51.5,
      longitude: -0.12,
      tags: ["Math", "math ", "Other", "Другое", "  ", "x".repeat(60), "Poetry"],
      contacts: {
        LINKEDIN: "linkedin.com/in/ada-lovelace/",
        TELEGRAM: "@ada_lovelace",
        GITHUB: "ada",
        TWITTER: "https://twitter.com/ada",
        INSTAGRAM: "@ada.l",
        FACEBOOK: "facebook.com/ada.lovelace",
        VK: "ada_l",
        CALENDLY: "calendly.com/ada/30min",
        EMAIL: "ada@example.com",
        PHONE: "+1 (555) 123-4567",
        SLACK: "@ada",
        DISCORD: "Ada.Codes",
      },
      privacy: "CUSTOM",
      hiddenContacts: ["PHONE", "PHONE", "EMAIL"],
      language: "ru",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+442079460958",
      company: "Analytical Engines",
      city: "London",
      shareLocation: true,
      latitude: 51.5,
      longitude: -0.12,
      tags: ["Math", `${"x".repeat(47)}…`, "Poetry"],
      contacts: {
        LINKEDIN: "https://www.linkedin.com/in/ada-lovelace",
        TELEGRAM: "https://t.me/ada_lovelace",
        GITHUB: "https://github.com/ada",
        TWITTER: "https://x.com/ada",
        INSTAGRAM: "https://www.instagram.com/ada.l",
        FACEBOOK: "https://www.facebook.com/ada.lovelace",
        VK: "https://vk.com/ada_l",
        CALENDLY: "https://calendly.com/ada/30min",
        EMAIL: "ada@example.com",
        PHONE: "+15551234567",
        SLACK: "ada",
        DISCORD: "ada.codes",
      },
      privacy: "CUSTOM",
      hiddenContacts: ["PHONE", "EMAIL"],
      language: "ru",
    });
    expect(res.body.tags[1]).toHaveLength(48);
  });

  it("keeps the directory's search document and full name in step with the profile", async () => {
    const m = await member("alpha", { firstName: "Search", lastName: "Able" });
    await update(m, { company: "Zebracorp", tags: ["Quantum"], about: "Knits sweaters" });
    const hits = async (q: string) =>
      (await env.db<{ id: string }[]>`
        select id from participants where community_id = 'alpha' and search_document @@ plainto_tsquery('simple', ${q})`).map((r) => r.id);
    expect(await hits("zebracorp")).toEqual([m.id]);
    expect(await hits("quantum")).toEqual([m.id]);
    expect(await hits("sweaters")).toEqual([m.id]);
    const [rank] = await env.db<{ fullName: string; a: number; c: number }[]>`
      select full_name as "fullName",
             ts_rank(search_document, plainto_tsquery('simple', 'able')) as a,
             ts_rank(search_document, plainto_tsquery('simple', 'sweaters')) as c
      from participants where id = ${m.id}`;
    expect(rank?.fullName).toBe("Search Able");
    expect(rank?.a).toBeGreaterThan(rank?.c ?? 1);
    const [fuzzy] = await env.db<{ id: string }[]>`
      select id from participants where community_id = 'alpha' and full_name % 'Serch Able' order by similarity(full_name, 'Serch Able') desc limit 1`;
    expect(fuzzy?.id).toBe(m.id);
  });

  it("changes only the given fields; empty text clears; contacts merge and null removes one", async () => {
    const m = await member();
    await update(m, { company: "Acme", about: "Hello", contacts: { LINKEDIN: "https://www.linkedin.com/in/someone", TELEGRAM: "@someone" } });
    const res = await update(m, { about: "", contacts: { TELEGRAM: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company: "Acme", about: null, contacts: { LINKEDIN: "https://www.linkedin.com/in/someone" } });
    expect(res.body.contacts.TELEGRAM).toBeUndefined();
  });

  it("enforces the text bounds with field errors", async () => {
    const m = await member();
    const res = await update(m, {
      firstName: "",
      lastName: "x".repeat(61),
      company: "c".repeat(101),
      position: "p".repeat(101),
      about: "a".repeat(2001),
      goal: "g".repeat(501),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 1001,
      errors: {
        firstName: "Must be between 1 and 60 characters",
        lastName: "Must be between 1 and 60 characters",
        company: "Must be at most 100 characters",
        position: "Must be at most 100 characters",
        about: "Must be at most 2000 characters",
        goal: "Must be at most 500 characters",
      },
    });
    const ok = await update(m, { about: "a".repeat(2000), goal: "g".repeat(500), company: "c".repeat(100) });
    expect(ok.status).toBe(200);
  });

  it("refuses more than 30 distinct tags, a phone not in international format, and half a coordinate", async () => {
    const m = await member();
    const res = await update(m, {
      tags: Array.from({ length: 31 }, (_, i) => `tag${i}`),
      phone: "8 916 123",
      latitude: 10,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ tags: "At most 30 tags", phone: expect.stringContaining("international"), latitude: expect.any(String) });
    const dupes = await update(m, { tags: [...Array.from({ length: 30 }, (_, i) => `tag${i}`), "TAG1", "other"] });
    expect(dupes.status).toBe(200);
    expect(dupes.body.tags).toHaveLength(30);
  });

  it("rejects an invalid social link format per type", async () => {
    const m = await member();
    const res = await update(m, {
      contacts: {
        LINKEDIN: "https://www.linkedin.com/in/valid-user",
        GITHUB: "https://evil.example.com/ada",
        EMAIL: "not-an-email",
        TELEGRAM: "t.me/ab",
        CALENDLY: "https://calendly.evil.com/x",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      "contacts.GITHUB": "Invalid format",
      "contacts.EMAIL": "Invalid format",
      "contacts.TELEGRAM": "Invalid format",
      "contacts.CALENDLY": "Invalid format",
    });
  });

  it("applies the LinkedIn prefix rule: a profile address or a bare username, stored as the address", async () => {
    const m = await member();
    for (const bad of ["j", "john doe", "https://www.linkedin.com/company/acme", "https://linkedin.evil.com/in/john", "https://www.linkedin.com/in/"]) {
      const res = await update(m, { contacts: { LINKEDIN: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors["contacts.LINKEDIN"]).toBe("Enter the LinkedIn username or an address starting with https://www.linkedin.com/in/");
    }
    for (const good of ["https://www.linkedin.com/in/john-doe", "http://linkedin.com/in/john-doe?trk=x", "ru.linkedin.com/in/john-doe/", "john-doe", "@john-doe"]) {
      const res = await update(m, { contacts: { LINKEDIN: good } });
      expect(res.status, good).toBe(200);
      expect(res.body.contacts.LINKEDIN).toBe("https://www.linkedin.com/in/john-doe");
    }
  });

  it("refuses a contact that duplicates another", async () => {
    const m = await member();
    const res = await update(m, { contacts: { LINKEDIN: "https://www.linkedin.com/in/x-user", SLACK: "same.name", DISCORD: "Same.Name" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "contacts.DISCORD": "This contact duplicates another contact" });
  });

  it("needs at least requiredContactsMin of the required contacts", async () => {
    const m = await member();
    const res = await update(m, { contacts: { TELEGRAM: "@only_telegram" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ contacts: "At least 1 of FACEBOOK, LINKEDIN must be given" });
    const ok = await update(m, { contacts: { TELEGRAM: "@only_telegram", FACEBOOK: "facebook.com/someone.here" } });
    expect(ok.status).toBe(200);
    const removeLast = await update(m, { contacts: { FACEBOOK: "" } });
    expect(removeLast.status).toBe(400);
  });

  it("names each required contact when all listed are required, and refuses types the community does not use", async () => {
    const m = await member("delta");
    const res = await update(m, { contacts: { TELEGRAM: "@telegram_user", GITHUB: "octocat" } }, "delta");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      "contacts.LINKEDIN": "This contact is required",
      "contacts.GITHUB": "This contact type is not used in this community",
    });
  });

  it("does not enforce the minimum when the contacts step is hidden", async () => {
    const m = await member("epsilon");
    const res = await update(m, { contacts: { TELEGRAM: "@telegram_user" } }, "epsilon");
    expect(res.status).toBe(200);
  });

  it("changes the slug with a uniqueness check, and validates its format", async () => {
    const a = await member();
    const b = await member();
    const res = await update(a, { slug: "Ada-The-First" });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe("ada-the-first");
    const taken = await update(b, { slug: "ada-the-first" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 1003, errors: { slug: expect.any(String) } });
    const bad = await update(b, { slug: "-no-" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.slug).toBeDefined();
    // The same slug in another community is not a conflict.
    const c = await member("beta");
    expect((await update(c, { slug: "ada-the-first" }, "beta")).status).toBe(200);
  });

  it("writes nothing when one field is invalid", async () => {
    const m = await member();
    await update(m, { company: "Before" });
    const res = await update(m, { company: "After", contacts: { GITHUB: "not a handle!" } });
    expect(res.status).toBe(400);
    const now = await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: m.token });
    expect(now.body.company).toBe("Before");
  });

  it("refuses a language the community does not offer", async () => {
    const m = await member("epsilon");
    const res = await update(m, { language: "ru" }, "epsilon");
    expect(res.status).toBe(400);
    expect(res.body.errors.language).toBeDefined();
  });

  it("is 401 signed out or across communities, 403 without a participant, 400 on unknown fields", async () => {
    const m = await member();
    expect((await env.request("POST", "/api/participant/update-profile", { tenant: "alpha", body: { company: "x" } })).status).toBe(401);
    expect((await update(m, { company: "x" }, "beta")).status).toBe(401);
    const u = await createUser(env, { tenant: "alpha", role: null });
    const none = await env.request("POST", "/api/participant/update-profile", { tenant: "alpha", token: u.token, body: { company: "x" } });
    expect(none.status).toBe(403);
    expect((await update(m, { moderationStatus: "confirmed" })).status).toBe(400);
  });
});

describe("POST /api/participant/update-looking-for", () => {
  it("saves the choices and both free texts", async () => {
    const m = await member();
    const res = await env.request("POST", "/api/participant/update-looking-for", {
      tenant: "alpha",
      token: m.token,
      body: { lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH", "LOOKING_FOR"], lookingForText: "A co-founder", canHelpWithText: "Rust" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lookingFor: ["LOOKING_FOR", "CAN_HELP_WITH"], lookingForText: "A co-founder", canHelpWithText: "Rust" });
  });

  it("validates choices and text bounds", async () => {
    const m = await member();
    const bad = await env.request("POST", "/api/participant/update-looking-for", {
      tenant: "alpha",
      token: m.token,
      body: { lookingFor: ["SOMETHING"], lookingForText: "x".repeat(1001) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ "lookingFor.0": expect.any(String), lookingForText: "Must be at most 1000 characters" });
  });

  it("is 401 across communities", async () => {
    const m = await member();
    const res = await env.request("POST", "/api/participant/update-looking-for", { tenant: "beta", token: m.token, body: { lookingFor: [] } });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/participant/{id}/profile-completion", () => {
  async function completion(m: Member, id = m.id, tenant = "alpha") {
    return env.request("GET", `/api/participant/${id}/profile-completion`, { tenant, token: m.token });
  }

  it("follows the stepsConfig and keeps profile_completed_at in step", async () => {
    const m = await member("alpha", { firstName: "Only", lastName: "Name" });
    const start = await completion(m);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ percent: 17, completed: false });
    expect(start.body.steps).toContainEqual({ step: "profile", visible: true, required: true, done: true });

    await update(m, { about: "About me", contacts: { LINKEDIN: "https://www.linkedin.com/in/only-name" } });
    const lf = await env.request("POST", "/api/participant/update-looking-for", { tenant: "alpha", token: m.token, body: { lookingFor: ["MEET_NEW_PEOPLE"] } });
    expect(lf.body.profileCompleted).toBe(true);
    const done = await completion(m);
    // Every step but the avatar: the photo may be skipped, so the profile counts as complete.
    expect(done.body).toMatchObject({ percent: 83, completed: true });
    const [row] = await env.db<{ at: Date | null }[]>`select profile_completed_at as at from participants where id = ${m.id}`;
    expect(row?.at).toBeInstanceOf(Date);

    await update(m, { about: "" });
    const undone = await completion(m);
    expect(undone.body.completed).toBe(false);
    const [row2] = await env.db<{ at: Date | null }[]>`select profile_completed_at as at from participants where id = ${m.id}`;
    expect(row2?.at).toBeNull();
  });

  it("counts only visible steps", async () => {
    const m = await member("epsilon", { firstName: "Eps", lastName: "Ilon" });
    const res = await completion(m, m.id, "epsilon");
    expect(res.body.steps.find((s: { step: string }) => s.step === "contacts")).toMatchObject({ visible: false });
    expect(res.body.percent).toBe(20);
  });

  it("is for the member and the community's admins only; another community's id is 404", async () => {
    const m = await member();
    const other = await member();
    expect((await completion(other, m.id)).status).toBe(403);
    const admin = await createUser(env, { tenant: "alpha", role: "admin" });
    const byAdmin = await env.request("GET", `/api/participant/${m.id}/profile-completion`, { tenant: "alpha", token: admin.token });
    expect(byAdmin.status).toBe(200);
    const betaMember = await member("beta");
    expect((await completion(m, betaMember.id)).status).toBe(404);
    expect((await env.request("GET", `/api/participant/${m.id}/profile-completion`, { tenant: "alpha" })).status).toBe(401);
    expect((await completion(m, m.id, "beta")).status).toBe(401);
    expect((await completion(m, "not-a-uuid")).status).toBe(400);
  });
});

describe("preferences", () => {
  it("update-networking-pref: own participant only", async () => {
    const m = await member();
    const res = await env.request("POST", "/api/participant/update-networking-pref", {
      tenant: "alpha",
      token: m.token,
      body: { participantId: m.id, networkingEnabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ participantId: m.id, networkingEnabled: false });
    const profile = await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: m.token });
    expect(profile.body.networkingEnabled).toBe(false);

    const other = await member();
    const theirs = await env.request("POST", "/api/participant/update-networking-pref", {
      tenant: "alpha",
      token: m.token,
      body: { participantId: other.id, networkingEnabled: false },
    });
    expect(theirs.status).toBe(403);
    const beta = await member("beta");
    const cross = await env.request("POST", "/api/participant/update-networking-pref", {
      tenant: "alpha",
      token: m.token,
      body: { participantId: beta.id, networkingEnabled: false },
    });
    expect(cross.status).toBe(404);
    const wrongSession = await env.request("POST", "/api/participant/update-networking-pref", {
      tenant: "beta",
      token: m.token,
      body: { participantId: m.id, networkingEnabled: true },
    });
    expect(wrongSession.status).toBe(401);
  });

  it("update-notification-pref: disables and re-enables a channel", async () => {
    const m = await member();
    const off = await env.request("POST", "/api/participant/update-notification-pref", {
      tenant: "alpha",
      token: m.token,
      body: { contactType: "TELEGRAM", disable: true },
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ notificationPrefs: [{ contactType: "TELEGRAM", disable: true }] });
    const on = await env.request("POST", "/api/participant/update-notification-pref", {
      tenant: "alpha",
      token: m.token,
      body: { contactType: "TELEGRAM", disable: false },
    });
    expect(on.body).toEqual({ notificationPrefs: [] });
    const bad = await env.request("POST", "/api/participant/update-notification-pref", {
      tenant: "alpha",
      token: m.token,
      body: { contactType: "PIGEON", disable: true },
    });
    expect(bad.status).toBe(400);
    const cross = await env.request("POST", "/api/participant/update-notification-pref", {
      tenant: "beta",
      token: m.token,
      body: { contactType: "EMAIL", disable: true },
    });
    expect(cross.status).toBe(401);
  });

  it("tutorial-seen: remembers it", async () => {
    const m = await member();
    const res = await env.request("POST", "/api/participant/tutorial-seen", { tenant: "alpha", token: m.token });
    expect(res.status).toBe(200);
    expect((await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: m.token })).body.tutorialSeen).toBe(true);
    expect((await env.request("POST", "/api/participant/tutorial-seen", { tenant: "beta", token: m.token })).status).toBe(401);
    const u = await createUser(env, { tenant: "alpha", role: null });
    expect((await env.request("POST", "/api/participant/tutorial-seen", { tenant: "alpha", token: u.token })).status).toBe(403);
  });

  it("update-language: this community only, among its languages", async () => {
    const m = await member();
    const res = await env.request("POST", "/api/participant/update-language", {
      tenant: "alpha",
      token: m.token,
      body: { communityId: "alpha", language: "ru" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ communityId: "alpha", language: "ru" });
    expect((await env.request("GET", "/api/participant/profile", { tenant: "alpha", token: m.token })).body.language).toBe("ru");
    const other = await env.request("POST", "/api/participant/update-language", {
      tenant: "alpha",
      token: m.token,
      body: { communityId: "beta", language: "ru" },
    });
    expect(other.status).toBe(404);
    const e = await member("epsilon");
    const unsupported = await env.request("POST", "/api/participant/update-language", {
      tenant: "epsilon",
      token: e.token,
      body: { communityId: "epsilon", language: "ru" },
    });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.errors.language).toBeDefined();
    const cross = await env.request("POST", "/api/participant/update-language", {
      tenant: "beta",
      token: m.token,
      body: { communityId: "beta", language: "ru" },
    });
    expect(cross.status).toBe(401);
  });
});

describe("GET /api/participant/search-linkedin without a provider", () => {
  it("answers 501 not configured", async () => {
    const m = await member();
    const res = await env.request("GET", `/api/participant/search-linkedin?linkedInProfileUrl=${encodeURIComponent("https://www.linkedin.com/in/john")}`, {
      tenant: "alpha",
      token: m.token,
    });
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({ code: 1017, msg: "LinkedIn search is not configured" });
  });
});
