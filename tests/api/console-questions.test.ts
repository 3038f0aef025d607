/**
 * Issue 14, the console's Questions screen: create and delete a question and edit its options
 * (text, a translation per community language, offered or retired, new ones), through the admin
 * questions API exactly as the screen calls it; every write audited; members see the result.
 */
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

let n = 0;
async function cast() {
  n += 1;
  const id = `cq${n}`;
  await env.addTenants(tenantFixture(id, { lang: "en", langChoices: ["en", "ru"] }), tenantFixture(`cqx${n}`));
  return {
    id,
    admin: await member(env, id, { firstName: "Ada" }, "admin"),
    moderator: await member(env, id, { firstName: "Mo" }, "moderator"),
    otherAdmin: await member(env, `cqx${n}`, { firstName: "Otto" }, "admin"),
  };
}

type Option = { id: string; text: string; active: boolean; visible: boolean; translations: Record<string, string> };
type Detail = { id: string; text: string; visible: boolean; required: boolean; translations: Record<string, string>; options: Option[] };

const as = (m: Member, method: string, path: string, body?: unknown, tenant = m.tenant) =>
  env.request<Detail & { msg: string; code: number }>(method, path, { tenant, token: m.token, ...(body === undefined ? {} : { body }) });
const base = (community: string) => `/api/admin/${community}/questions`;

async function actions(community: string) {
  return (await env.db<{ action: string }[]>`select action from audit_events where community_id = ${community} and action like 'question.%' order by id`).map((r) => r.action);
}

/** What a member sees of the community's questions in a language. */
async function shown(community: string, lang: "en" | "ru") {
  const res = await env.request<{ text: string; options: { text: string }[] }[]>("GET", `/api/question/get-by-community?lang=${lang}`, { tenant: community });
  return res.body.map((q) => ({ text: q.text, options: q.options.map((o) => o.text) }));
}

describe("the console's Questions screen", () => {
  it("creates a question with options (translations per language), edits, adds and retires options, deletes it; audited", async () => {
    const c = await cast();
    // The "New question" dialog: text, its translations, type, required, options one per line.
    const created = await as(c.admin, "POST", base(c.id), { text: "Your role", type: "RADIO", required: true, translations: { ru: "Ваша роль" }, options: [{ text: "Founder" }, { text: "Engineer" }] });
    expect(created.status).toBe(201);
    const q = created.body;
    expect(q).toMatchObject({ text: "Your role", required: true, visible: true, translations: { ru: "Ваша роль" } });
    expect(await shown(c.id, "ru")).toEqual([{ text: "Ваша роль", options: ["Founder", "Engineer"] }]);

    // "Save options": the changed options with their ids, and a new one without.
    const [founder, engineer] = q.options;
    if (!founder || !engineer) throw new Error("no options");
    const edited = await as(c.admin, "PATCH", `${base(c.id)}/${q.id}`, {
      options: [
        { id: founder.id, text: "Founder / CEO", translations: { ru: "Основатель" }, active: true },
        { id: engineer.id, text: "Engineer", translations: {}, active: false },
        { text: "Investor", translations: { en: "Investor", ru: "Инвестор" }, active: true, visible: true },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.options.map((o) => [o.text, o.active, o.translations])).toEqual([
      ["Founder / CEO", true, { ru: "Основатель" }],
      ["Engineer", false, {}],
      ["Investor", true, { en: "Investor", ru: "Инвестор" }],
    ]);
    // Members see the edits in their language; a retired option is no longer offered.
    expect(await shown(c.id, "ru")).toEqual([{ text: "Ваша роль", options: ["Основатель", "Инвестор"] }]);
    expect(await shown(c.id, "en")).toEqual([{ text: "Your role", options: ["Founder / CEO", "Investor"] }]);

    // An empty option text is refused with the field named; nothing changes.
    const bad = await as(c.admin, "PATCH", `${base(c.id)}/${q.id}`, { options: [{ id: founder.id, text: " " }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1001);

    // Delete: members no longer see it; the console still lists it, hidden, its options retired.
    const gone = await as(c.admin, "DELETE", `${base(c.id)}/${q.id}`);
    expect(gone.status).toBe(200);
    expect(await shown(c.id, "en")).toEqual([]);
    const listed = await as(c.admin, "GET", base(c.id));
    expect((listed.body as unknown as Detail[]).map((x) => [x.id, x.visible, x.options.every((o) => !o.active)])).toEqual([[q.id, false, true]]);
    expect(await actions(c.id)).toEqual(["question.create", "question.update", "question.delete"]);
  });

  it("is for the community's admins: a moderator 403, another community's admin 404 here and 401 on this host", async () => {
    const c = await cast();
    const q = (await as(c.admin, "POST", base(c.id), { text: "City", type: "TEXT" })).body;
    const mod = await as(c.moderator, "POST", base(c.id), { text: "X", type: "TEXT" });
    expect([mod.status, mod.body.code]).toEqual([403, 1005]);
    expect((await as(c.moderator, "DELETE", `${base(c.id)}/${q.id}`)).status).toBe(403);
    // The other community's admin, on its own host, naming this community: 404; its session here: 401.
    expect((await as(c.otherAdmin, "PATCH", `${base(c.id)}/${q.id}`, { text: "Hacked" })).status).toBe(404);
    expect((await as(c.otherAdmin, "DELETE", `${base(c.otherAdmin.tenant)}/${q.id}`)).status).toBe(404);
    expect((await as(c.otherAdmin, "DELETE", `${base(c.id)}/${q.id}`, undefined, c.id)).status).toBe(401);
    expect((await as(c.admin, "GET", base(c.id))).body).toEqual([expect.objectContaining({ id: q.id, text: "City", visible: true })]);
    expect(await actions(c.id)).toEqual(["question.create"]);
  });
});
