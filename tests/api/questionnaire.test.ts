import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTenants, QuestionsFileSchema, TenantConfigSchema } from "@tuesday/platform";
import { createTestEnv, OPERATOR, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { expectError, type Member, member } from "./matching-api-helpers.ts";

let env: TestEnv;
let betaAdmin: Member;

beforeAll(async () => {
  env = await createTestEnv();
  betaAdmin = await member(env, "beta", { firstName: "Beta" }, "admin");
});
afterAll(async () => env?.close());

let communities = 0;

/** A fresh community per test, with its admin, so no test depends on another's questions. */
async function community(overrides: Parameters<typeof tenantFixture>[1] = {}): Promise<{ id: string; admin: Member }> {
  communities += 1;
  const id = `quiz${communities}`;
  await env.addTenants(tenantFixture(id, overrides));
  return { id, admin: await member(env, id, { firstName: "Ada" }, "admin") };
}

type Option = { id: string; key: string; text: string; order: number; visible: boolean; active: boolean; type: string; translations: Record<string, string> };
type Detail = { id: string; key: string; text: string; order: number; type: string; visible: boolean; required: boolean; maxChoices: number | null; translations: Record<string, string>; options: Option[] };

/** A question, or an error with its field errors. */
type Reply = Detail & { errors?: Record<string, string> };

const base = (m: Member, community = m.tenant) => `/api/admin/${community}/questions`;
const list = (m: Member, community?: string) => env.request<Detail[]>("GET", base(m, community), { tenant: m.tenant, token: m.token });
const create = (m: Member, body: unknown, community?: string) => env.request<Reply>("POST", base(m, community), { tenant: m.tenant, token: m.token, body });
const patch = (m: Member, id: string, body: unknown, community?: string) =>
  env.request<Reply>("PATCH", `${base(m, community)}/${id}`, { tenant: m.tenant, token: m.token, body });
const remove = (m: Member, id: string, community?: string) => env.request<Detail>("DELETE", `${base(m, community)}/${id}`, { tenant: m.tenant, token: m.token });
const reorder = (m: Member, questionIds: string[], community?: string) =>
  env.request<Detail[]>("POST", `${base(m, community)}/reorder`, { tenant: m.tenant, token: m.token, body: { questionIds } });
const answer = (m: Member, answers: unknown[]) => env.request("POST", "/api/participant/update-answers", { tenant: m.tenant, token: m.token, body: { answers } });

async function auditRows(community: string, action: string) {
  return env.db<{ actorUserId: string | null; targetType: string; targetId: string | null; before: unknown; after: unknown; requestId: string | null }[]>`
    select actor_user_id as "actorUserId", target_type as "targetType", target_id as "targetId", before, after, request_id as "requestId"
    from audit_events where community_id = ${community} and action = ${action} order by id`;
}
const auditCount = async (community: string) => (await env.db<{ n: number }[]>`select count(*)::int as n from audit_events where community_id = ${community}`)[0]?.n;

const optionId = (q: Detail, key: string) => {
  const o = q.options.find((x) => x.key === key);
  if (!o) throw new Error(`no option ${key}`);
  return o.id;
};

const industry = {
  key: "industry",
  text: "Your industry",
  type: "RADIO",
  required: true,
  translations: { ru: "Ваша отрасль" },
  options: [
    { key: "it", text: "IT", translations: { ru: "ИТ" } },
    { key: "finance", text: "Finance" },
    { key: "other", text: "Other", type: "FREE_TEXT" },
  ],
};

describe("GET and POST /api/admin/{communityId}/questions", () => {
  it("creates a question with options and translations, last by default, and audits it in the same request", async () => {
    const { id, admin } = await community();
    expect((await list(admin)).body).toEqual([]);
    const res = await create(admin, industry);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      key: "industry",
      text: "Your industry",
      type: "RADIO",
      required: true,
      visible: true,
      maxChoices: null,
      translations: { ru: "Ваша отрасль" },
    });
    expect(res.body.options.map((o) => [o.key, o.order, o.active, o.type])).toEqual([
      ["it", 0, true, "PREDEFINED"],
      ["finance", 1, true, "PREDEFINED"],
      ["other", 2, true, "FREE_TEXT"],
    ]);
    const [event] = await auditRows(id, "question.create");
    expect(event).toMatchObject({ actorUserId: admin.user.id, targetType: "question", targetId: res.body.id, before: null, requestId: res.headers.get("x-request-id") });
    expect(event?.after).toEqual(res.body);

    const hobby = await create(admin, { text: "Ваше «хобби»?", type: "TEXT" });
    expect(hobby.status).toBe(201);
    expect(hobby.body.key).toMatch(/^q-[0-9a-f]{6}$/);
    const interests = await create(admin, { text: "Interests & goals", type: "CHECKBOX", maxChoices: 2, order: 0, options: [{ text: "A" }, { text: "B" }, { text: "C" }] });
    expect(interests.status).toBe(201);
    expect(interests.body.key).toMatch(/^interests-goals-[0-9a-f]{6}$/);
    expect(interests.body.options.map((o) => o.key)).toEqual([expect.stringMatching(/^a-/), expect.stringMatching(/^b-/), expect.stringMatching(/^c-/)]);

    const hidden = await create(admin, { text: "Staff note", type: "TEXT", visible: false });
    const all = await list(admin);
    expect(all.status).toBe(200);
    expect(all.body.map((q) => [q.text, q.order, q.visible])).toEqual([
      ["Interests & goals", 0, true],
      ["Your industry", 1, true],
      ["Ваше «хобби»?", 2, true],
      ["Staff note", 3, false],
    ]);
    expect(all.body[3]).toEqual(hidden.body);
    expect(await auditRows(id, "question.create")).toHaveLength(4);
  });

  it("questions created at the same time each get their own position", async () => {
    const { admin } = await community();
    const made = await Promise.all(["One", "Two", "Three"].map((text) => create(admin, { text, type: "TEXT" })));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await list(admin)).body.map((q) => q.order)).toEqual([0, 1, 2]);
  });

  it("refuses bad questions with 400 keyed by field, and records nothing", async () => {
    const { id, admin } = await community();
    expect((await create(admin, industry)).status).toBe(201);
    const before = await auditCount(id);
    const cases: [unknown, string, string][] = [
      [{ text: "Q", type: "RADIO", options: [{ text: "" }] }, "options.0.text", "answer option text is required"],
      [{ text: "Q", type: "RADIO", options: [{ text: "   " }] }, "options.0.text", "answer option text is required"],
      [{ text: "Q", type: "RADIO" }, "options", "a RADIO question needs options"],
      [{ text: "Q", type: "TEXT", options: [{ text: "x" }] }, "options", "a TEXT question has no options"],
      [{ text: "Q", type: "RADIO", maxChoices: 1, options: [{ text: "x" }] }, "maxChoices", "only CHECKBOX questions have maxChoices"],
      [{ text: "Q", type: "CHECKBOX", maxChoices: 3, options: [{ text: "x" }, { text: "y" }] }, "maxChoices", "cannot exceed the number of options"],
      [{ text: "Q", type: "RADIO", options: [{ key: "a", text: "x" }, { key: "a", text: "y" }] }, "options.1.key", '"a" is used twice'],
      [{ text: "Q", type: "TEXT", translations: { de: "Frage" } }, "translations", ""],
      [{ text: "", type: "TEXT" }, "text", ""],
      [{ key: "Bad Key", text: "Q", type: "TEXT" }, "key", ""],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(admin, body);
      expectError(res, 400, 1001);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
      if (message) expect(res.body.errors?.[field]).toBe(message);
    }
    expectError(await create(admin, { key: "industry", text: "Again", type: "TEXT" }), 409, 1003);
    expect(await auditCount(id)).toBe(before);
  });

  it("is for this community's admins only: moderators and members 403, another community's admin 404", async () => {
    const { id, admin } = await community();
    const moderator = await member(env, id, {}, "moderator");
    const plain = await member(env, id);
    const before = await auditCount(id);
    expectError(await create(moderator, { text: "Q", type: "TEXT" }), 403, 1005);
    expectError(await create(plain, { text: "Q", type: "TEXT" }), 403, 1005);
    expectError(await list(moderator), 403, 1005);
    expectError(await create(betaAdmin, { text: "Q", type: "TEXT" }, id), 404, 1002);
    expectError(await list(betaAdmin, id), 404, 1002);
    expectError(await list(admin, "beta"), 404, 1002);
    expectError(await env.request("GET", base(admin), { tenant: id }), 401, 1004);
    expect(await auditCount(id)).toBe(before);
  });
});

