import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { imageForm, realPng } from "../support/images.ts";
import { api, day, expectError, makeEvent, validEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let admin: Who;
let moderator: Who;
let member: Who;
let betaAdmin: Who;
beforeAll(async () => {
  [admin, moderator, member, betaAdmin] = await Promise.all([who(env, "alpha", "admin", "Ada"), who(env, "alpha", "moderator", "Mo"), who(env, "alpha", "member", "Mia"), who(env, "beta", "admin", "Bea")]);
});

describe("POST /event/create", () => {
  it("creates an event with every field; the creator is its organizer; audited", async () => {
    const body = validEvent({
      title: "Compilers night",
      slug: "compilers-night",
      translations: { ru: { title: "Вечер компиляторов", description: "Доклады" } },
      locationVisibility: "CITY_ONLY",
      type: "OFFLINE",
      paid: true,
      price: 12.5,
      paymentLink: "https://pay.example.com/compilers",
      visibility: "PRIVATE",
      approvalRequired: true,
      enableOnboarding: true,
      maxParticipants: 30,
    });
    const res = await ev.create(moderator, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      communityId: "alpha",
      createdBy: moderator.user.id,
      slug: "compilers-night",
      title: "Compilers night",
      description: "Talks and drinks",
      translations: { ru: { title: "Вечер компиляторов", description: "Доклады" } },
      date: body.date,
      time: "18:30",
      endTime: "21:00",
      timeZone: "Europe/Berlin",
      location: { address: "Unter den Linden 1", latitude: 52.517, longitude: 13.389, country: "Germany", region: "Berlin", city: "Berlin", postalCode: "10117" },
      locationVisibility: "CITY_ONLY",
      type: "OFFLINE",
      paid: true,
      price: 12.5,
      paymentLink: "https://pay.example.com/compilers",
      visibility: "PRIVATE",
      approvalRequired: true,
      enableOnboarding: true,
      maxParticipants: 30,
      organizerContact: "events@example.com",
      confirmedCount: 0,
      spotsLeft: 30,
      hasEnded: false,
      isOrganizer: true,
      myParticipation: null,
    });
    expect(res.body.organizers).toEqual([expect.objectContaining({ userId: moderator.user.id, participantId: moderator.id, firstName: "Mo" })]);
    // 18:30 in Berlin in winter or summer: the instant is computed in the event's time zone.
    const start = new Date(res.body.eventDateTime);
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(start);
    expect(local).toBe("18:30");
    expect(new Date(res.body.endDateTime).getTime() - start.getTime()).toBe(150 * 60_000);

    const [audit] = await env.db<{ action: string; actor_user_id: string }[]>`
      select action, actor_user_id from audit_events where community_id = 'alpha' and target_id = ${res.body.id}`;
    expect(audit).toMatchObject({ action: "event.create", actor_user_id: moderator.user.id });
  });

  it("generates a unique slug from the title when none is given, Cyrillic in Latin letters (a link carries no percent-encoding)", async () => {
    const a = await ev.create(admin, validEvent({ title: "Летняя встреча!" }));
    const b = await ev.create(admin, validEvent({ title: "Летняя встреча!" }));
    expect(a.body.slug).toBe("letnyaya-vstrecha");
    expect(b.body.slug).toBe(`${a.body.slug}-2`);
  });

  it("events of one title created at once each get a slug of their own (none lost to a 409)", async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => ev.create(admin, validEvent({ title: "Simultaneous supper" }))));
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    const slugs = made.map((r) => r.body.slug as string);
    expect(new Set(slugs).size).toBe(8);
    expect(slugs.every((slug) => /^simultaneous-supper(-[0-9a-f]+)?$/.test(slug))).toBe(true);
  });

  it("is for moderators and admins: a member gets 403", async () => {
    expectError(await ev.create(member, validEvent()), 403, 1005);
  });

  const requiredFields: [string, Record<string, unknown>][] = [
    ["title", { title: "" }],
    ["description", { description: "  " }],
    ["date", { date: undefined }],
    ["time", { time: undefined }],
    ["timeZone", { timeZone: undefined }],
    ["organizerContact", { organizerContact: "" }],
    ["location.city", { location: { country: "Germany" } }],
    ["location.country", { location: { city: "Berlin" } }],
  ];
  it.each(requiredFields)("requires %s", async (field, override) => {
    const res = await ev.create(admin, validEvent(override));
    expectError(res, 400, 1001);
    expect(res.body.errors[field]).toBe("This field is required");
  });

  it("an online event needs no country or city (offline still does)", async () => {
    const online = await ev.create(admin, validEvent({ type: "ONLINE", onlineLink: "https://meet.example.com/r", location: {} }));
    expect(online.status, JSON.stringify(online.body)).toBe(201);
    expect(online.body.location).toMatchObject({ country: "", city: "" });
    // Turning it into an offline event asks for the place again.
    const offline = await ev.patch(admin, online.body.id, { type: "OFFLINE" });
    expectError(offline, 400, 1001);
    expect(offline.body.errors).toMatchObject({ "location.city": "This field is required", "location.country": "This field is required" });
  });

  const invalid: [string, string, Record<string, unknown>, string | RegExp][] = [
    ["a paid event without a price", "price", { paid: true, paymentLink: "https://pay.example.com" }, "A paid event needs a price greater than 0"],
    ["a paid event with price 0", "price", { paid: true, price: 0, paymentLink: "https://pay.example.com" }, "A paid event needs a price greater than 0"],
    ["a paid event without a payment link", "paymentLink", { paid: true, price: 10 }, "A paid event needs a payment link"],
    ["an online event without a meeting link", "onlineLink", { type: "ONLINE" }, "An online event needs a meeting link"],
    ["an end before the start", "endTime", { time: "18:00", endTime: "17:59" }, "The end time must be after the start time"],
    ["an end equal to the start", "endTime", { time: "18:00", endTime: "18:00" }, "The end time must be after the start time"],
    ["a latitude out of range", "location.latitude", { location: { city: "X", country: "Y", latitude: 91 } }, /latitude/],
    ["a longitude out of range", "location.longitude", { location: { city: "X", country: "Y", longitude: -181 } }, /longitude/],
    ["a negative price", "price", { paid: true, price: -1, paymentLink: "https://pay.example.com" }, /price/],
    ["a price with 3 decimals", "price", { paid: true, price: 1.234, paymentLink: "https://pay.example.com" }, /price/],
    ["a fractional maxParticipants", "maxParticipants", { maxParticipants: 2.5 }, /whole number/],
    ["maxParticipants 0", "maxParticipants", { maxParticipants: 0 }, /at least 1/],
    ["an impossible date", "date", { date: "2026-02-30" }, /valid date/],
    ["a date in another format", "date", { date: "01.12.2026" }, /valid date/],
    ["an impossible time", "time", { time: "24:10" }, /valid time/],
    ["an unknown time zone", "timeZone", { timeZone: "Mars/Olympus" }, /time zone/],
    ["a UTC offset instead of a zone", "timeZone", { timeZone: "+03:00" }, /time zone/],
    ["a slug with a space", "slug", { slug: "summer meetup" }, "Only letters, digits and hyphens"],
    ["a slug with a slash", "slug", { slug: "a/b" }, "Only letters, digits and hyphens"],
    ["a payment link that is no link", "paymentLink", { paid: true, price: 5, paymentLink: "pay me" }, /link/],
    ["a region longer than 100 characters", "location.region", { location: { city: "X", country: "Y", region: "r".repeat(101) } }, /at most 100/],
    ["a postal code longer than 20 characters", "location.postalCode", { location: { city: "X", country: "Y", postalCode: "1".repeat(21) } }, /at most 20/],
    ["a postal code with symbols", "location.postalCode", { location: { city: "X", country: "Y", postalCode: "10117; drop" } }, /valid postal code/],
    ["a map link that is no link", "location.googleMapsLink", { location: { city: "X", country: "Y", googleMapsLink: "maps please" } }, /link/],
    ["region+city visibility without a region", "location.region", { locationVisibility: "REGION_CITY", location: { city: "X", country: "Y" } }, /enter the region/],
    ["postal+city visibility without a postal code", "location.postalCode", { locationVisibility: "POSTAL_CITY", location: { city: "X", country: "Y", postalCode: " " } }, /enter the postal code/],
    ["street-only visibility without a street", "location.address", { locationVisibility: "STREET_ONLY", location: { city: "X", country: "Y" } }, /enter the street/],
    ["a translation in a language the community does not offer", "translations", { translations: { de: { title: "Sommer" } } }, /./],
  ];
  it.each(invalid)("refuses %s", async (_name, field, override, message) => {
    const res = await ev.create(admin, validEvent(override));
    expectError(res, 400, 1001);
    const key = Object.keys(res.body.errors).find((k) => k === field || k.startsWith(`${field}.`));
    expect(key, JSON.stringify(res.body.errors)).toBeDefined();
    expect(res.body.errors[key ?? ""]).toMatch(message);
  });

  it("stores region, postal code and map link, and a PATCH can clear them (a region+city event keeps its region)", async () => {
    const created = await ev.create(admin, validEvent({ locationVisibility: "POSTAL_CITY", location: { city: "Moscow", country: "Russia", region: "Московская область", postalCode: "SW1A 1AA", googleMapsLink: "https://maps.google.com/?q=1,2" } }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.location).toMatchObject({ region: "Московская область", postalCode: "SW1A 1AA", googleMapsLink: "https://maps.google.com/?q=1,2" });
    const cleared = await ev.patch(admin, created.body.id, { location: { region: "", googleMapsLink: null } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.location).toMatchObject({ region: null, postalCode: "SW1A 1AA", googleMapsLink: null });
    expectError(await ev.patch(admin, created.body.id, { location: { postalCode: "" } }), 400, 1001, /enter the postal code/);
    expectError(await ev.patch(admin, created.body.id, { locationVisibility: "REGION_CITY" }), 400, 1001, /enter the region/);
  });

  it("a slug is unique in the community, case-insensitively (409), but free in another community", async () => {
    await makeEvent(env, admin, { slug: "unique-Slug" });
    const res = await ev.create(admin, validEvent({ slug: "UNIQUE-slug" }));
    expectError(res, 409, 1003);
    expect(res.body.errors.slug).toBe("This slug is taken");
    expect((await ev.create(betaAdmin, validEvent({ slug: "unique-slug" }))).status).toBe(201);
  });

  it("a communityId of another community is a 404", async () => {
    expectError(await ev.create(admin, validEvent({ communityId: "beta" })), 404, 1002);
  });
});

