import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { imageForm, realPng } from "../support/images.ts";
import { api, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let organizer: Who;
let admin: Who;
let member: Who;
beforeAll(async () => {
  [organizer, admin, member] = await Promise.all([who(env, "alpha", "moderator", "Olga"), who(env, "alpha", "admin", "Ada"), who(env, "alpha", "member", "Mia")]);
});

const FULL = {
  address: "Unter den Linden 1",
  latitude: 52.517,
  longitude: 13.389,
  googleMapsLink: "https://maps.google.com/?q=52.517,13.389",
  country: "Germany",
  region: "Berlin",
  city: "Berlin",
  postalCode: "10117",
};
const NONE = { address: null, latitude: null, longitude: null, googleMapsLink: null, country: null, region: null, city: null, postalCode: null };
const only = (...keys: (keyof typeof FULL)[]) => ({ ...NONE, ...Object.fromEntries(keys.map((k) => [k, FULL[k]])) });

const CASES: [string, Record<string, unknown>][] = [
  ["FULL", FULL],
  ["PUBLIC", FULL],
  ["WITHOUT_STREET", only("country", "region", "city", "postalCode")],
  ["COUNTRY_CITY", only("country", "city")],
  ["CITY_ONLY", only("city")],
  ["COUNTRY_ONLY", only("country")],
  ["STREET_ONLY", only("address")],
  ["REGION_CITY", only("region", "city")],
  ["POSTAL_CITY", only("postalCode", "city")],
  ["NONE", NONE],
  ["PRIVATE", NONE],
];

describe("location visibility, applied by the server", () => {
  it.each(CASES)("%s: signed out and members see what it allows, organizers and admins everything, on the page and in the lists", async (visibility, expected) => {
    const id = await makeEvent(env, organizer, { locationVisibility: visibility });
    expect((await ev.get(undefined, id)).body.location).toEqual(expected);
    expect((await ev.get(member, id)).body.location).toEqual(expected);
    expect((await ev.get(organizer, id)).body.location).toEqual(FULL);
    expect((await ev.get(admin, id)).body.location).toEqual(FULL);
    const find = (items: { id: string; location: unknown }[]) => items.find((e) => e.id === id)?.location;
    expect(find((await ev.list(undefined, "upcoming", "?size=100")).body.items)).toEqual(expected);
    expect(find((await ev.list(member, "upcoming", "?size=100")).body.items)).toEqual(expected);
    expect(find((await ev.list(organizer, "upcoming", "?size=100")).body.items)).toEqual(FULL);
  });

  it("PRIVATE shows the whole location to confirmed participants only", async () => {
    const id = await makeEvent(env, organizer, { locationVisibility: "PRIVATE", approvalRequired: true });
    const m = await who(env, "alpha", "member", "Conf");
    await ev.join(m, id);
    expect((await ev.get(m, id)).body.location).toEqual(NONE);
    await ev.approve(organizer, id, m.id);
    expect((await ev.get(m, id)).body.location).toEqual(FULL);
  });

  it("the online meeting link goes to confirmed participants and organizers only", async () => {
    const id = await makeEvent(env, organizer, { type: "ONLINE", onlineLink: "https://meet.example.com/room" });
    expect((await ev.get(undefined, id)).body.onlineLink).toBeNull();
    expect((await ev.get(member, id)).body.onlineLink).toBeNull();
    expect((await ev.get(organizer, id)).body.onlineLink).toBe("https://meet.example.com/room");
    const m = await who(env, "alpha", "member", "Online");
    await ev.join(m, id);
    expect((await ev.get(m, id)).body.onlineLink).toBe("https://meet.example.com/room");
  });
});

describe("event visibility", () => {
  it("private events are left out of the lists for visitors and users who have not joined; members see them", async () => {
    const id = await makeEvent(env, organizer, { visibility: "PRIVATE" });
    const outsider = await who(env, "alpha", null);
    const ids = async (w: Who | undefined) => (await ev.list(w, "upcoming", "?size=100")).body.items.map((e: { id: string }) => e.id);
    expect(await ids(undefined)).not.toContain(id);
    expect(await ids(outsider)).not.toContain(id);
    expect(await ids(member)).toContain(id);
  });

  it("a private event's participation calls need a participant of the community", async () => {
    const id = await makeEvent(env, organizer, { visibility: "PRIVATE" });
    const outsider = await who(env, "alpha", null);
    expectError(await ev.join(outsider, id), 403, 1021);
    expectError(await env.request("POST", `/api/event/${id}/confirm-participation`), 401, 1004);
  });
});

describe("responsibles (organizers)", () => {
  it("organizers add and remove organizers (audited); the new one may then edit; members 403; the last one stays", async () => {
    const id = await makeEvent(env, organizer);
    const helper = await who(env, "alpha", "member", "Helper");
    expectError(await ev.patch(helper, id, { title: "Mine now" }), 403, 1005);
    expectError(await ev.addResponsible(helper, id, helper.user.id), 403, 1005);
    const added = await ev.addResponsible(organizer, id, helper.user.id);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.map((o: { userId: string }) => o.userId)).toEqual([organizer.user.id, helper.user.id]);
    expect((await ev.responsibles(member, id)).body).toHaveLength(2);
    expect((await ev.patch(helper, id, { title: "Co-organized" })).status).toBe(200);
    expect((await ev.get(helper, id)).body.isOrganizer).toBe(true);
    expect((await ev.get(member, id)).body.isOrganizer).toBe(false);

    const removed = await ev.removeResponsible(helper, id, organizer.user.id);
    expect(removed.body.map((o: { userId: string }) => o.userId)).toEqual([helper.user.id]);
    expectError(await ev.patch(organizer, id, { title: "Back" }), 403, 1005);
    expectError(await ev.removeResponsible(helper, id, helper.user.id), 409, 1003, "An event keeps at least one organizer");
    expectError(await ev.removeResponsible(helper, id, member.user.id), 404, 1002);
    // A community admin is an organizer of every event without being listed.
    expect((await ev.addResponsible(admin, id, organizer.user.id)).status).toBe(200);

    const actions = await env.db<{ action: string }[]>`select action from audit_events where target_id = ${id} and action like 'event.responsible.%' order by id`;
    expect(actions.map((a) => a.action)).toEqual(["event.responsible.add", "event.responsible.remove", "event.responsible.add"]);
  });

  it("only participants of the community can become organizers; another community's user is a 404", async () => {
    const id = await makeEvent(env, organizer);
    const [outsider, betaMember] = await Promise.all([who(env, "alpha", null), who(env, "beta", "member")]);
    expectError(await ev.addResponsible(organizer, id, outsider.user.id), 404, 1002);
    expectError(await ev.addResponsible(organizer, id, betaMember.user.id), 404, 1002);
  });
});

