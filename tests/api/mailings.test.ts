import { describe, expect, it } from "vitest";
import { Jobs, MAILING_CHUNK, mailingSendJob, mailSendJob } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { type CreatedUser, createMember, createUser } from "../support/users.ts";

const env = await testEnvForFile({
  tenants: [tenantFixture("alpha", { isDefault: true }), tenantFixture("beta", { lang: "ru" }), tenantFixture("crash"), tenantFixture("solo", { langChoices: ["en"] })],
});

const content = {
  en: { subject: "Summer meetup", body: "Hello!\n\nWe meet on Friday." },
  ru: { subject: "Летняя встреча", body: "Привет!\n\nВстречаемся в пятницу." },
};

async function member(tenant: string, lang: "en" | "ru", opts: Parameters<typeof createMember>[1] = {}): Promise<CreatedUser> {
  const m = await createMember(env, { tenant, ...opts });
  await env.db`update users set preferred_lang = ${lang} where id = ${m.user.id}`;
  await env.db`update participants set language = null where user_id = ${m.user.id}`;
  return m;
}

async function mailingMail(mailingId: string) {
  return env.db<{ to_email: string; lang: string; subject: string; text: string; headers: Record<string, string>; status: string }[]>`
    select to_email, lang, subject, text, headers, status from mail_outbox where dedupe_key like ${`mailing:${mailingId}:%`} order by to_email`;
}

const tokenOf = (headers: Record<string, string>) => {
  const url = /^<(.+)>$/.exec(headers["List-Unsubscribe"] ?? "")?.[1];
  if (!url) throw new Error("no List-Unsubscribe header");
  return { url, token: new URL(url).searchParams.get("token") ?? "" };
};

describe("POST /api/community/{id}/participants/notify", () => {
  it("mails the filtered audience each in their language, with progress to 100% and RFC 8058 headers", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const en = await member("alpha", "en");
    const ru1 = await member("alpha", "ru");
    const ru2 = await member("alpha", "ru");
    const pending = await member("alpha", "ru", { status: "pending" });

    const res = await env.request("POST", "/api/community/alpha/participants/notify", { token: admin.token, body: { content, audience: { langs: ["ru"] } } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "queued", total: 2, sent: 0, percent: 0, audience: { langs: ["ru"] } });
    const id = res.body.id as string;

    await env.drainJobs("mailing.send");
    await env.drainJobs("mail.send");
    const progress = await env.request("GET", `/api/community/alpha/mailings/${id}`, { token: admin.token });
    expect(progress.body).toMatchObject({ status: "done", total: 2, sent: 2, failed: 0, skipped: 0, percent: 100 });

    const mails = await mailingMail(id);
    expect(mails.map((m) => m.to_email).sort()).toEqual([ru1.email, ru2.email].map((e) => e.toLowerCase()).sort());
    for (const m of mails) {
      expect(m).toMatchObject({ lang: "ru", subject: "Летняя встреча", status: "sent" });
      expect(m.text).toContain("Встречаемся в пятницу.");
      expect(m.text).toContain("Отписаться");
      expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(tokenOf(m.headers).url).toMatch(/^http:\/\/alpha\.localhost:3000\/api\/mail\/unsubscribe\?token=/);
    }
    expect(await env.mailTo(en.email)).toEqual([]);
    expect(await env.mailTo(pending.email)).toEqual([]);

    const list = await env.request("GET", "/api/community/alpha/mailings", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id, percent: 100 });

    const audit = await env.request("GET", "/api/admin/alpha/audit-events?action=mailing.send", { token: admin.token });
    expect(audit.body.items[0]).toMatchObject({ action: "mailing.send", target: { type: "mailing", id } });
  });

  it("falls back to the community's language for a member whose language has no text", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const ru = await member("alpha", "ru");
    const res = await env.request("POST", "/api/community/alpha/participants/notify", {
      token: admin.token,
      body: { content: { en: content.en }, audience: { participantIds: [ru.participantId] } },
    });
    expect(res.body.total).toBe(1);
    await env.drainJobs("mailing.send");
    const [mail] = await mailingMail(res.body.id);
    expect(mail).toMatchObject({ lang: "en", subject: "Summer meetup" });
  });

  it("previews the audience per language and the rendered mail, sending nothing", async () => {
    const admin = await createMember(env, { tenant: "beta", role: "admin" });
    await member("beta", "ru");
    await member("beta", "en");
    const res = await env.request("POST", "/api/community/beta/participants/notify/preview", { tenant: "beta", token: admin.token, body: { content } });
    expect(res.status).toBe(200);
    expect(res.body.byLang.ru).toBeGreaterThanOrEqual(1);
    expect(res.body.byLang.en).toBeGreaterThanOrEqual(1);
    expect(res.body.rendered.ru.subject).toBe("Летняя встреча");
    expect(res.body.rendered.en.html).toContain("We meet on Friday.");
    const counted = await env.db<{ n: number }[]>`select count(*)::int as n from mailings where community_id = 'beta'`;
    expect(counted[0]?.n).toBe(0);
  });

  it("refuses bad input with 400 {code,msg}", async () => {
    const admin = await createMember(env, { tenant: "beta", role: "admin" });
    const opts = { tenant: "beta", token: admin.token };
    // beta's language is ru: its text is required.
    const noDefault = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body: { content: { en: content.en } } });
    expect(noDefault.status).toBe(400);
    expect(noDefault.body).toMatchObject({ code: expect.any(Number), msg: expect.stringContaining("content.ru") });
    const soloAdmin = await createMember(env, { tenant: "solo", role: "admin" });
    const notOffered = await env.request("POST", "/api/community/solo/participants/notify", { tenant: "solo", token: soloAdmin.token, body: { content } });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.errors).toHaveProperty("content.ru");
    for (const body of [{}, { content: { ru: { subject: "", body: "x" } } }, { content, audience: { statuses: ["nope"] } }, { content, audience: { participantIds: ["x"] } }, "not json"]) {
      const r = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
    const unknown = await env.request("GET", "/api/community/beta/mailings/00000000-0000-4000-8000-000000000000", opts);
    expect(unknown.status).toBe(404);
    const badId = await env.request("GET", "/api/community/beta/mailings/nope", opts);
    expect(badId.status).toBe(400);
  });
});