describe("members answer what admins edit", () => {
  it("shows created questions localized and checks answers against them", async () => {
    const { id, admin } = await community();
    const q = (await create(admin, industry)).body;
    const ru = await env.request("GET", "/api/question/get-by-community?lang=ru", { tenant: id });
    expect(ru.body).toHaveLength(1);
    expect(ru.body[0].text).toBe("Ваша отрасль");
    expect(ru.body[0].options.map((o: { text: string }) => o.text)).toEqual(["ИТ", "Finance", "Other"]);

    const m = await member(env, id);
    expect((await answer(m, [{ questionId: q.id, optionIds: [optionId(q, "it")] }])).status).toBe(200);
    const wrong = await answer(m, [{ questionId: q.id, optionIds: [optionId(q, "it"), optionId(q, "finance")] }]);
    expect(wrong.body.errors[q.id]).toBe("Choose one option");
  });

  it("keeps answers that chose an option when it is deactivated, and refuses the option in new answers", async () => {
    const { id, admin } = await community();
    const q = (await create(admin, industry)).body;
    const m = await member(env, id);
    expect((await answer(m, [{ questionId: q.id, optionIds: [optionId(q, "finance")] }])).status).toBe(200);

    const res = await patch(admin, q.id, { options: [{ id: optionId(q, "finance"), active: false }] });
    expect(res.status).toBe(200);
    expect(res.body.options.find((o) => o.key === "finance")).toMatchObject({ active: false, visible: true });

    const mine = await env.request("GET", "/api/participant/my-answers", { tenant: id, token: m.token });
    expect(mine.body).toEqual([expect.objectContaining({ questionId: q.id, optionIds: [optionId(q, "finance")] })]);
    const shown = await env.request("GET", "/api/question/get-by-community", { tenant: id });
    expect(shown.body[0].options.map((o: { key: string }) => o.key)).toEqual(["it", "other"]);
    const again = await answer(m, [{ questionId: q.id, optionIds: [optionId(q, "finance")] }]);
    expect(again.status).toBe(400);
    expect(again.body.errors[q.id]).toBe("Unknown or inactive option");
  });
});

