import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTenants, loadTenantDir, type QuestionFile, QuestionsFileSchema, TenantConfigSchema, TenantValidationError } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { OPERATOR } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";

let env: TestEnv;

const ALPHA_QUESTIONS = [
  {
    key: "industry",
    text: "Your industry",
    type: "RADIO",
    required: true,
    translations: { ru: "Ваша отрасль" },
    options: [
      { key: "it", text: "IT", translations: { ru: "ИТ" } },
      { key: "finance", text: "Finance" },
      { key: "other", text: "Other", type: "FREE_TEXT", translations: { ru: "Другое" } },
    ],
  },
  {
    key: "interests",
    text: "Interests",
    type: "CHECKBOX",
    maxChoices: 2,
    options: [
      { key: "a", text: "A", group: "letters", category: "first" },
      { key: "b", text: "B" },
      { key: "c", text: "C" },
      { key: "d", text: "D (retired)", active: false },
      { key: "e", text: "E (hidden)", visible: false },
    ],
  },
  { key: "bio", text: "Tell us about you", type: "TEXT" },
  { key: "secret", text: "Hidden question", type: "TEXT", visible: false, required: true },
];

async function applyQuestions(id: string, questions: QuestionFile[]) {
  const config = TenantConfigSchema.parse(tenantFixture(id, { isDefault: id === "alpha", lang: id === "beta" ? "ru" : "en" }));
  await applyTenants(env.db, [{ config, landing: {}, navigation: null, dir: "", questions }], OPERATOR);
  env.deps.tenants.invalidate();
}

type Q = { id: string; key: string; text: string; options: { id: string; key: string; text: string }[] };
let qs: Record<string, Q>;
const opt = (q: string, key: string) => {
  const o = qs[q]?.options.find((x) => x.key === key);
  if (!o) throw new Error(`no option ${q}/${key}`);
  return o.id;
};
const qid = (key: string) => {
  const q = qs[key];
  if (!q) throw new Error(`no question ${key}`);
  return q.id;
};

beforeAll(async () => {
  env = await createTestEnv();
  await applyQuestions("alpha", QuestionsFileSchema.parse({ version: 1, questions: ALPHA_QUESTIONS }).questions);
  await applyQuestions("beta", QuestionsFileSchema.parse({ version: 1, questions: [{ key: "beta-q", text: "Beta?", type: "RADIO", options: [{ key: "y", text: "Yes" }] }] }).questions);
  const res = await env.request("GET", "/api/question/get-by-community", { tenant: "alpha" });
  qs = Object.fromEntries((res.body as Q[]).map((q) => [q.key, q]));
});
afterAll(async () => env?.close());

async function member(tenant = "alpha", language?: string) {
  const u = await createUser(env, { tenant, role: null });
  const res = await env.request("POST", `/api/participant/create?userId=${u.user.id}`, {
    tenant,
    token: u.token,
    body: { firstName: "Quiz", lastName: "Taker", ...(language ? { language } : {}) },
  });
  expect(res.status).toBe(201);
  return { token: u.token, id: res.body.id as string };
}

function answer(token: string, answers: unknown[], tenant = "alpha") {
  return env.request("POST", "/api/participant/update-answers", { tenant, token, body: { answers } });
}

