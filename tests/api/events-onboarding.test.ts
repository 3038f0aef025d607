import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let organizer: Who;
let member: Who;
let betaAdmin: Who;
beforeAll(async () => {
  [organizer, member, betaAdmin] = await Promise.all([who(env, "alpha", "moderator", "Olga"), who(env, "alpha", "member", "Mia"), who(env, "beta", "admin", "Bea")]);
});

const ob = (w: Who, method: string, eventId: string, path: string, body?: unknown) =>
  env.request(method, `/api/event/${eventId}/onboarding/${path}`, { tenant: w.tenant, token: w.token, body });

/** An event with onboarding: a required RADIO, an optional CHECKBOX with a free-text option, a required TEXT. */
async function eventWithQuestions() {
  const id = await makeEvent(env, organizer, { enableOnboarding: true });
  const role = await ob(organizer, "POST", id, "questions", {
    text: "Your role",
    type: "RADIO",
    required: true,
    translations: { ru: "Ваша роль" },
    options: [
      { text: "Engineer", translations: { ru: "Инженер" }, group: "tech", category: "job" },
      { text: "Founder", translations: { ru: "Основатель" } },
    ],
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const topics = await ob(organizer, "POST", id, "questions", {
    text: "Topics",
    type: "CHECKBOX",
    options: [{ text: "AI" }, { text: "Databases" }, { text: "Other", type: "FREE_TEXT" }],
  });
  const about = await ob(organizer, "POST", id, "questions", { text: "About you", type: "TEXT", required: true });
  return { id, role: role.body, topics: topics.body, about: about.body };
}

describe("questions (organizers)", () => {
  it("list, get, create, update with PUT, delete (hidden); members 403; audited", async () => {
    const { id, role, topics } = await eventWithQuestions();
    expect(role).toMatchObject({ text: "Your role", type: "RADIO", required: true, visible: true, order: 0, translationKey: expect.any(String) });
    expect(role.options[0]).toMatchObject({ text: "Engineer", group: "tech", category: "job", type: "PREDEFINED" });
    expect(topics.options[2]).toMatchObject({ text: "Other", type: "FREE_TEXT" });

    const list = await ob(organizer, "GET", id, "questions");
    expect(list.body.map((q: { text: string }) => q.text)).toEqual(["Your role", "Topics", "About you"]);
    expect((await ob(organizer, "GET", id, `questions/${role.id}`)).body.id).toBe(role.id);

    const put = await ob(organizer, "PUT", id, `questions/${topics.id}`, { text: "Topics you like", order: 0, options: [{ text: "Compilers" }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ text: "Topics you like", order: 0 });
    expect(put.body.options.map((o: { text: string }) => o.text)).toEqual(["AI", "Databases", "Other", "Compilers"]);
    expectError(await ob(organizer, "PUT", id, `questions/${topics.id}`, { options: [{ visible: true }] }), 400, 1001, /answer option text is required/);

    const del = await ob(organizer, "DELETE", id, `questions/${topics.id}`);
    expect(del.body).toMatchObject({ visible: false });
    const translated = await ob(member, "GET", id, "questions/translated");
    expect(translated.body.map((q: { text: string }) => q.text)).toEqual(["Your role", "About you"]);

    expectError(await ob(member, "GET", id, "questions"), 403, 1005);
    expectError(await ob(member, "POST", id, "questions", { text: "Mine", type: "TEXT" }), 403, 1005);
    expectError(await ob(member, "PUT", id, `questions/${role.id}`, { text: "x" }), 403, 1005);
    expectError(await ob(member, "DELETE", id, `questions/${role.id}`), 403, 1005);

    // Another event's question is not this event's.
    const other = await eventWithQuestions();
    expectError(await ob(organizer, "GET", id, `questions/${other.role.id}`), 404, 1002);
    expectError(await ob(organizer, "PUT", id, `questions/${other.role.id}`, { text: "x" }), 404, 1002);

    const actions = await env.db<{ action: string }[]>`
      select a.action from audit_events a join community_questions q on q.community_id = a.community_id and q.id::text = a.target_id where q.event_id = ${id} order by a.id`;
    expect(actions.map((a) => a.action)).toEqual(["question.create", "question.create", "question.create", "question.update", "question.delete"]);
  });
});

describe("languages", () => {
  it("translated and participant variants take language and defaultLanguage, falling back when a translation is missing", async () => {
    const { id, about } = await eventWithQuestions();
    const ru = await ob(member, "GET", id, "questions/translated?language=ru");
    expect(ru.body.map((q: { text: string }) => q.text)).toEqual(["Ваша роль", "Topics", "About you"]);
    expect(ru.body[0].options.map((o: { text: string }) => o.text)).toEqual(["Инженер", "Основатель"]);
    expect(ru.body[0].translations).toEqual({ ru: "Ваша роль" });
    const en = await ob(member, "GET", id, "questions/translated?language=en");
    expect(en.body[0].text).toBe("Your role");
    // No English translation: with defaultLanguage=ru the Russian text stands in.
    const fallback = await ob(member, "GET", id, "questions/translated?language=en&defaultLanguage=ru");
    expect(fallback.body[0].text).toBe("Ваша роль");
    expect(fallback.body[1].text).toBe("Topics");
    const regional = await ob(member, "GET", id, "questions/participant?language=ru-RU");
    expect(regional.body[0]).toMatchObject({ text: "Ваша роль", answer: null });
    expect(regional.body[2]).toMatchObject({ id: about.id, answer: null });
  });

  it("translations: save, get by key and language with fallback, languages, delete", async () => {
    const { id, about, role } = await eventWithQuestions();
    const key = about.translationKey;
    const save = await ob(organizer, "POST", id, "translations", { translationKey: key, language: "ru", translatedText: "О себе" });
    expect(save.body).toEqual({ translationKey: key, language: "ru", translatedText: "О себе", resolvedLanguage: "ru", fallback: false });
    expect((await ob(member, "GET", id, `translations/${key}/ru`)).body).toMatchObject({ translatedText: "О себе", fallback: false });
    // en missing: falls back to defaultLanguage, else the default text.
    expect((await ob(member, "GET", id, `translations/${key}/en?defaultLanguage=ru`)).body).toMatchObject({ translatedText: "О себе", resolvedLanguage: "ru", fallback: true });
    expect((await ob(member, "GET", id, `translations/${key}/en`)).body).toMatchObject({ translatedText: "About you", resolvedLanguage: null, fallback: true });
    expect((await ob(member, "GET", id, `translations/${key}/languages`)).body).toEqual({ translationKey: key, languages: ["ru"] });
    expect((await ob(member, "GET", id, `translations/${role.translationKey}/languages`)).body.languages).toEqual(["ru"]);

    expectError(await ob(member, "POST", id, "translations", { translationKey: key, language: "en", translatedText: "x" }), 403, 1005);
    expectError(await ob(organizer, "POST", id, "translations", { translationKey: "nope", language: "en", translatedText: "x" }), 404, 1002);
    expectError(await ob(organizer, "POST", id, "translations", { translationKey: key, language: "de", translatedText: "x" }), 400, 1001);
    expectError(await ob(member, "GET", id, `translations/${key}/de`), 400, 1001);

    expect((await ob(organizer, "DELETE", id, `translations/${key}/ru`)).body).toEqual({ ok: true });
    expect((await ob(member, "GET", id, `translations/${key}/languages`)).body.languages).toEqual([]);
    expectError(await ob(organizer, "DELETE", id, `translations/${key}/ru`), 404, 1002);
  });

  it("a community with one language refuses translations in others", async () => {
    const { tenantFixture } = await import("../support/tenants.ts");
    await env.addTenants(tenantFixture("mono", { lang: "en", langChoices: ["en"] }));
    const monoAdmin = await who(env, "mono", "admin");
    const id = await makeEvent(env, monoAdmin, { enableOnboarding: true });
    const q = await ob(monoAdmin, "POST", id, "questions", { text: "Hi", type: "TEXT" });
    expectError(await ob(monoAdmin, "POST", id, "translations", { translationKey: q.body.translationKey, language: "ru", translatedText: "Привет" }), 400, 1001);
    expectError(await ev.create(monoAdmin, { ...(await import("./events-helpers.ts")).validEvent({ translations: { ru: { title: "Привет" } } }) }), 400, 1001);
  });
});

describe("answering (members)", () => {
  it("question by question, resumable, required enforced; progress; complete", async () => {
    const { id, role, topics, about } = await eventWithQuestions();
    const m = await who(env, "alpha", "member", "Ans");
    const progress = async () => (await ob(m, "GET", id, "progress")).body;
    expect(await progress()).toEqual({ total: 3, answered: 0, required: 2, requiredAnswered: 0, percent: 0, nextQuestionId: role.id, completed: false, canComplete: false });

    const step1 = await ob(m, "POST", id, "user-answers", { questionId: role.id, optionIds: [role.options[0].id] });
    expect(step1.status, JSON.stringify(step1.body)).toBe(200);
    expect(step1.body.progress).toMatchObject({ answered: 1, requiredAnswered: 1, nextQuestionId: topics.id });
    // A required question cannot be left empty, and the option rules hold.
    expectError(await ob(m, "POST", id, "user-answers", { questionId: role.id, optionIds: [] }), 400, 1001, "The section requires an answer");
    expectError(await ob(m, "POST", id, "user-answers", { questionId: role.id, optionIds: [role.options[0].id, role.options[1].id] }), 400, 1001, "Choose one option");
    expectError(await ob(m, "POST", id, "user-answers", { questionId: topics.id, optionIds: [topics.options[2].id] }), 400, 1001, "Please describe your answer");
    expectError(await ob(m, "POST", id, "user-answers", { questionId: about.id, text: "x".repeat(256) }), 400, 1001, /under 256/);
    // Completing before every required question is answered: 400 naming the question.
    const early = await ob(m, "POST", id, "complete");
    expectError(early, 400, 1001, "The section requires an answer");
    expect(Object.keys(early.body.errors)).toEqual([about.id]);

    // Resumed later: the participant variant shows what was answered and continues.
    const resumed = await ob(m, "GET", id, "questions/participant");
    expect(resumed.body[0].answer).toMatchObject({ optionIds: [role.options[0].id] });
    expect(resumed.body[1].answer).toBeNull();

    await ob(m, "POST", id, "user-answers", { questionId: topics.id, optionIds: [topics.options[0].id, topics.options[2].id], text: "Rust" });
    await ob(m, "POST", id, "user-answers", { questionId: about.id, text: "I build databases" });
    expect(await progress()).toMatchObject({ answered: 3, percent: 100, nextQuestionId: null, canComplete: true, completed: false });
    expect((await ob(m, "GET", id, "completion")).body).toEqual({ completed: false, completedAt: null });
    const done = await ob(m, "POST", id, "complete");
    expect(done.body).toMatchObject({ completed: true, completedAt: expect.any(String) });
    expect((await ob(m, "GET", id, "completion")).body.completed).toBe(true);
    expect((await ob(m, "GET", id, "answers")).body).toHaveLength(3);
  });

  it("answers in one submission; get and delete mine (one or all); deleting ends the completion", async () => {
    const { id, role, about } = await eventWithQuestions();
    const m = await who(env, "alpha", "member", "Batch");
    const res = await ob(m, "POST", id, "answers", { answers: [{ questionId: role.id, optionIds: [role.options[1].id] }, { questionId: about.id, text: "Hello" }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.answers).toHaveLength(2);
    await ob(m, "POST", id, "complete");
    const one = await ob(m, "DELETE", id, `answers?questionId=${about.id}`);
    expect(one.body.answers).toHaveLength(1);
    expect(one.body.progress.completed).toBe(false);
    const all = await ob(m, "DELETE", id, "answers");
    expect(all.body.answers).toEqual([]);
  });

  it("user-answers of another participant: organizers read and delete them (audited), members 403", async () => {
    const { id, about } = await eventWithQuestions();
    const [m, other] = await Promise.all([who(env, "alpha", "member", "Own"), who(env, "alpha", "member", "Nosy")]);
    await ob(m, "POST", id, "user-answers", { questionId: about.id, text: "Mine" });
    expect((await ob(m, "GET", id, `user-answers/${m.id}`)).body).toHaveLength(1);
    expect((await ob(organizer, "GET", id, `user-answers/${m.id}`)).body[0]).toMatchObject({ text: "Mine" });
    expectError(await ob(other, "GET", id, `user-answers/${m.id}`), 403, 1005);
    expectError(await ob(other, "DELETE", id, `user-answers/${m.id}`), 403, 1005);
    expect((await ob(organizer, "DELETE", id, `user-answers/${m.id}`)).body).toEqual({ ok: true, deleted: 1 });
    const [audit] = await env.db<{ action: string }[]>`select action from audit_events where action = 'event_answers.delete' and target_id = ${`${id}:${m.id}`}`;
    expect(audit).toBeDefined();
    expectError(await ob(organizer, "GET", id, `user-answers/${betaAdmin.id}`), 404, 1002);
  });

  it("an event without onboarding takes no answers (409)", async () => {
    const id = await makeEvent(env, organizer, { enableOnboarding: false });
    const q = await ob(organizer, "POST", id, "questions", { text: "Hi", type: "TEXT" });
    expectError(await ob(member, "POST", id, "user-answers", { questionId: q.body.id, text: "x" }), 409, 1022, "This event has no onboarding");
    expectError(await ob(member, "POST", id, "complete"), 409, 1022);
  });
});

describe("statistics, report and CSV export (organizers)", () => {
  it("counts and percentages per question and option; the report; the CSV with BOM, RU text and neutralised formulas", async () => {
    const { id, role, topics, about } = await eventWithQuestions();
    const [a, b, c] = await Promise.all([who(env, "alpha", "member", "Анна"), who(env, "alpha", "member", "Bob"), who(env, "alpha", "member", "Cat")]);
    await ev.join(a, id);
    await ev.join(b, id);
    await ob(a, "POST", id, "answers", {
      answers: [
        { questionId: role.id, optionIds: [role.options[0].id] },
        { questionId: topics.id, optionIds: [topics.options[0].id, topics.options[1].id] },
        { questionId: about.id, text: "=HYPERLINK(\"http://evil\")" },
      ],
    });
    await ob(a, "POST", id, "complete");
    await ob(b, "POST", id, "answers", { answers: [{ questionId: role.id, optionIds: [role.options[0].id] }, { questionId: about.id, text: "Люблю базы данных" }] });
    await ob(c, "POST", id, "user-answers", { questionId: role.id, optionIds: [role.options[1].id] });

    const stats = await ob(organizer, "GET", id, "statistics");
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body).toMatchObject({ respondents: 3, completed: 1 });
    const [roleStat, topicStat, aboutStat] = stats.body.questions;
    expect(roleStat).toMatchObject({ questionId: role.id, answered: 3, percent: 100 });
    expect(roleStat.options).toEqual([
      expect.objectContaining({ text: "Engineer", count: 2, percent: 66.7 }),
      expect.objectContaining({ text: "Founder", count: 1, percent: 33.3 }),
    ]);
    expect(topicStat).toMatchObject({ answered: 1, percent: 33.3 });
    expect(topicStat.options.map((o: { count: number }) => o.count)).toEqual([1, 1, 0]);
    expect(aboutStat).toMatchObject({ answered: 2, percent: 66.7, options: [] });
    expectError(await ob(member, "GET", id, "statistics"), 403, 1005);

    const report = await ob(organizer, "GET", id, "report");
    expect(report.body.items).toHaveLength(3);
    const anna = report.body.items.find((i: { participantId: string }) => i.participantId === a.id);
    expect(anna).toMatchObject({ firstName: "Анна", status: "CONFIRMED", onboardingCompleted: true, email: a.email });
    expect(anna.answers).toEqual([
      { questionId: role.id, question: "Your role", answer: "Engineer" },
      { questionId: topics.id, question: "Topics", answer: "AI; Databases" },
      { questionId: about.id, question: "About you", answer: "=HYPERLINK(\"http://evil\")" },
    ]);
    expect(report.body.items.find((i: { participantId: string }) => i.participantId === c.id)).toMatchObject({ status: "NOT_PARTICIPATING", onboardingCompleted: false });
    expectError(await ob(member, "GET", id, "report"), 403, 1005);

    const res = await env.app.request(`/api/event/${id}/onboarding/answers/export`, { headers: { host: "alpha.localhost:3000", authorization: `Bearer ${organizer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".+-answers\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFParticipant ID,First name,Last name,E-mail,Status,Payment,Onboarding completed,Your role,Topics,About you\r\n")).toBe(true);
    expect(text).toContain(`${a.id},Анна,Person,${a.email},CONFIRMED,NONE,`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(text).toContain("Люблю базы данных");
    expect(text).toContain("AI; Databases");
    expect((await env.request("GET", `/api/event/${id}/onboarding/answers/export?format=csv`, { token: organizer.token })).status).toBe(200);
    expectError(await env.request("GET", `/api/event/${id}/onboarding/answers/export?format=xlsx`, { token: organizer.token }), 400, 1001);
    expectError(await env.request("GET", `/api/event/${id}/onboarding/answers/export`, { token: member.token }), 403, 1005);
  });

  it("neutralises every formula-starting character", async () => {
    const { id, about } = await eventWithQuestions();
    const texts = ["+1+2", "-3", "@SUM(A1)", "=1"];
    const people = await Promise.all(texts.map((_, i) => who(env, "alpha", "member", `Formula${i}`)));
    for (const [i, p] of people.entries()) await ob(p, "POST", id, "user-answers", { questionId: about.id, text: texts[i] });
    const res = await env.request("GET", `/api/event/${id}/onboarding/answers/export`, { token: organizer.token });
    const body = String(res.body);
    for (const t of texts) {
      expect(body).toContain(`'${t}`);
      expect(body).not.toMatch(new RegExp(`,${t.replace(/[+()]/g, "\\$&")}(\\r|$)`, "m"));
    }
  });
});

describe("cross-tenant: every onboarding route answers 404 for another community's event", () => {
  it("by id", async () => {
    const { id, role, about } = await eventWithQuestions();
    await ob(member, "POST", id, "user-answers", { questionId: role.id, optionIds: [role.options[0].id] });
    const key = about.translationKey;
    const calls: [string, string, unknown?][] = [
      ["GET", "questions"],
      ["GET", "questions/translated"],
      ["GET", "questions/participant"],
      ["GET", `questions/${role.id}`],
      ["POST", "questions", { text: "x", type: "TEXT" }],
      ["PUT", `questions/${role.id}`, { text: "x" }],
      ["DELETE", `questions/${role.id}`],
      ["POST", "translations", { translationKey: key, language: "ru", translatedText: "x" }],
      ["GET", `translations/${key}/languages`],
      ["GET", `translations/${key}/ru`],
      ["DELETE", `translations/${key}/ru`],
      ["POST", "answers", { answers: [{ questionId: role.id, optionIds: [role.options[0].id] }] }],
      ["GET", "answers"],
      ["DELETE", "answers"],
      ["GET", "answers/export"],
      ["POST", "user-answers", { questionId: role.id, optionIds: [role.options[0].id] }],
      ["GET", `user-answers/${member.id}`],
      ["DELETE", `user-answers/${member.id}`],
      ["GET", "progress"],
      ["GET", "completion"],
      ["POST", "complete"],
      ["GET", "statistics"],
      ["GET", "report"],
    ];
    for (const [method, path, body] of calls) {
      const res = await ob(betaAdmin, method, id, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(member.id);
    }
    expect((await ob(member, "GET", id, "answers")).body).toHaveLength(1);
    expect((await ob(organizer, "GET", id, `questions/${role.id}`)).body.text).toBe("Your role");
  });

  it("deleting the event takes its questions, answers and completions with it", async () => {
    const { id, about } = await eventWithQuestions();
    await ob(member, "POST", id, "user-answers", { questionId: about.id, text: "Bye" });
    expect((await ev.remove(organizer, id)).status).toBe(200);
    // Two statements, each on one tenant table (tests/api/citus-queries.test.ts reads this file's statements too).
    const [questions] = await env.db<{ n: number }[]>`select count(*)::int as n from community_questions where event_id = ${id}`;
    const [answers] = await env.db<{ n: number }[]>`select count(*)::int as n from participant_answers where question_id = ${about.id}`;
    expect({ q: questions?.n, a: answers?.n }).toEqual({ q: 0, a: 0 });
  });
});
