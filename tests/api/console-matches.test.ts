import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, comingTuesday, runWeeklyPairing, type Tenant } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { expectError, type Member, member } from "./matching-api-helpers.ts";
import { ctxFor } from "./matching-weekly-helpers.ts";

let env: TestEnv;
let admin: Member;
let moderator: Member;
let plain: Member;
let betaAdmin: Member;
let thisWeek: string;
let lastWeek: string;

type Row = {
  id: string;
  week: string;
  source: string;
  score: number;
  reasons: string[];
  participant: { id: string; firstName: string };
  subject: { id: string; firstName: string };
  internalAdminScore: number | null;
  participantSide: { status: string } | null;
  subjectSide: { status: string } | null;
};

const TAGS = [
  ["Climate", "Hardware", "Batteries"],
  ["Climate", "Hardware", "Solar"],
  ["Fintech", "Payments", "Banking"],
  ["Fintech", "Payments", "Lending"],
  ["Design", "UX", "Research"],
  ["Design", "UX", "Product"],
];

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("cm"), tenantFixture("cmb"));
  admin = await member(env, "cm", { firstName: "Ada", tags: ["Climate"] }, "admin");
  moderator = await member(env, "cm", { firstName: "Mo", tags: ["Design"] }, "moderator");
  plain = await member(env, "cm", { firstName: "Plain", tags: ["Fintech"] });
  const names = ["Nika", "Levan", "Tamar", "Giorgi", "Eka", "Dato"];
  for (const [i, firstName] of names.entries()) await member(env, "cm", { firstName, tags: TAGS[i] ?? [], city: "Tbilisi" });
  betaAdmin = await member(env, "cmb", { firstName: "Beta" }, "admin");
  await member(env, "cmb", { firstName: "BetaOne", tags: ["Climate"] });
  await member(env, "cmb", { firstName: "BetaTwo", tags: ["Climate"] });

  const tenant: Tenant = await env.deps.tenants.require("cm");
  thisWeek = comingTuesday(new Date(), tenant.config.timeZone);
  lastWeek = addDays(thisWeek, -7);
  const ctx = ctxFor(env, tenant);
  await runWeeklyPairing(ctx, { communityId: "cm", week: lastWeek, mail: false });
  await runWeeklyPairing(ctx, { communityId: "cm", week: thisWeek, mail: false });
  await runWeeklyPairing(ctxFor(env, await env.deps.tenants.require("cmb")), { communityId: "cmb", week: thisWeek, mail: false });
}, 120_000);
afterAll(async () => env?.close());

const list = (m: Member, query = "", tenant = m.tenant, headers: Record<string, string> = {}) =>
  env.request<Row[]>("GET", `/api/console/matches${query}`, { tenant, token: m.token, headers });
const q = (o: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

describe("GET /console/matches", () => {
  it("lists this week's pairs, best first, with reasons, both members and the total in Content-Range", async () => {
    const res = await list(admin);
    expect(res.status).toBe(200);
    const rows = res.body;
    const [stored] = await env.db<{ n: number }[]>`select count(*)::int as n from matches where community_id = 'cm' and week = ${thisWeek}::date`;
    expect(rows.length).toBe(stored?.n);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(res.headers.get("content-range")).toBe(`matches 0-${rows.length - 1}/${rows.length}`);
    expect(rows.every((r) => r.week === thisWeek)).toBe(true);
    const scores = rows.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const best = rows[0] as Row;
    expect(best.reasons.length).toBeGreaterThan(0);
    expect(best.participant.id < best.subject.id).toBe(true);
    expect(best.participantSide?.status).toBe("NEW");
    expect(best.internalAdminScore).toBeNull();
  });

  it("writes the reasons in the console's language (Accept-Language), else the admin's own", async () => {
    const own = (await list(admin)).body;
    const ru = await list(admin, "", "cm", { "accept-language": "ru,en;q=0.5" });
    expect(ru.status).toBe(200);
    expect(ru.body.map((r) => r.id)).toEqual(own.map((r) => r.id));
    const lines = ru.body.flatMap((r) => r.reasons);
    expect(lines.length).toBe(own.flatMap((r) => r.reasons).length);
    expect(lines.some((line) => line.startsWith("Вам обоим интересны темы"))).toBe(true);
    expect(lines.every((line) => /[а-яё]/i.test(line))).toBe(true);
    expect(own.flatMap((r) => r.reasons).every((line) => !/[а-яё]/i.test(line))).toBe(true);
  });

  it("shows the admin's pair score once set, finds a member by name and pages", async () => {
    const first = ((await list(admin)).body[0]) as Row;
    const saved = await env.request("POST", `/api/admin/pairs/${first.subject.id}/score`, { tenant: "cm", token: admin.token, body: { subjectId: first.participant.id, internalAdminScore: 7 } });
    expect(saved.status).toBe(200);
    const again = (await list(admin)).body.find((r) => r.id === first.id);
    expect(again?.internalAdminScore).toBe(7);

    const byName = await list(admin, q({ filter: { q: first.subject.firstName } }));
    expect(byName.status).toBe(200);
    expect(byName.body.map((r) => r.id)).toContain(first.id);
    expect(byName.body.every((r) => [r.participant.firstName, r.subject.firstName].includes(first.subject.firstName))).toBe(true);

    const window = await list(admin, q({ range: [1, 1], sort: ["internalAdminScore", "DESC"] }));
    expect(window.status).toBe(200);
    expect(window.body).toHaveLength(1);
    expect(window.headers.get("content-range")).toMatch(/^matches 1-1\/\d+$/);
    const top = await list(admin, q({ range: [0, 0], sort: ["internalAdminScore", "DESC"] }));
    expect(top.body[0]?.id).toBe(first.id);
  });

  it("names another week in the filter, and an unknown week is an empty list", async () => {
    const earlier = await list(admin, q({ filter: { week: lastWeek } }));
    expect(earlier.status).toBe(200);
    expect(earlier.body.length).toBeGreaterThan(0);
    expect(earlier.body.every((r) => r.week === lastWeek)).toBe(true);
    const none = await list(admin, q({ filter: { week: "2020-01-07" } }));
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers.get("content-range")).toBe("matches 0-0/0");
  });

  it("answers bad sort, range and filter with 400", async () => {
    expectError(await list(admin, q({ sort: ["password", "ASC"] })), 400, 1001);
    expectError(await list(admin, q({ range: [5, 1] })), 400, 1001);
    expectError(await list(admin, q({ filter: { week: "tuesday" } })), 400, 1001);
    expectError(await list(admin, q({ filter: { role: "admin" } })), 400, 1001);
    expectError(await list(admin, "?filter=%7Bnot-json"), 400, 1001);
  });

  it("is for this community's admins only, and never shows another community's pairs", async () => {
    expectError(await list(moderator), 403, 1005);
    expectError(await list(plain), 403, 1005);
    expectError(await env.request("GET", "/api/console/matches", { tenant: "cm" }), 401, 1004);
    // Another community's admin: its session is no key here, and on its own host it sees only its own pairs.
    expectError(await list(betaAdmin, "", "cm"), 401, 1004);
    const own = await list(betaAdmin);
    expect(own.status).toBe(200);
    const cmIds = new Set((await env.db<{ id: string }[]>`select id from participants where community_id = 'cm'`).map((r) => r.id));
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((r) => !cmIds.has(r.participant.id) && !cmIds.has(r.subject.id))).toBe(true);
    // Naming the other community's week changes nothing: the list is always the host's community.
    const named = await list(betaAdmin, q({ filter: { week: thisWeek, q: "Nika" } }));
    expect(named.body).toEqual([]);
  });
});