describe("the permission matrix and other communities", () => {
  const paths = (c: string, mailingId: string) => [
    ["POST", `/api/community/${c}/participants/notify`, { content }],
    ["POST", `/api/community/${c}/participants/notify/preview`, { content }],
    ["POST", `/api/community/${c}/participants/notify/recommended-contacts`, undefined],
    ["GET", `/api/community/${c}/mailings`, undefined],
    ["GET", `/api/community/${c}/mailings/${mailingId}`, undefined],
  ] as const;

  it("member and moderator 403, signed out 401, admin and operator allowed; another community's admin and ids 401/404", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const created = await env.request("POST", "/api/community/alpha/participants/notify", { token: admin.token, body: { content, audience: { roles: ["admin"] } } });
    const mailingId = created.body.id as string;
    const memberU = await createMember(env, { tenant: "alpha" });
    const moderator = await createMember(env, { tenant: "alpha", role: "moderator" });
    const betaAdmin = await createMember(env, { tenant: "beta", role: "admin" });
    const operator = await createUser(env, { role: null, operator: true });
    const betaMailing = await env.request("POST", "/api/community/beta/participants/notify", { tenant: "beta", token: betaAdmin.token, body: { content } });
    expect(betaMailing.status).toBe(202);

    for (const [method, path, body] of paths("alpha", mailingId)) {
      const call = (token?: string) => env.request(method, path, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
      expect((await call()).status, path).toBe(401);
      expect((await call(memberU.token)).status, path).toBe(403);
      expect((await call(moderator.token)).status, path).toBe(403);
      // A session of another community is no session here.
      expect((await call(betaAdmin.token)).status, path).toBe(401);
      expect([200, 202], path).toContain((await call(admin.token)).status);
      expect([200, 202], path).toContain((await call(operator.token)).status);
    }
    // alpha's admin naming beta (in the path or by a beta mailing id): 404, as if it did not exist.
    for (const [method, path, body] of paths("beta", betaMailing.body.id)) {
      const r = await env.request(method, path, { token: admin.token, ...(body ? { body } : {}) });
      expect(r.status, path).toBe(404);
    }
    const crossId = await env.request("GET", `/api/community/alpha/mailings/${betaMailing.body.id}`, { token: admin.token });
    expect(crossId.status).toBe(404);
    const list = await env.request("GET", "/api/community/alpha/mailings", { token: admin.token });
    expect(list.body.map((m: { id: string }) => m.id)).not.toContain(betaMailing.body.id);
  });
});