describe("GET /event/slug/available", () => {
  it("answers taken, free, malformed, and free for the event itself", async () => {
    const id = await makeEvent(env, admin, { slug: "slug-check" });
    const check = (slug: string, extra = "") => env.request("GET", `/api/event/slug/available?slug=${encodeURIComponent(slug)}${extra}`, { token: member.token });
    expect((await check("slug-check")).body).toMatchObject({ available: false, valid: true });
    expect((await check("Slug-Check")).body).toMatchObject({ available: false });
    expect((await check("slug-free-1")).body).toMatchObject({ available: true, valid: true, message: null });
    expect((await check("not ok")).body).toMatchObject({ available: false, valid: false, message: "Only letters, digits and hyphens" });
    expect((await check("slug-check", `&excludeId=${id}`)).body).toMatchObject({ available: true });
    const beta = await env.request("GET", "/api/event/slug/available?slug=slug-check", { tenant: "beta", token: betaAdmin.token });
    expect(beta.body).toMatchObject({ available: true });
  });
});

describe("GET /event/{id}", () => {
  it("finds an event by id and by slug; another community's id or slug is a 404", async () => {
    const id = await makeEvent(env, admin, { slug: "by-slug" });
    expect((await ev.get(member, id)).body.id).toBe(id);
    expect((await ev.get(member, "by-slug")).body.id).toBe(id);
    expect((await ev.get(member, "BY-SLUG")).body.id).toBe(id);
    expectError(await ev.get(betaAdmin, id), 404, 1002, "Event not found");
    expectError(await ev.get(betaAdmin, "by-slug"), 404, 1002);
    expectError(await ev.get(undefined, id, "beta"), 404, 1002);
  });

  it("gives title and description in the requested language, falling back to the default text", async () => {
    const id = await makeEvent(env, admin, { title: "Board games", description: "Bring a game", translations: { ru: { title: "Настольные игры" } } });
    const ru = await ev.get(member, id, undefined, "?language=ru");
    expect(ru.body).toMatchObject({ title: "Настольные игры", description: "Bring a game", language: "ru" });
    const en = await ev.get(member, id, undefined, "?language=en");
    expect(en.body).toMatchObject({ title: "Board games", language: null });
    const unknown = await ev.get(member, id, undefined, "?language=de");
    expect(unknown.body).toMatchObject({ title: "Board games", language: null });
  });

  it("PUBLIC events are readable signed out; private ones need a participant of the community", async () => {
    const pub = await makeEvent(env, admin, { visibility: "PUBLIC" });
    const priv = await makeEvent(env, admin, { visibility: "PRIVATE" });
    const outsider = await who(env, "alpha", null);
    expect((await ev.get(undefined, pub)).status).toBe(200);
    expect((await ev.get(outsider, pub)).status).toBe(200);
    expectError(await ev.get(undefined, priv), 401, 1004);
    expectError(await ev.get(outsider, priv), 403, 1021);
    expect((await ev.get(member, priv)).status).toBe(200);
    expectError(await ev.get(betaAdmin, priv), 404, 1002);
  });
});