describe("cross-tenant: a member of community B never reads or changes A's events", () => {
  it("every event route answers 404 for another community's event, by id and by slug", async () => {
    const id = await makeEvent(env, organizer, { slug: "alpha-only", approvalRequired: true });
    await ev.join(member, id);
    const betaAdmin = await who(env, "beta", "admin", "Bea");
    for (const ref of [id, "alpha-only"]) {
      const calls: [string, string, unknown?][] = [
        ["GET", `/api/event/${ref}`],
        ["GET", `/api/event/${ref}/calendar.ics`],
        ["PATCH", `/api/event/${ref}`, { title: "x" }],
        ["DELETE", `/api/event/${ref}`],
        ["GET", `/api/event/${ref}/participants/confirmed`],
        ["POST", `/api/event/${ref}/confirm-participation`],
        ["PATCH", `/api/event/${ref}/cancel-participation`],
        ["GET", `/api/event/participations/${member.id}/${ref}`],
        ["GET", `/api/event/participations/${betaAdmin.id}/${ref}`],
        ["POST", `/api/event/${ref}/participants/${member.id}/approve`],
        ["POST", `/api/event/${ref}/participants/${member.id}/reject`],
        ["POST", `/api/event/${ref}/participants/${member.id}/confirm-payment`],
        ["POST", `/api/event/${ref}/participant/${member.id}/status/CONFIRMED`],
        ["GET", `/api/event/${ref}/responsibles`],
        ["POST", `/api/event/${ref}/responsibles`, { userId: betaAdmin.user.id }],
        ["DELETE", `/api/event/${ref}/responsibles/${organizer.user.id}`],
      ];
      for (const [method, path, body] of calls) {
        const res = await env.request(method, path, { tenant: "beta", token: betaAdmin.token, body });
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(member.id);
      }
      const upload = await env.request("POST", `/api/event/${ref}/upload-image`, { tenant: "beta", token: betaAdmin.token, rawBody: imageForm(await realPng(64, 64)) });
      expect(upload.status).toBe(404);
    }
    // Nothing changed in alpha.
    expect((await ev.get(member, id)).body).toMatchObject({ title: "Summer meetup", myParticipation: { status: "PENDING" } });
    const beta = await ev.list(betaAdmin, "upcoming", "?size=100");
    expect(beta.body.items.map((e: { id: string }) => e.id)).not.toContain(id);
  });
});