describe("one-click unsubscribe", () => {
  it("RFC 8058 POST unsubscribes; the next mailing leaves the member out; a mailing under way skips them", async () => {
    const admin = await createMember(env, { tenant: "beta", role: "admin" });
    const opts = { tenant: "beta", token: admin.token };
    const anna = await member("beta", "ru");
    const boris = await member("beta", "en");
    const first = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body: { content, audience: { participantIds: [anna.participantId, boris.participantId] } } });
    expect(first.body.total).toBe(2);
    // The second mailing is created before Boris unsubscribes and sent after.
    const second = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body: { content, audience: { participantIds: [anna.participantId, boris.participantId] } } });
    const firstId = first.body.id as string;
    await env.drainJobs("mailing.send");
    const mails = await mailingMail(firstId);
    const borisMail = mails.find((m) => m.to_email === boris.email.toLowerCase());
    if (!borisMail) throw new Error("no mail to boris");
    expect(borisMail.lang).toBe("en");
    const { token } = tokenOf(borisMail.headers);

    // The link's page: a GET shows a button and changes nothing.
    const page = await env.request("GET", `/api/mail/unsubscribe?token=${token}`, { tenant: "beta" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain('method="post"');
    const before = await env.db<{ n: number }[]>`select count(*)::int as n from mail_unsubscribes where user_id = ${boris.user.id}`;
    expect(before[0]?.n).toBe(0);

    // Another community's host does not know the token; a wrong token is 404; a missing one 400.
    expect((await env.request("POST", `/api/mail/unsubscribe?token=${token}`, { tenant: "alpha", rawBody: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(404);
    expect((await env.request("POST", "/api/mail/unsubscribe?token=wrong-token-123", { tenant: "beta" })).status).toBe(404);
    expect((await env.request("POST", "/api/mail/unsubscribe", { tenant: "beta" })).status).toBe(400);

    const one = await env.request("POST", `/api/mail/unsubscribe?token=${token}`, {
      tenant: "beta",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ok: true, communityId: "beta" });
    // Twice is harmless; a browser's form gets a page.
    const again = await env.request("POST", `/api/mail/unsubscribe?token=${token}`, { tenant: "beta", headers: { accept: "text/html" } });
    expect(again.status).toBe(200);
    expect(again.body).toContain("отписались");

    // The mailing created before: Boris is skipped when his turn comes.
    // (Both mailings were drained above; a third one shows the audience rule.)
    const third = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body: { content, audience: { participantIds: [anna.participantId, boris.participantId] } } });
    expect(third.body.total).toBe(1);
    await env.drainJobs("mailing.send");
    expect((await mailingMail(third.body.id)).map((m) => m.to_email)).toEqual([anna.email.toLowerCase()]);
    expect((await mailingMail(second.body.id)).length).toBe(2);
  });

  it("a member who unsubscribes while a mailing is queued is skipped and counted", async () => {
    const admin = await createMember(env, { tenant: "beta", role: "admin" });
    const opts = { tenant: "beta", token: admin.token };
    const a = await member("beta", "ru");
    const b = await member("beta", "ru");
    const ids = [a.participantId, b.participantId];
    const first = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body: { content, audience: { participantIds: ids } } });
    await env.drainJobs("mailing.send");
    const bMail = (await mailingMail(first.body.id)).find((m) => m.to_email === b.email.toLowerCase());
    if (!bMail) throw new Error("no mail to b");
    const queued = await env.request("POST", "/api/community/beta/participants/notify", { ...opts, body: { content, audience: { participantIds: ids } } });
    expect(queued.body.total).toBe(2);
    await env.request("POST", `/api/mail/unsubscribe?token=${tokenOf(bMail.headers).token}`, { tenant: "beta" });
    await env.drainJobs("mailing.send");
    await env.drainJobs("mail.send");
    const progress = await env.request("GET", `/api/community/beta/mailings/${queued.body.id}`, opts);
    expect(progress.body).toMatchObject({ total: 2, sent: 1, skipped: 1, percent: 100, status: "done" });
  });
});