describe("PATCH /api/admin/{communityId}/questions/{questionId}", () => {
  it("edits fields, translations and options (add, edit, move), audited with before and after", async () => {
    const { id, admin } = await community();
    const created = (await create(admin, { key: "stage", text: "Stage", type: "CHECKBOX", options: [{ key: "idea", text: "Idea" }, { key: "seed", text: "Seed" }] })).body;
    const res = await patch(admin, created.id, {
      text: "Company stage",
      required: true,
      maxChoices: 2,
      translations: { en: "Company stage", ru: "Стадия компании" },
      options: [
        { id: optionId(created, "seed"), text: "Seed round", translations: { ru: "Посевной раунд" }, order: 0 },
        { key: "growth", text: "Growth", group: "later" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, key: "stage", text: "Company stage", required: true, maxChoices: 2, translations: { en: "Company stage", ru: "Стадия компании" } });
    expect(res.body.options.map((o) => [o.key, o.text, o.order])).toEqual([
      ["seed", "Seed round", 0],
      ["idea", "Idea", 1],
      ["growth", "Growth", 2],
    ]);
    const [event] = await auditRows(id, "question.update");
    expect(event).toMatchObject({ actorUserId: admin.user.id, targetId: created.id, requestId: res.headers.get("x-request-id") });
    expect(event?.before).toEqual(created);
    expect(event?.after).toEqual(res.body);

    const same = await patch(admin, created.id, { text: "Company stage" });
    expect(same.status).toBe(200);
    expect(await auditRows(id, "question.update")).toHaveLength(1);
  });

  it("moves a question to a position", async () => {
    const { admin } = await community();
    const ids: string[] = [];
    for (const text of ["One", "Two", "Three"]) ids.push((await create(admin, { text, type: "TEXT" })).body.id);
    const res = await patch(admin, ids[2] ?? "", { order: 0 });
    expect(res.body.order).toBe(0);
    expect((await list(admin)).body.map((q) => [q.text, q.order])).toEqual([
      ["Three", 0],
      ["One", 1],
      ["Two", 2],
    ]);
  });

  it("refuses what would break the question, an unknown option, and a type change once answered; records nothing", async () => {
    const { id, admin } = await community();
    const q = (await create(admin, { text: "Pick", type: "RADIO", options: [{ key: "x", text: "X" }, { key: "y", text: "Y" }] })).body;
    const other = (await create(admin, industry)).body;
    const before = await auditCount(id);
    const deactivateAll = await patch(admin, q.id, { options: [{ id: optionId(q, "x"), active: false }, { id: optionId(q, "y"), active: false }] });
    expectError(deactivateAll, 400, 1001);
    expect(deactivateAll.body.errors).toEqual({ options: "a RADIO question needs options" });
    expectError(await patch(admin, q.id, { maxChoices: 2 }), 400, 1001);
    expectError(await patch(admin, q.id, { options: [{ text: "" }] }), 400, 1001);
    expect((await patch(admin, q.id, { options: [{ group: "no text" }] })).body.errors).toEqual({ "options.0.text": "answer option text is required" });
    expect((await patch(admin, q.id, { options: [{ key: "x", text: "Dup" }] })).body.errors).toEqual({ "options.0.key": '"x" is used twice' });
    expectError(await patch(admin, q.id, { options: [{ id: optionId(other, "it"), text: "Stolen" }] }), 404, 1002);
    expectError(await patch(admin, q.id, { translations: { de: "Wahl" } }), 400, 1001);

    const m = await member(env, id);
    const answered = await answer(m, [
      { questionId: other.id, optionIds: [optionId(other, "it")] },
      { questionId: q.id, optionIds: [optionId(q, "x")] },
    ]);
    expect(answered.status).toBe(200);
    expectError(await patch(admin, q.id, { type: "CHECKBOX" }), 409, 1003);
    expect(await auditCount(id)).toBe(before);
  });

  it("another community's question id is 404; a moderator is turned away with 403", async () => {
    const { id, admin } = await community();
    const moderator = await member(env, id, {}, "moderator");
    const own = (await create(admin, { text: "Ours", type: "TEXT" })).body;
    const betaQ = (await create(betaAdmin, { text: "Beta only", type: "TEXT" })).body;
    expectError(await patch(admin, betaQ.id, { text: "Hijacked" }), 404, 1002);
    expectError(await remove(admin, betaQ.id), 404, 1002);
    expectError(await patch(betaAdmin, own.id, { text: "x" }, id), 404, 1002);
    expectError(await patch(betaAdmin, own.id, { text: "x" }), 404, 1002);
    expectError(await patch(moderator, own.id, { text: "x" }), 403, 1005);
    expect((await list(betaAdmin)).body.find((q) => q.id === betaQ.id)?.text).toBe("Beta only");
    expect((await list(admin)).body).toEqual([own]);
  });
});

describe("DELETE /api/admin/{communityId}/questions/{questionId}", () => {
  it("hides the question and retires its options; answers stay; audited once", async () => {
    const { id, admin } = await community();
    const q = (await create(admin, { text: "Temporary", type: "RADIO", required: true, options: [{ key: "y", text: "Yes" }] })).body;
    const m = await member(env, id);
    expect((await answer(m, [{ questionId: q.id, optionIds: [optionId(q, "y")] }])).status).toBe(200);

    const res = await remove(admin, q.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ visible: false, required: false, options: [expect.objectContaining({ visible: false, active: false })] });
    expect((await env.request("GET", "/api/question/get-by-community", { tenant: id })).body).toEqual([]);
    const mine = await env.request("GET", "/api/participant/my-answers", { tenant: id, token: m.token });
    expect(mine.body).toEqual([expect.objectContaining({ questionId: q.id, optionIds: [optionId(q, "y")] })]);
    expect((await list(admin)).body).toEqual([res.body]);

    const events = await auditRows(id, "question.delete");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ targetId: q.id, before: q, after: res.body });
    expect((await remove(admin, q.id)).status).toBe(200);
    expect(await auditRows(id, "question.delete")).toHaveLength(1);
    expectError(await remove(await member(env, id, {}, "moderator"), q.id), 403, 1005);
    expectError(await remove(admin, "00000000-0000-4000-8000-000000000000"), 404, 1002);
  });
});