describe("PATCH /event/{id}", () => {
  it("organizers and community admins edit; members get 403; the merged event obeys the rules; audited", async () => {
    const id = await makeEvent(env, moderator, { maxParticipants: 5 });
    const other = await who(env, "alpha", "moderator");
    expectError(await ev.patch(member, id, { title: "Hijacked" }), 403, 1005, "Only the event's organizers can do this");
    expectError(await ev.patch(other, id, { title: "Hijacked" }), 403, 1005);
    const res = await ev.patch(moderator, id, { title: "Renamed", location: { city: "Hamburg" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: "Renamed", location: { city: "Hamburg", country: "Germany", address: "Unter den Linden 1" } });
    expect((await ev.patch(admin, id, { description: "By the admin" })).body.description).toBe("By the admin");

    expectError(await ev.patch(moderator, id, { paid: true }), 400, 1001);
    expectError(await ev.patch(moderator, id, { endTime: "10:00" }), 400, 1001, /end time/);
    expectError(await ev.patch(moderator, id, { title: "" }), 400, 1001);
    // Clearing the end time is allowed; the event then ends with its date.
    const cleared = await ev.patch(moderator, id, { endTime: null });
    expect(cleared.body.endTime).toBeNull();

    const actions = await env.db<{ action: string }[]>`select action from audit_events where target_id = ${id} order by id`;
    expect(actions.map((a) => a.action)).toEqual(["event.create", "event.update", "event.update", "event.update"]);
    expectError(await ev.patch(betaAdmin, id, { title: "x" }), 404, 1002);
  });
});

describe("DELETE /event/{id}", () => {
  it("organizers delete; the event is gone; members 403; another community 404", async () => {
    const id = await makeEvent(env, moderator);
    expectError(await ev.remove(member, id), 403, 1005);
    expectError(await ev.remove(betaAdmin, id), 404, 1002);
    expect((await ev.remove(moderator, id)).body).toEqual({ ok: true });
    expectError(await ev.get(member, id), 404, 1002);
    const [audit] = await env.db<{ action: string }[]>`select action from audit_events where target_id = ${id} and action = 'event.delete'`;
    expect(audit).toBeDefined();
  });
});

describe("GET /event/upcoming and /event/past", () => {
  it("splits by the end in the event's own time zone, with paging and PUBLIC-only for visitors", async () => {
    await env.addTenants({ ...(await import("../support/tenants.ts")).tenantFixture("lists") });
    const [listAdmin, listMember] = await Promise.all([who(env, "lists", "admin"), who(env, "lists", "member")]);
    const mk = (o: Record<string, unknown>) => makeEvent(env, listAdmin, o);
    const past = await mk({ title: "Past", date: day(-3) });
    const soon = await mk({ title: "Soon", date: day(2) });
    const later = await mk({ title: "Later", date: day(20), visibility: "PRIVATE" });
    // An event that has ended in Kiritimati (UTC+14), where the day begins first: ended by the wall
    // clock of its own zone, while the same date has not even begun in most of the world. It ends
    // two minutes ago there (in the first minutes of Kiritimati's day: yesterday there, late evening).
    const clock = (d: Date) => new Intl.DateTimeFormat("en-GB", { timeZone: "Pacific/Kiritimati", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
    let ago = new Date(Date.now() - 2 * 60_000);
    if (clock(ago) === "00:00") ago = new Date(Date.now() - 4 * 60_000);
    const endDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(ago);
    const endedThere = await mk({ title: "Ended east", date: endDate, time: "00:00", endTime: clock(ago), timeZone: "Pacific/Kiritimati" });

    const upcoming = await ev.list(listMember, "upcoming", "", "lists");
    expect(upcoming.body.items.map((e: { id: string }) => e.id)).toEqual([soon, later]);
    const pastList = await ev.list(listMember, "past", "", "lists");
    const pastIds = pastList.body.items.map((e: { id: string }) => e.id);
    expect(pastIds).toContain(past);
    expect(pastIds).toContain(endedThere);

    const visitor = await ev.list(undefined, "upcoming", "", "lists");
    expect(visitor.body.items.map((e: { id: string }) => e.id)).toEqual([soon]);

    const page0 = await ev.list(listMember, "upcoming", "?page=0&size=1", "lists");
    expect(page0.body).toMatchObject({ page: 0, size: 1, hasMore: true });
    const page1 = await ev.list(listMember, "upcoming", "?page=1&size=1", "lists");
    expect(page1.body).toMatchObject({ hasMore: false, items: [expect.objectContaining({ id: later })] });

    expectError(await ev.list(listMember, "upcoming", "?communityId=alpha", "lists"), 404, 1002);
    expect((await ev.list(listMember, "upcoming", "?communityId=lists", "lists")).status).toBe(200);
    const ru = await ev.list(listMember, "upcoming", "?language=ru", "lists");
    expect(ru.status).toBe(200);
  });
});

describe("POST /event/{id}/upload-image", () => {
  it("stores the cover through the images module; members 403", async () => {
    const id = await makeEvent(env, moderator);
    const png = await realPng(640, 480);
    const upload = (w: Who) => env.request("POST", `/api/event/${id}/upload-image`, { tenant: w.tenant, token: w.token, rawBody: imageForm(png) });
    expectError(await upload(member), 403, 1005);
    const res = await upload(moderator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/media\/alpha\/.+\/512\.jpg$/);
    expect(Object.keys(res.body.image)).toEqual(["108", "256", "512"]);
    expect((await ev.get(undefined, id)).body.imageUrl).toBe(res.body.imageUrl);
    const none = await env.request("POST", `/api/event/${id}/upload-image`, { tenant: "alpha", token: moderator.token, rawBody: new FormData() });
    expectError(none, 400, 1001);
  });
});
