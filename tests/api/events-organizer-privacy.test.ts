import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createMember } from "../support/users.ts";
import { api, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

/**
 * An event's organizers may be plain members: what the report and the CSV show them of the
 * attendees follows the members' privacy, and only confirmed members become organizers.
 */
const env = await testEnvForFile();
const ev = api(env);
let moderator: Who;
let betaAdmin: Who;
beforeAll(async () => {
  [moderator, betaAdmin] = await Promise.all([who(env, "alpha", "moderator", "Mod"), who(env, "beta", "admin", "Bea")]);
});

const ob = (w: Who, method: string, eventId: string, path: string, body?: unknown) =>
  env.request(method, `/api/event/${eventId}/onboarding/${path}`, { tenant: w.tenant, token: w.token, body });

async function setPrivacy(w: Who, privacy: "NONE" | "PRIVATE" | "CUSTOM", hidden: string[] = []) {
  await env.db`update participants set privacy = ${privacy}, hidden_contacts = ${hidden} where id = ${w.id}`;
}

type Item = { participantId: string; email: string | null };

describe("the onboarding report and CSV of a member organizer", () => {
  it("show an attendee's account e-mail only as the attendee's privacy allows; staff see all", async () => {
    const id = await makeEvent(env, moderator, { enableOnboarding: true });
    const about = await ob(moderator, "POST", id, "questions", { text: "About you", type: "TEXT" });
    expect(about.status, JSON.stringify(about.body)).toBe(201);
    // A confirmed member with a complete profile: one who sees other members' open contacts.
    const u = await createMember(env, { tenant: "alpha", role: "member", profile: { firstName: "Orla", lastName: "Person" }, complete: true });
    const organizer: Who = { ...u, tenant: "alpha", id: u.participantId ?? "" };
    expect((await ev.addResponsible(moderator, id, organizer.user.id)).status).toBe(200);

    const [open, hidden, customEmail, customOther] = await Promise.all([
      who(env, "alpha", "member", "Open"),
      who(env, "alpha", "member", "Hidden"),
      who(env, "alpha", "member", "NoMail"),
      who(env, "alpha", "member", "NoTelegram"),
    ]);
    await setPrivacy(hidden, "PRIVATE");
    await setPrivacy(customEmail, "CUSTOM", ["EMAIL"]);
    await setPrivacy(customOther, "CUSTOM", ["TELEGRAM"]);
    for (const p of [open, hidden, customEmail, customOther]) {
      expect((await ev.join(p, id)).status).toBe(200);
      await ob(p, "POST", id, "user-answers", { questionId: about.body.id, text: `I am ${p.email}` });
    }

    const report = await ob(organizer, "GET", id, "report");
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const emailOf = (items: Item[], w: Who) => items.find((i) => i.participantId === w.id)?.email;
    expect(emailOf(report.body.items, open)).toBe(open.email);
    expect(emailOf(report.body.items, customOther)).toBe(customOther.email);
    expect(emailOf(report.body.items, hidden)).toBeNull();
    expect(emailOf(report.body.items, customEmail)).toBeNull();

    const csv = await ob(organizer, "GET", id, "answers/export");
    expect(csv.status).toBe(200);
    const lines = String(csv.body).split("\r\n");
    expect(lines.find((l) => l.startsWith(`${open.id},`))).toContain(`,${open.email},`);
    expect(lines.find((l) => l.startsWith(`${hidden.id},`))).toMatch(new RegExp(`^${hidden.id},Hidden,Person,,`));
    expect(lines.find((l) => l.startsWith(`${customEmail.id},`))).toMatch(new RegExp(`^${customEmail.id},NoMail,Person,,`));
    // What the member wrote in an answer is the member's own disclosure, kept as written.
    expect(String(csv.body)).toContain(`I am ${hidden.email}`);

    const staff = await ob(moderator, "GET", id, "report");
    for (const p of [open, hidden, customEmail, customOther]) expect(emailOf(staff.body.items, p)).toBe(p.email);
    // The attendee's own row shows their own e-mail to them when they organize.
    expect((await ev.addResponsible(moderator, id, hidden.user.id)).status).toBe(200);
    expect(emailOf((await ob(hidden, "GET", id, "report")).body.items, hidden)).toBe(hidden.email);

    // Another community's admin: the event does not exist there.
    expectError(await ob(betaAdmin, "GET", id, "report"), 404, 1002);
    expectError(await ob(betaAdmin, "GET", id, "answers/export"), 404, 1002);
  });
});

describe("appointing co-organizers", () => {
  it("takes only confirmed members of the community; a member organizer cannot appoint a rejected or pending one", async () => {
    const id = await makeEvent(env, moderator);
    const organizer = await who(env, "alpha", "member", "Ola");
    expect((await ev.addResponsible(moderator, id, organizer.user.id)).status).toBe(200);

    const rejected = await who(env, "alpha", "member", "Rex");
    await env.db`update participants set moderation_status = 'rejected' where id = ${rejected.id}`;
    const pending = await who(env, "alpha", "member", "Pen");
    await env.db`update participants set moderation_status = 'pending' where id = ${pending.id}`;
    for (const by of [organizer, moderator]) {
      for (const w of [rejected, pending]) {
        const res = await ev.addResponsible(by, id, w.user.id);
        expectError(res, 400, 1001, /confirmed member/);
        expect(res.body.errors).toMatchObject({ userId: expect.any(String) });
      }
    }
    const organizers = (await ev.responsibles(moderator, id)).body as { userId: string }[];
    expect(organizers.map((o) => o.userId)).not.toContain(rejected.user.id);
    expect(organizers.map((o) => o.userId)).not.toContain(pending.user.id);

    const confirmed = await who(env, "alpha", "member", "Con");
    const added = await ev.addResponsible(organizer, id, confirmed.user.id);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((added.body as { userId: string }[]).map((o) => o.userId)).toContain(confirmed.user.id);

    // Cross-tenant: a member of another community is no participant here; another community's
    // admin does not see the event.
    const betaMember = await who(env, "beta", "member", "Ben");
    expectError(await ev.addResponsible(organizer, id, betaMember.user.id), 404, 1002);
    expectError(await env.request("POST", `/api/event/${id}/responsibles`, { tenant: "beta", token: betaAdmin.token, body: { userId: betaMember.user.id } }), 404, 1002);
  });
});