describe("POST /api/admin/{communityId}/questions/reorder", () => {
  it("puts the listed questions first in that order, the rest after; audited with the orders", async () => {
    const { id, admin } = await community();
    const all: string[] = [];
    for (const text of ["A", "B", "C", "D"]) all.push((await create(admin, { text, type: "TEXT" })).body.id);
    const [a, b, c, d] = all;
    const res = await reorder(admin, [c ?? "", a ?? ""]);
    expect(res.status).toBe(200);
    expect(res.body.map((q) => [q.text, q.order])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
      ["D", 3],
    ]);
    const events = await auditRows(id, "question.reorder");
    expect(events).toEqual([expect.objectContaining({ targetType: "community_questionnaire", targetId: id, before: { questionIds: all }, after: { questionIds: [c, a, b, d] } })]);
    expect((await reorder(admin, [c ?? ""])).status).toBe(200);
    expect(await auditRows(id, "question.reorder")).toHaveLength(1);
  });

  it("refuses a repeated id (400) and another community's id (404), recording nothing", async () => {
    const { id, admin } = await community();
    const a = (await create(admin, { text: "A", type: "TEXT" })).body.id;
    const betaQ = (await create(betaAdmin, { text: "Beta reorder", type: "TEXT" })).body;
    const before = await auditCount(id);
    expectError(await reorder(admin, [a, a]), 400, 1001);
    expectError(await reorder(admin, [a, betaQ.id]), 404, 1002);
    expectError(await reorder(betaAdmin, [betaQ.id], id), 404, 1002);
    expectError(await reorder(await member(env, id), [a]), 403, 1005);
    expect(await auditCount(id)).toBe(before);
  });
});

