/**
 * The community's needs / offers taxonomy ("topics"): tenant.json → table → console edits →
 * re-apply; members' picks (saved, checked, returned); the matching engine's input; the admin API
 * and its cross-tenant answers.
 */
import { describe, expect, it } from "vitest";
import path from "node:path";
import { applyTenants, generateMembers, loadCommunityInput, loadCommunityModel, loadTenantsDir, TenantConfigSchema } from "@tuesday/platform";
import { OPERATOR, testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { expectError, type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

type Detail = { key: string; labels: Record<string, string>; order: number; archived: boolean; archivedAt: string | null };
type Topic = { key: string; label: string; labels: Record<string, string> };

const FILE_TOPICS = [
  { key: "tax", labels: { en: "Tax & VAT", ru: "Налоги и НДС" } },
  { key: "fundraising", labels: { en: "Fundraising", ru: "Привлечение инвестиций" } },
  { key: "video", labels: { en: "Video production", ru: "Видеопродакшн" } },
];

let communities = 0;

/** A fresh community per test (its tenant.json lists `topics` unless told otherwise), with an admin. */
async function community(topics: unknown[] | null = FILE_TOPICS, overrides: Parameters<typeof tenantFixture>[1] = {}) {
  communities += 1;
  const id = `topics${communities}`;
  const input = tenantFixture(id, { ...(topics ? { topics } : {}), ...overrides } as Parameters<typeof tenantFixture>[1]);
  await env.addTenants(input);
  const admin = await member(env, id, { firstName: "Ada" }, "admin");
  const reapply = async (next: unknown[] | null = topics) => {
    const config = TenantConfigSchema.parse({ ...input, ...(next ? { topics: next } : { topics: undefined }) });
    await applyTenants(env.db, [{ config, landing: {}, navigation: null, dir: "" }], OPERATOR);
    env.deps.tenants.invalidate();
  };
  return { id, admin, reapply };
}

const base = (m: Member, communityId = m.tenant) => `/api/admin/${communityId}/topics`;
const adminList = (m: Member, communityId?: string) => env.request<Detail[]>("GET", base(m, communityId), { tenant: m.tenant, token: m.token });
const create = (m: Member, body: unknown, communityId?: string) => env.request<Detail>("POST", base(m, communityId), { tenant: m.tenant, token: m.token, body });
const patch = (m: Member, key: string, body: unknown, communityId?: string) =>
  env.request<Detail>("PATCH", `${base(m, communityId)}/${key}`, { tenant: m.tenant, token: m.token, body });
const archive = (m: Member, key: string, communityId?: string) => env.request<Detail>("DELETE", `${base(m, communityId)}/${key}`, { tenant: m.tenant, token: m.token });
const reorder = (m: Member, keys: string[], communityId?: string) =>
  env.request<Detail[]>("POST", `${base(m, communityId)}/reorder`, { tenant: m.tenant, token: m.token, body: { keys } });
const memberTopics = (tenant: string, query = "") => env.request<Topic[]>("GET", `/api/community/topics${query}`, { tenant });
const pick = (m: Member, body: Record<string, unknown>) =>
  env.request("POST", "/api/participant/update-looking-for", { tenant: m.tenant, token: m.token, body: { lookingFor: ["NEED_HELP_WITH"], ...body } });
const ownProfile = (m: Member) => env.request("GET", "/api/participant/profile", { tenant: m.tenant, token: m.token });

async function auditRows(communityId: string, actionPrefix: string) {
  return env.db<{ action: string; targetId: string | null; before: unknown; after: unknown; actorUserId: string | null }[]>`
    select action, target_id as "targetId", before, after, actor_user_id as "actorUserId"
    from audit_events where community_id = ${communityId} and action like ${`${actionPrefix}%`} order by id`;
}

describe("tenant.json topics", () => {
  it("are validated: unique lowercase keys, a label in every language of langChoices", () => {
    const parse = (topics: unknown) => TenantConfigSchema.safeParse({ ...tenantFixture("x1"), topics });
    expect(parse(FILE_TOPICS).success).toBe(true);
    const problems = (topics: unknown) => {
      const r = parse(topics);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(problems([FILE_TOPICS[0], FILE_TOPICS[0]])).toEqual(['topics.1.key: "tax" is listed twice']);
    expect(problems([{ key: "tax", labels: { en: "Tax" } }])).toEqual(["topics.0.labels.ru: a label in every language of langChoices is required (ru)"]);
    expect(problems([{ key: "Tax", labels: { en: "Tax", ru: "Налоги" } }])[0]).toMatch(/^topics\.0\.key: /);
    expect(problems([{ key: "tax", labels: { en: "Tax", ru: "Налоги", de: "Steuer" } }])[0]).toMatch(/^topics\.0\.labels/);
    expect(problems(Array.from({ length: 101 }, (_, i) => ({ key: `t${i}`, labels: { en: "T", ru: "Т" } })))[0]).toMatch(/^topics: /);
    // A single-language community needs only that label; more are welcome.
    expect(TenantConfigSchema.safeParse({ ...tenantFixture("x2", { langChoices: ["en"] }), topics: [{ key: "tax", labels: { en: "Tax" } }] }).success).toBe(true);
  });

  it("are applied in order and read by members in their language, falling back to the community's", async () => {
    const { id } = await community([...FILE_TOPICS, { key: "legal", labels: { en: "Legal", ru: "Юридические вопросы" } }], { langChoices: ["en", "ru"] });
    const en = await memberTopics(id);
    expect(en.status).toBe(200);
    expect(en.body.map((t) => [t.key, t.label])).toEqual([
      ["tax", "Tax & VAT"],
      ["fundraising", "Fundraising"],
      ["video", "Video production"],
      ["legal", "Legal"],
    ]);
    expect(en.body[0]?.labels).toEqual({ en: "Tax & VAT", ru: "Налоги и НДС" });
    expect((await memberTopics(id, "?lang=ru")).body.map((t) => t.label)).toEqual(["Налоги и НДС", "Привлечение инвестиций", "Видеопродакшн", "Юридические вопросы"]);
    expectError(await memberTopics(id, "?lang=xx"), 400, 1001);
  });

  it("a label missing in the asked language falls back to the community's default language", async () => {
    const { id, admin } = await community(null);
    expect((await create(admin, { key: "hiring", labels: { en: "Hiring" } })).status).toBe(201);
    expect((await memberTopics(id, "?lang=ru")).body).toEqual([{ key: "hiring", label: "Hiring", labels: { en: "Hiring" } }]);
  });

  it("a community without topics answers an empty list, and each community reads only its own", async () => {
    const { id } = await community(null);
    expect((await memberTopics(id)).body).toEqual([]);
    const other = await community();
    expect((await memberTopics(other.id)).body).toHaveLength(3);
    expect((await memberTopics(id)).body).toEqual([]);
  });

  it("re-applying makes the topics match the file: labels and order restored, console additions archived with their picks kept, removed topics archived", async () => {
    const { id, admin, reapply } = await community();
    const m = await member(env, id);
    expect((await patch(admin, "tax", { labels: { en: "Taxes (edited)", ru: "Налоги" } })).status).toBe(200);
    expect((await create(admin, { key: "podcasts", labels: { en: "Podcasts" } })).status).toBe(201);
    expect((await archive(admin, "video")).status).toBe(200);
    expect((await reorder(admin, ["fundraising"])).status).toBe(200);
    expect((await pick(m, { needTopics: ["podcasts", "tax"] })).status).toBe(200);

    await reapply();
    const after = (await adminList(admin)).body;
    expect(after.map((t) => [t.key, t.archived])).toEqual([
      ["tax", false],
      ["fundraising", false],
      ["video", false],
      ["podcasts", true],
    ]);
    expect(after.slice(0, 3).map((t) => t.order)).toEqual([0, 1, 2]);
    expect(after[0]?.labels).toEqual(FILE_TOPICS[0]?.labels);
    // The member's pick of the console-made topic is kept but no longer counts.
    expect((await ownProfile(m)).body.needTopics).toEqual(["tax"]);
    const [stored] = await env.db<{ needTopics: string[] }[]>`select need_topics as "needTopics" from participants where id = ${m.id}`;
    expect(stored?.needTopics).toEqual(["podcasts", "tax"]);

    const applies = await auditRows(id, "tenant.apply");
    const last = applies.at(-1) as { before: { topics: { key: string; archived: boolean }[] }; after: { topics: { key: string; archived: boolean }[] } };
    expect(last.before.topics.find((t) => t.key === "podcasts")?.archived).toBe(false);
    expect(last.after.topics.find((t) => t.key === "podcasts")?.archived).toBe(true);

    // A second apply of the same file changes nothing and records nothing.
    const count = applies.length;
    await reapply();
    expect(await auditRows(id, "tenant.apply")).toHaveLength(count);

    // Dropping a topic from the file archives it; listing it again brings it back with its picks.
    await reapply(FILE_TOPICS.filter((t) => t.key !== "tax"));
    expect((await memberTopics(id)).body.map((t) => t.key)).toEqual(["fundraising", "video"]);
    expect((await ownProfile(m)).body.needTopics).toEqual([]);
    await reapply();
    expect((await ownProfile(m)).body.needTopics).toEqual(["tax"]);
  });

  it("without `topics` in tenant.json an apply leaves the console's topics alone", async () => {
    const { admin, reapply } = await community(null);
    expect((await create(admin, { key: "tax", labels: { en: "Tax" } })).status).toBe(201);
    await reapply(null);
    expect((await adminList(admin)).body.map((t) => [t.key, t.archived])).toEqual([["tax", false]]);
  });
});

describe("the demo tenants", () => {
  it("ship a taxonomy with English and Russian labels, and most demo members pick from it", async () => {
    const bundles = await loadTenantsDir(path.resolve(import.meta.dirname, "../../tenants"));
    expect(bundles.map((b) => b.config.id).sort()).toEqual(["devguild", "founders", "northbank", "tochka"]);
    for (const b of bundles) {
      const topics = b.config.topics ?? [];
      expect(topics.length, b.config.id).toBeGreaterThanOrEqual(15);
      for (const t of topics) expect(Object.keys(t.labels).sort(), `${b.config.id}:${t.key}`).toEqual(["en", "ru"]);
      const keys = new Set(topics.map((t) => t.key));
      const members = generateMembers({ id: b.config.id, config: b.config }, { questions: [], options: [] }, 200);
      const picked = members.filter((m) => m.topics.needTopics.length + m.topics.offerTopics.length > 0);
      expect(picked.length, b.config.id).toBeGreaterThan(100);
      expect(picked.length, b.config.id).toBeLessThan(200);
      for (const m of members) {
        for (const k of [...m.topics.needTopics, ...m.topics.offerTopics]) expect(keys.has(k), `${b.config.id}: ${k}`).toBe(true);
        expect(m.topics.needTopics.length).toBeLessThanOrEqual(10);
        expect(m.topics.offerTopics.length).toBeLessThanOrEqual(10);
      }
    }
  });
});

describe("POST /api/participant/update-looking-for with topics", () => {
  it("saves needs and offers (deduplicated, in the order given) and returns them in the own profile, init and the public profile", async () => {
    const { id } = await community();
    const m = await member(env, id);
    const res = await pick(m, { needTopics: ["tax", "video", "tax"], offerTopics: ["fundraising"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ needTopics: ["tax", "video"], offerTopics: ["fundraising"] });
    expect((await ownProfile(m)).body).toMatchObject({ needTopics: ["tax", "video"], offerTopics: ["fundraising"] });
    const init = await env.request("POST", "/api/init", { tenant: id, token: m.token });
    expect(init.status).toBe(200);
    expect(init.body.participant).toMatchObject({ needTopics: ["tax", "video"] });
    const slug = (await ownProfile(m)).body.slug as string;
    const viewer = await member(env, id);
    const pub = await env.request("GET", `/api/participant/profile/${slug}`, { tenant: id, token: viewer.token });
    expect(pub.body).toMatchObject({ needTopics: ["tax", "video"], offerTopics: ["fundraising"] });

    // A side left out stays; an empty list clears it.
    expect((await pick(m, { offerTopics: [] })).body).toMatchObject({ needTopics: ["tax", "video"], offerTopics: [] });
    expect((await pick(m, {})).body).toMatchObject({ needTopics: ["tax", "video"], offerTopics: [] });
  });

  it("refuses an unknown key, an archived key, another community's key and too many picks with 400, changing nothing", async () => {
    const { id, admin } = await community();
    const other = await community([{ key: "legal", labels: { en: "Legal", ru: "Право" } }]);
    const m = await member(env, id);
    expect((await pick(m, { needTopics: ["tax"] })).status).toBe(200);

    const unknown = await pick(m, { needTopics: ["nope"], offerTopics: ["tax"] });
    expectError(unknown, 400, 1001);
    expect(unknown.body.errors).toMatchObject({ needTopics: expect.stringContaining("nope") });
    expectError(await pick(m, { offerTopics: ["legal"] }), 400, 1001);
    expect((await memberTopics(other.id)).body.map((t) => t.key)).toEqual(["legal"]);

    await archive(admin, "video");
    const archived = await pick(m, { needTopics: ["video"] });
    expectError(archived, 400, 1001);
    expect(archived.body.errors).toHaveProperty("needTopics");

    const many = Array.from({ length: 11 }, (_, i) => ({ key: `t${i}`, labels: { en: `T${i}` } }));
    for (const t of many) expect((await create(admin, t)).status).toBe(201);
    const tooMany = await pick(m, { offerTopics: many.map((t) => t.key) });
    expectError(tooMany, 400, 1001);
    expect(tooMany.body.errors).toMatchObject({ offerTopics: "At most 10 topics" });
    expect((await pick(m, { offerTopics: many.slice(0, 10).map((t) => t.key) })).status).toBe(200);
    expectError(await pick(m, { needTopics: Array.from({ length: 51 }, () => "tax") }), 400, 1001);
    expectError(await pick(m, { needTopics: "tax" }), 400, 1001);
    expectError(await pick(m, { needTopics: [1] }), 400, 1001);

    expect((await ownProfile(m)).body.needTopics).toEqual(["tax"]);
  });

  it("picks of an archived topic are hidden, survive other edits, and return with the topic", async () => {
    const { id, admin } = await community();
    const m = await member(env, id);
    await pick(m, { needTopics: ["tax", "video"] });
    await archive(admin, "tax");
    expect((await ownProfile(m)).body.needTopics).toEqual(["video"]);
    expect((await pick(m, { needTopics: ["fundraising", "video"] })).body.needTopics).toEqual(["fundraising", "video"]);
    const restored = await patch(admin, "tax", { archived: false });
    expect(restored.body).toMatchObject({ archived: false, archivedAt: null, order: 2 });
    expect((await ownProfile(m)).body.needTopics).toEqual(["fundraising", "video", "tax"]);
  });
});

describe("matching input", () => {
  it("members carry their active need / offer topics and job title; a change reaches the on-demand model", async () => {
    const { id, admin } = await community();
    const seeker = await member(env, id, { lookingForText: "help with VAT" });
    const helper = await member(env, id, { canHelpWithText: "EU VAT" });
    await env.request("POST", "/api/participant/update-profile", { tenant: id, token: helper.token, body: { position: "Tax adviser" } });
    await pick(seeker, { needTopics: ["tax", "video"] });
    await pick(helper, { offerTopics: ["tax"] });

    const loaded = await loadCommunityInput(env.db, id);
    const byId = new Map(loaded.input.members.map((f) => [f.id, f]));
    expect(byId.get(seeker.id)).toMatchObject({ needTopics: ["tax", "video"], offerTopics: [] });
    expect(byId.get(helper.id)).toMatchObject({ needTopics: [], offerTopics: ["tax"], position: "Tax adviser" });

    const before = await loadCommunityModel(env.db, id);
    expect(before.input.members.find((f) => f.id === seeker.id)?.needTopics).toEqual(["tax", "video"]);
    // Archiving in the console and a member's new picks both drop the cached model.
    await archive(admin, "video");
    const afterArchive = await loadCommunityModel(env.db, id);
    expect(afterArchive).not.toBe(before);
    expect(afterArchive.input.members.find((f) => f.id === seeker.id)?.needTopics).toEqual(["tax"]);
    await pick(helper, { offerTopics: ["tax", "fundraising"] });
    const afterPick = await loadCommunityModel(env.db, id);
    expect(afterPick.input.members.find((f) => f.id === helper.id)?.offerTopics).toEqual(["tax", "fundraising"]);
  });
});

describe("topics round trip: picked in the profile, matched, named in the reasons", () => {
  it("a need picked by one member and an offer picked by another make them each other's recommendation, with the community's label", async () => {
    const labels = { en: "Cross-border VAT (ours)", ru: "НДС при экспорте (наш)" };
    const { id } = await community([{ key: "tax", labels }, ...FILE_TOPICS.slice(1)]);
    // A saved profile is checked for completion again: "about" keeps these complete.
    const seeker = await member(env, id, { firstName: "Sam", city: "Lisbon", tags: ["Knitting"], about: "Hello" });
    const helper = await member(env, id, { firstName: "Hana", city: "Berlin", tags: ["Chess"], language: "ru", about: "Привет" });
    const distractor = await member(env, id, { firstName: "Dora", city: "Lisbon", tags: ["Origami"], about: "Hi" });
    expect((await pick(seeker, { needTopics: ["tax"] })).status).toBe(200);
    expect((await pick(helper, { offerTopics: ["tax"] })).status).toBe(200);
    expect((await pick(distractor, { offerTopics: ["video"] })).status).toBe(200);

    const res = await env.request("GET", "/api/matching/instant", { tenant: id, token: seeker.token });
    expect(res.status).toBe(200);
    type Item = { participant: { id: string }; score: number; reasons: string[]; reasonDetails: { kind: string; needs?: { en: string; ru: string }[] }[] };
    const items = res.body.items as Item[];
    // The list is in the order results were stored; the helper scores highest.
    const best = [...items].sort((x, y) => y.score - x.score)[0];
    expect(best?.participant.id).toBe(helper.id);
    const detail = best?.reasonDetails.find((r) => r.kind === "helps_with_need");
    expect(detail?.needs).toEqual([labels]);
    expect(best?.reasons.join(" ")).toContain(labels.en);

    // A member reading in Russian gets the community's Russian label.
    const seekerRu = await member(env, id, { firstName: "Соня", city: "Москва", tags: ["Вязание"], language: "ru", about: "Привет" });
    expect((await pick(seekerRu, { needTopics: ["tax"] })).status).toBe(200);
    const ru = await env.request("GET", "/api/matching/instant", { tenant: id, token: seekerRu.token });
    const found = (ru.body.items as { participant: { id: string }; reasons: string[] }[]).find((i) => i.participant.id === helper.id);
    expect(found?.reasons.join(" ")).toContain(labels.ru);
  });
});

describe("/api/admin/{communityId}/topics", () => {
  it("lists, creates (at a position), edits labels, archives and reorders, each audited with its actor", async () => {
    const { id, admin } = await community();
    const created = await create(admin, { key: "legal", labels: { en: "Legal", ru: "Право" }, order: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ key: "legal", labels: { en: "Legal", ru: "Право" }, order: 1, archived: false, archivedAt: null });
    expect((await adminList(admin)).body.map((t) => t.key)).toEqual(["tax", "legal", "fundraising", "video"]);

    const edited = await patch(admin, "legal", { labels: { en: "Legal advice", ru: "Юридическая помощь" } });
    expect(edited.body.labels).toEqual({ en: "Legal advice", ru: "Юридическая помощь" });

    const archived = await archive(admin, "fundraising");
    expect(archived.body).toMatchObject({ key: "fundraising", archived: true, archivedAt: expect.any(String) });
    expect((await memberTopics(id)).body.map((t) => t.key)).toEqual(["tax", "legal", "video"]);

    const reordered = await reorder(admin, ["video", "tax"]);
    expect(reordered.body.map((t) => [t.key, t.archived])).toEqual([
      ["video", false],
      ["tax", false],
      ["legal", false],
      ["fundraising", true],
    ]);
    expect((await memberTopics(id)).body.map((t) => t.key)).toEqual(["video", "tax", "legal"]);

    const rows = await auditRows(id, "topic.");
    expect(rows.map((r) => [r.action, r.targetId])).toEqual([
      ["topic.create", "legal"],
      ["topic.update", "legal"],
      ["topic.archive", "fundraising"],
      ["topic.reorder", id],
    ]);
    expect(rows.every((r) => r.actorUserId === admin.user.id)).toBe(true);
    expect(rows[1]).toMatchObject({ before: { labels: { en: "Legal" } }, after: { labels: { en: "Legal advice" } } });

    // Changing nothing records nothing.
    await archive(admin, "fundraising");
    await reorder(admin, ["video", "tax"]);
    expect(await auditRows(id, "topic.")).toHaveLength(4);
  });

  it("answers each error: duplicate or archived key 409, bad key or labels 400, unknown key 404, a key listed twice 400", async () => {
    const { admin } = await community();
    expectError(await create(admin, { key: "tax", labels: { en: "Tax" } }), 409, 1003);
    await archive(admin, "video");
    const again = await create(admin, { key: "video", labels: { en: "Video" } });
    expectError(again, 409, 1003);
    expect((again.body as unknown as { msg: string }).msg).toMatch(/archived/);
    expectError(await create(admin, { key: "Bad Key", labels: { en: "x" } }), 400, 1001);
    expectError(await create(admin, { key: "ok", labels: { ru: "Только русский" } }), 400, 1001);
    expectError(await create(admin, { key: "ok", labels: { en: "" } }), 400, 1001);
    expectError(await create(admin, { key: "ok", labels: { en: "x" }, extra: 1 }), 400, 1001);
    expectError(await patch(admin, "nope", { labels: { en: "x" } }), 404, 1002);
    expectError(await archive(admin, "nope"), 404, 1002);
    expectError(await patch(admin, "tax", { labels: { ru: "Без английского" } }), 400, 1001);
    expectError(await reorder(admin, ["tax", "tax"]), 400, 1001);
    expectError(await reorder(admin, ["nope"]), 404, 1002);
    expectError(await reorder(admin, ["video"]), 404, 1002);
    expectError(await reorder(admin, []), 400, 1001);
  });

  it("is for this community's admins only: 401 signed out, 403 for members and moderators, 404 for another community's id", async () => {
    const { id, admin } = await community();
    const other = await community();
    const plain = await member(env, id);
    const moderator = await member(env, id, {}, "moderator");

    expectError(await env.request("GET", `/api/admin/${id}/topics`, { tenant: id }), 401, 1004);
    expectError(await env.request("POST", `/api/admin/${id}/topics`, { tenant: id, body: { key: "x", labels: { en: "x" } } }), 401, 1004);
    for (const who of [plain, moderator]) {
      expectError(await adminList(who), 403, 1005);
      expectError(await create(who, { key: "x", labels: { en: "x" } }), 403, 1005);
      expectError(await patch(who, "tax", { labels: { en: "x" } }), 403, 1005);
      expectError(await archive(who, "tax"), 403, 1005);
      expectError(await reorder(who, ["tax"]), 403, 1005);
    }
    // Another community's admin, at its own domain, naming this community: 404, and nothing changes.
    expectError(await adminList(other.admin, id), 404, 1002);
    expectError(await create(other.admin, { key: "x", labels: { en: "x" } }, id), 404, 1002);
    expectError(await patch(other.admin, "tax", { labels: { en: "Hacked", ru: "x" } }, id), 404, 1002);
    expectError(await archive(other.admin, "tax", id), 404, 1002);
    expectError(await reorder(other.admin, ["video"], id), 404, 1002);
    // Its session at this community's domain: 401 (sessions work only where they were made).
    expectError(await env.request("GET", `/api/admin/${id}/topics`, { tenant: id, token: other.admin.token }), 401, 1004);
    expectError(await env.request("DELETE", `/api/admin/${id}/topics/tax`, { tenant: id, token: other.admin.token }), 401, 1004);

    const mine = (await adminList(admin)).body;
    expect(mine.map((t) => [t.key, t.labels.en, t.archived])).toEqual([
      ["tax", "Tax & VAT", false],
      ["fundraising", "Fundraising", false],
      ["video", "Video production", false],
    ]);
    expect(await auditRows(id, "topic.")).toEqual([]);
  });

  it("a member of another community cannot pick this community's topics, nor read its members' picks", async () => {
    const { id } = await community();
    const other = await community([{ key: "legal", labels: { en: "Legal", ru: "Право" } }]);
    const outsider = await member(env, other.id);
    expectError(await pick(outsider, { needTopics: ["tax"] }), 400, 1001);
    const res = await env.request("POST", "/api/participant/update-looking-for", {
      tenant: id,
      token: outsider.token,
      body: { lookingFor: ["OTHER"], needTopics: ["tax"] },
    });
    expectError(res, 401, 1004);
  });
});