describe("GET /api/question/get-by-community", () => {
  it("lists visible questions with visible, active options in order (public)", async () => {
    const res = await env.request("GET", "/api/question/get-by-community", { tenant: "alpha" });
    expect(res.status).toBe(200);
    expect(res.body.map((q: Q) => q.key)).toEqual(["industry", "interests", "bio"]);
    expect(res.body[0]).toMatchObject({
      text: "Your industry",
      order: 0,
      type: "RADIO",
      required: true,
      visible: true,
      maxChoices: null,
      translations: { ru: "Ваша отрасль" },
      translationKey: expect.any(String),
    });
    expect(res.body[0].options.map((o: { text: string; type: string }) => [o.text, o.type])).toEqual([
      ["IT", "PREDEFINED"],
      ["Finance", "PREDEFINED"],
      ["Other", "FREE_TEXT"],
    ]);
    expect(res.body[1]).toMatchObject({ maxChoices: 2 });
    expect(res.body[1].options.map((o: { key: string }) => o.key)).toEqual(["a", "b", "c"]);
    expect(res.body[1].options[0]).toMatchObject({ group: "letters", category: "first" });
  });

  it("localizes by the lang query, the member's language, then Accept-Language, falling back to the default text", async () => {
    const byQuery = await env.request("GET", "/api/question/get-by-community?lang=ru", { tenant: "alpha" });
    expect(byQuery.body[0].text).toBe("Ваша отрасль");
    expect(byQuery.body[0].options.map((o: { text: string }) => o.text)).toEqual(["ИТ", "Finance", "Другое"]);
    expect(byQuery.body[1].text).toBe("Interests");

    const byHeader = await env.request("GET", "/api/question/get-by-community", { tenant: "alpha", headers: { "accept-language": "ru-RU,ru;q=0.9,en;q=0.8" } });
    expect(byHeader.body[0].text).toBe("Ваша отрасль");

    const m = await member("alpha", "ru");
    const byMember = await env.request("GET", "/api/question/get-by-community", { tenant: "alpha", token: m.token, headers: { "accept-language": "en" } });
    expect(byMember.body[0].text).toBe("Ваша отрасль");
    const explicit = await env.request("GET", "/api/question/get-by-community?lang=en", { tenant: "alpha", token: m.token });
    expect(explicit.body[0].text).toBe("Your industry");
  });

  it("keeps communities apart: a communityId naming another community is 404", async () => {
    const beta = await env.request("GET", "/api/question/get-by-community", { tenant: "beta" });
    expect(beta.body.map((q: Q) => q.key)).toEqual(["beta-q"]);
    expect((await env.request("GET", "/api/question/get-by-community?communityId=alpha", { tenant: "alpha" })).status).toBe(200);
    const cross = await env.request("GET", "/api/question/get-by-community?communityId=beta", { tenant: "alpha" });
    expect(cross.status).toBe(404);
    expect(cross.body).toMatchObject({ code: 1002 });
    expect((await env.request("GET", "/api/question/get-by-community?lang=de", { tenant: "alpha" })).status).toBe(400);
  });
});