describe("POST /notify/recommended-contacts", () => {
  it("runs the coming week's pairing and queues its e-mails once", async () => {
    const admin = await createMember(env, { tenant: "solo", role: "admin" });
    for (let i = 0; i < 4; i++) await createMember(env, { tenant: "solo", profile: { position: "Engineer", company: `Co ${i}` } });
    const first = await env.request("POST", "/api/community/solo/participants/notify/recommended-contacts", { tenant: "solo", token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await env.request("POST", "/api/community/solo/participants/notify/recommended-contacts", { tenant: "solo", token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body.mailsQueued).toBe(0);
    const audit = await env.request("GET", "/api/admin/solo/audit-events?action=mailing.recommended_contacts", { tenant: "solo", token: admin.token });
    expect(audit.body.items.length).toBe(2);
  });
});

describe("killing the worker mid-mailing", () => {
  it("2,000 recipients: after a restart each got exactly one message; the unsubscribed member none", async () => {
    const admin = await createMember(env, { tenant: "crash", role: "admin" });
    const opts = { tenant: "crash", token: admin.token };
    // 2,000 members (and one who unsubscribes first), written straight into the tables.
    const users = await env.db<{ id: string }[]>`
      insert into users (email, home_community_id, preferred_lang, email_verified_at)
      select 'crash-' || g || '@example.com', 'crash', case when g % 2 = 0 then 'ru' else 'en' end, now() from generate_series(1, 2001) g
      returning id`;
    expect(users.length).toBe(2001);
    await env.db`insert into participants (community_id, user_id, moderation_status) select 'crash', u.id, 'confirmed' from users u where u.email like 'crash-%@example.com'`;
    const [quitter] = await env.db<{ id: string }[]>`select p.id from participants p join users u on u.id = p.user_id where u.email = 'crash-1@example.com'`;
    if (!quitter) throw new Error("no quitter");
    const welcome = await env.request("POST", "/api/community/crash/participants/notify", { ...opts, body: { content, audience: { participantIds: [quitter.id] } } });
    await env.drainJobs("mailing.send");
    const [welcomeMail] = await mailingMail(welcome.body.id);
    if (!welcomeMail) throw new Error("no welcome mail");
    expect((await env.request("POST", `/api/mail/unsubscribe?token=${tokenOf(welcomeMail.headers).token}`, { tenant: "crash" })).status).toBe(200);

    const res = await env.request("POST", "/api/community/crash/participants/notify", { ...opts, body: { content, audience: { roles: ["member"] } } });
    expect(res.body.total).toBe(2000);
    const id = res.body.id as string;

    // Worker 1 moves three chunks to the outbox, then takes the fourth and dies after its commit,
    // before completing the job (the process is gone: no complete, no fail).
    const worker1 = await Jobs.start(env.dbUrl, env.deps.log, [mailingSendJob, mailSendJob]);
    const deps1 = { ...env.deps, jobs: worker1 };
    for (let i = 0; i < 4; i++) {
      const [job] = await worker1.boss.fetch<{ communityId: string; mailingId: string }>("mailing.send", { batchSize: 1 });
      if (!job) throw new Error("expected a queued mailing chunk");
      await mailingSendJob.handle(deps1, job.data);
      if (i < 3) await worker1.boss.complete("mailing.send", job.id);
    }
    // It also delivered some of the queued mail before dying.
    for (let i = 0; i < 5; i++) {
      const [job] = await worker1.boss.fetch<{ communityId: string; mailId: string }>("mail.send", { batchSize: 50 });
      if (job) await mailSendJob.handle(deps1, job.data);
    }
    await worker1.stop();
    const midway = await env.request("GET", `/api/community/crash/mailings/${id}`, opts);
    expect(midway.body).toMatchObject({ status: "sending", total: 2000 });
    expect(midway.body.percent).toBeLessThan(100);
    const queuedMidway = await env.db<{ n: number }[]>`select count(*)::int as n from mail_outbox where dedupe_key like ${`mailing:${id}:%`}`;
    expect(queuedMidway[0]?.n).toBe(4 * MAILING_CHUNK);

    // pg-boss expires the dead worker's active job and retries it; time is fast-forwarded here.
    const worker2 = await Jobs.start(env.dbUrl, env.deps.log, [mailingSendJob, mailSendJob]);
    try {
      await env.db`update pgboss.job set started_on = now() - interval '1 day' where name in ('mailing.send', 'mail.send') and state = 'active'`;
      await worker2.boss.expire();
      await env.db`update pgboss.job set start_after = now() - interval '1 second' where name in ('mailing.send', 'mail.send') and state = 'retry'`;
      const deps2 = { ...env.deps, jobs: worker2 };
      await worker2.drain(deps2, "mailing.send");
      await worker2.drain(deps2, "mail.send");
    } finally {
      await worker2.stop();
    }

    const rows = await env.db<{ to_email: string; n: number; sent: number }[]>`
      select to_email, count(*)::int as n, count(*) filter (where status = 'sent')::int as sent
      from mail_outbox where dedupe_key like ${`mailing:${id}:%`} group by to_email`;
    expect(rows).toHaveLength(2000);
    expect(rows.every((r) => r.n === 1 && r.sent === 1)).toBe(true);
    expect(rows.some((r) => r.to_email === "crash-1@example.com")).toBe(false);
    const done = await env.request("GET", `/api/community/crash/mailings/${id}`, opts);
    expect(done.body).toMatchObject({ status: "done", total: 2000, sent: 2000, failed: 0, skipped: 0, percent: 100 });
    // Each in their language.
    const langs = await env.db<{ lang: string; n: number }[]>`
      select lang, count(*)::int as n from mail_outbox where dedupe_key like ${`mailing:${id}:%`} group by lang order by lang`;
    expect(langs).toEqual([
      { lang: "en", n: 1000 },
      { lang: "ru", n: 1000 },
    ]);
  }, 180_000);
});