describe("questions files and the API together", () => {
  it("a re-apply matches by key: an API edit of a file question is restored, same id; API-made questions are hidden, answers kept", async () => {
    const { id, admin } = await community();
    const apply = async () => {
      const config = TenantConfigSchema.parse(tenantFixture(id));
      const questions = QuestionsFileSchema.parse({ version: 1, questions: [industry] }).questions;
      await applyTenants(env.db, [{ config, landing: {}, navigation: null, dir: "", questions }], OPERATOR);
    };
    await apply();
    const fromFile = (await list(admin)).body[0] as Detail;
    const edited = await patch(admin, fromFile.id, { text: "Sector", options: [{ key: "media", text: "Media" }] });
    expect(edited.status).toBe(200);
    const made = (await create(admin, { text: "Console question", type: "TEXT" })).body;
    const m = await member(env, id);
    const answered = await answer(m, [
      { questionId: fromFile.id, optionIds: [optionId(fromFile, "it")] },
      { questionId: made.id, text: "mine" },
    ]);
    expect(answered.status).toBe(200);

    await apply();
    const after = (await list(admin)).body;
    expect(after.map((q) => [q.id, q.text, q.visible])).toEqual([
      [fromFile.id, "Your industry", true],
      [made.id, "Console question", false],
    ]);
    expect(after[0]?.options.find((o) => o.key === "media")).toMatchObject({ visible: false, active: false });
    const [kept] = await env.db<{ n: number }[]>`select count(*)::int as n from participant_answers where participant_id = ${m.id}`;
    expect(kept?.n).toBe(2);
    expect(await auditRows(id, "tenant.apply")).toHaveLength(3);
  });
});

describe("languages come from the tenant's langChoices", () => {
  const city = { key: "city", text: "Where are you based?", type: "TEXT", translations: { en: "Where are you based?", ru: "Где вы живёте?" } };
  const textOf = async (tenant: string, query = "", opts: { token?: string; headers?: Record<string, string> } = {}) =>
    (await env.request("GET", `/api/question/get-by-community${query}`, { tenant, ...opts })).body[0]?.text;

  it("a Russian-only tenant renders Russian whatever is asked", async () => {
    const { id, admin } = await community({ lang: "ru", langChoices: ["ru"] });
    expect((await create(admin, city)).status).toBe(201);
    expect(await textOf(id, "?lang=en")).toBe("Где вы живёте?");
    expect(await textOf(id, "", { headers: { "accept-language": "en-GB,en;q=0.9" } })).toBe("Где вы живёте?");
    expect(await textOf(id)).toBe("Где вы живёте?");
  });

  it("an English-only tenant ignores a Russian request and shows the default text", async () => {
    const { id, admin } = await community({ lang: "en", langChoices: ["en"] });
    expect((await create(admin, { ...city, translations: { ru: "Где вы живёте?" } })).status).toBe(201);
    expect(await textOf(id, "?lang=ru", { headers: { "accept-language": "ru" } })).toBe("Where are you based?");
  });

  it("a bilingual tenant takes the member's language, then the browser's, skipping languages it does not offer", async () => {
    const { id, admin } = await community({ lang: "en", langChoices: ["en", "ru"] });
    expect((await create(admin, city)).status).toBe(201);
    const m = await member(env, id, { language: "ru" });
    expect(await textOf(id, "", { token: m.token })).toBe("Где вы живёте?");
    expect(await textOf(id, "?lang=en", { token: m.token })).toBe("Where are you based?");
    expect(await textOf(id, "", { headers: { "accept-language": "de-DE,de;q=0.9,ru;q=0.8" } })).toBe("Где вы живёте?");
    expect(await textOf(id, "", { headers: { "accept-language": "de-DE" } })).toBe("Where are you based?");
    expectError(await env.request("GET", "/api/question/get-by-community?lang=de", { tenant: id }), 400, 1001);
  });
});