describe("POST /api/participant/update-answers and GET my-answers", () => {
  it("stores answers, and a repeated submission changes nothing", async () => {
    const m = await member();
    expect((await env.request("GET", "/api/participant/my-answers", { tenant: "alpha", token: m.token })).body).toEqual([]);
    const body = [
      { questionId: qid("industry"), optionIds: [opt("industry", "it")] },
      { questionId: qid("interests"), optionIds: [opt("interests", "a"), opt("interests", "b")] },
      { questionId: qid("bio"), text: "  I build things  " },
    ];
    const first = await answer(m.token, body);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    expect(first.body[2]).toMatchObject({ questionId: qid("bio"), optionIds: [], text: "I build things" });
    const second = await answer(m.token, body);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const mine = await env.request("GET", "/api/participant/my-answers", { tenant: "alpha", token: m.token });
    expect(mine.body).toEqual(first.body);
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from participant_answers where participant_id = ${m.id}`;
    expect(count?.n).toBe(3);

    // A later partial submission changes only what it names; an empty answer clears an optional one.
    const later = await answer(m.token, [{ questionId: qid("bio"), text: "" }]);
    expect(later.status).toBe(200);
    expect(later.body.map((a: { questionId: string }) => a.questionId)).toEqual([qid("industry"), qid("interests")]);
  });

  it("refuses leaving a required question unanswered, keyed by question id", async () => {
    const m = await member();
    const res = await answer(m.token, [{ questionId: qid("bio"), text: "Hi" }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, msg: "The section requires an answer", errors: { [qid("industry")]: "The section requires an answer" } });
    expect(Object.keys(res.body.errors)).toEqual([qid("industry")]);

    await answer(m.token, [{ questionId: qid("industry"), optionIds: [opt("industry", "finance")] }]);
    const clear = await answer(m.token, [{ questionId: qid("industry"), optionIds: [] }]);
    expect(clear.status).toBe(400);
    expect(clear.body.errors[qid("industry")]).toBe("The section requires an answer");
  });

  it("checks the choice count: RADIO one, CHECKBOX one up to maxChoices", async () => {
    const m = await member();
    const radio = await answer(m.token, [{ questionId: qid("industry"), optionIds: [opt("industry", "it"), opt("industry", "finance")] }]);
    expect(radio.status).toBe(400);
    expect(radio.body.errors[qid("industry")]).toBe("Choose one option");
    const three = await answer(m.token, [
      { questionId: qid("industry"), optionIds: [opt("industry", "it")] },
      { questionId: qid("interests"), optionIds: [opt("interests", "a"), opt("interests", "b"), opt("interests", "c")] },
    ]);
    expect(three.status).toBe(400);
    expect(three.body.errors).toEqual({ [qid("interests")]: "Choose up to 2 options" });
  });

  it("accepts only active, visible options of the same question", async () => {
    const m = await member();
    const [retired] = await env.db<{ id: string }[]>`select id from community_question_options where key = 'd' and community_id = 'alpha'`;
    const [hidden] = await env.db<{ id: string }[]>`select id from community_question_options where key = 'e' and community_id = 'alpha'`;
    for (const optionId of [retired?.id, hidden?.id, opt("industry", "it")]) {
      const res = await answer(m.token, [
        { questionId: qid("industry"), optionIds: [opt("industry", "it")] },
        { questionId: qid("interests"), optionIds: [optionId] },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors[qid("interests")]).toBe("Unknown or inactive option");
    }
  });

  it("free text must be under 256 characters", async () => {
    const m = await member();
    const base = { questionId: qid("industry"), optionIds: [opt("industry", "it")] };
    const long = await answer(m.token, [base, { questionId: qid("bio"), text: "x".repeat(256) }]);
    expect(long.status).toBe(400);
    expect(long.body.errors[qid("bio")]).toBe("The answer must be under 256 characters");
    const ok = await answer(m.token, [base, { questionId: qid("bio"), text: "x".repeat(255) }]);
    expect(ok.status).toBe(200);
    const otherLong = await answer(m.token, [{ questionId: qid("industry"), optionIds: [opt("industry", "other")], text: "y".repeat(300) }]);
    expect(otherLong.status).toBe(400);
    expect(otherLong.body.errors[qid("industry")]).toBe("The answer must be under 256 characters");
  });

  it("a FREE_TEXT option takes a text; other answers do not", async () => {
    const m = await member();
    const missing = await answer(m.token, [{ questionId: qid("industry"), optionIds: [opt("industry", "other")] }]);
    expect(missing.body.errors[qid("industry")]).toBe("Please describe your answer");
    const stray = await answer(m.token, [{ questionId: qid("industry"), optionIds: [opt("industry", "it")], text: "extra" }]);
    expect(stray.body.errors[qid("industry")]).toBe("A free-text answer needs a free-text option");
    const textWithOptions = await answer(m.token, [
      { questionId: qid("industry"), optionIds: [opt("industry", "it")] },
      { questionId: qid("bio"), optionIds: [opt("industry", "it")], text: "x" },
    ]);
    expect(textWithOptions.body.errors[qid("bio")]).toBe("This question takes a text answer, not options");
    const ok = await answer(m.token, [{ questionId: qid("industry"), optionIds: [opt("industry", "other")], text: "Biotech" }]);
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toMatchObject({ optionIds: [opt("industry", "other")], text: "Biotech" });
  });

  it("is all or nothing", async () => {
    const m = await member();
    const res = await answer(m.token, [
      { questionId: qid("industry"), optionIds: [opt("industry", "it")] },
      { questionId: qid("bio"), text: "z".repeat(300) },
    ]);
    expect(res.status).toBe(400);
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from participant_answers where participant_id = ${m.id}`;
    expect(count?.n).toBe(0);
  });

  it("refuses answering one question twice in a submission", async () => {
    const m = await member();
    const res = await answer(m.token, [
      { questionId: qid("industry"), optionIds: [opt("industry", "it")] },
      { questionId: qid("industry"), optionIds: [opt("industry", "finance")] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors[qid("industry")]).toBe("The question is answered twice");
  });

  it("another community's question and a hidden question are 404", async () => {
    const m = await member();
    const beta = await env.request("GET", "/api/question/get-by-community", { tenant: "beta" });
    const betaQ = beta.body[0];
    const cross = await answer(m.token, [{ questionId: betaQ.id, optionIds: [betaQ.options[0].id] }]);
    expect(cross.status).toBe(404);
    expect(cross.body).toMatchObject({ code: 1002 });
    const [secret] = await env.db<{ id: string }[]>`select id from community_questions where key = 'secret' and community_id = 'alpha'`;
    expect((await answer(m.token, [{ questionId: secret?.id, text: "x" }])).status).toBe(404);
  });

  it("needs a signed-in participant of this community", async () => {
    const m = await member();
    expect((await env.request("GET", "/api/participant/my-answers", { tenant: "alpha" })).status).toBe(401);
    expect((await env.request("GET", "/api/participant/my-answers", { tenant: "beta", token: m.token })).status).toBe(401);
    expect((await answer(m.token, [], "beta")).status).toBe(401);
    expect((await env.request("POST", "/api/participant/update-answers", { tenant: "alpha", body: { answers: [] } })).status).toBe(401);
    const u = await createUser(env, { tenant: "alpha", role: null });
    expect((await env.request("GET", "/api/participant/my-answers", { tenant: "alpha", token: u.token })).status).toBe(403);
    expect((await answer(u.token, [])).status).toBe(403);
    expect((await answer(m.token, [{ questionId: "nope" }])).status).toBe(400);
  });
});

describe("questions as code", () => {
  it("re-applying keeps ids and answers; removed questions and options are hidden, not deleted", async () => {
    const m = await member();
    await answer(m.token, [
      { questionId: qid("industry"), optionIds: [opt("industry", "finance")] },
      { questionId: qid("bio"), text: "kept" },
    ]);
    const next = [
      { ...ALPHA_QUESTIONS[0], options: ALPHA_QUESTIONS[0]?.options?.filter((o) => o.key !== "finance"), text: "Industry" },
      { key: "newq", text: "New", type: "TEXT" },
    ];
      await applyQuestions("alpha", QuestionsFileSchema.parse({ version: 1, questions: next }).questions);
    const res = await env.request("GET", "/api/question/get-by-community", { tenant: "alpha" });
    expect(res.body.map((q: Q) => q.key)).toEqual(["industry", "newq"]);
    expect(res.body[0]).toMatchObject({ id: qid("industry"), text: "Industry" });
    expect(res.body[0].options.map((o: { key: string }) => o.key)).toEqual(["it", "other"]);
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from participant_answers where participant_id = ${m.id}`;
    expect(count?.n).toBe(2);
    // Restore the original set for other tests in this file (they ran before; order is fixed).
    await applyQuestions("alpha", QuestionsFileSchema.parse({ version: 1, questions: ALPHA_QUESTIONS }).questions);
  });

  it("loads tenants/<id>/questions.json and reports problems as file: field: message", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-q-"));
    const tdir = path.join(dir, "zeta");
    await fs.mkdir(tdir);
    await fs.writeFile(path.join(tdir, "tenant.json"), JSON.stringify(tenantFixture("zeta")));
    await fs.writeFile(path.join(tdir, "questions.json"), JSON.stringify({ version: 1, questions: ALPHA_QUESTIONS.slice(0, 2) }));
    const bundle = await loadTenantDir(tdir);
    expect(bundle.questions?.map((q) => q.key)).toEqual(["industry", "interests"]);

    await fs.writeFile(
      path.join(tdir, "questions.json"),
      JSON.stringify({
        version: 1,
        questions: [
          { key: "q", text: "Q", type: "RADIO", options: [] },
          { key: "q", text: "Q2", type: "TEXT", options: [{ key: "x", text: "" }] },
        ],
      }),
    );
    const err = await loadTenantDir(tdir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TenantValidationError);
    const problems = (err as TenantValidationError).problems.join("\n");
    expect(problems).toContain(`${path.join(tdir, "questions.json")}: questions.0.options: a RADIO question needs options`);
    expect(problems).toContain("questions.1.key: \"q\" is used twice");
    expect(problems).toContain("questions.1.options.0.text: answer option text is required");

    await fs.rm(path.join(tdir, "questions.json"));
    expect((await loadTenantDir(tdir)).questions).toBeUndefined();
    await fs.rm(dir, { recursive: true, force: true });
  });
});
