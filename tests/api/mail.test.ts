import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/src/run-cli.ts";
import { getOutbox, mailSendJob, OUTBOX_LOCK_CLASS, queueMail, renderMail, type TemplateName, type TemplateVars, type Tenant } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { tenantFixture } from "../support/tenants.ts";
import { uniqueEmail } from "../support/users.ts";

let env: TestEnv;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  env = await createTestEnv({
    tenants: [
      tenantFixture("alpha", { isDefault: true, brandConfig: { title: "Alpha Club", primaryColor: "#112233" }, senderEmail: "news@alpha.example" }),
      tenantFixture("beta", { lang: "ru", brandConfig: { title: "Бета Клуб" }, senderEmail: "hello@beta.example" }),
    ],
  });
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

/**
 * The send job reads deps.config.smtpUrl when it runs, so one environment can deliver through the
 * dev outbox, a real SMTP server or a dead one.
 */
async function withSmtp<T>(url: string | undefined, fn: () => Promise<T>): Promise<T> {
  const before = env.deps.config.smtpUrl;
  env.deps.config.smtpUrl = url;
  try {
    return await fn();
  } finally {
    env.deps.config.smtpUrl = before;
  }
}

const liveSmtp = () => smtp.url("ignoreTLS=true");
const tenant = (id: string): Promise<Tenant> => env.deps.tenants.require(id);

/** The mail's second attempt delivers it once: its retry, scheduled with a back-off, is brought forward instead of slept for. */
async function retryDelivers(id: string, to: string): Promise<void> {
  await env.db`update pgboss.job set start_after = now() where name = ${mailSendJob.name} and data->>'mailId' = ${id}`;
  await withSmtp(liveSmtp(), () => env.drainJobs(mailSendJob.name));
  expect(smtp.to(to)).toHaveLength(1);
  expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent", transport: "smtp", attempts: 2 });
}
const queue = async <N extends TemplateName>(id: string, to: string, template: N, vars: TemplateVars[N], lang: "en" | "ru" = "en", dedupeKey?: string) =>
  queueMail({ db: env.db, tenant: await tenant(id), deps: env.deps }, { to, template, lang, vars, ...(dedupeKey ? { dedupeKey } : {}) });

/**
 * Another worker's transaction holding an outbox row (as mid-send) until release(), then dying:
 * it rolls back with the row unsent. Resolves once the row is locked.
 */
async function holdRow(id: string): Promise<{ release: () => void; holder: Promise<void> }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = env.db
    .begin(async (tx) => {
      await tx`select id from mail_outbox where id = ${id} for update`;
      locked();
      await released;
      throw new Error("worker died");
    })
    .then(
      () => {},
      () => {},
    );
  await isLocked;
  return { release, holder };
}

describe("templates", () => {
  const cases: { [N in TemplateName]: TemplateVars[N] } = {
    otp: { code: "482913", minutes: 10 },
    magic_link: { link: "http://alpha.localhost:3000/auth-magic?token=abc", minutes: 15 },
    recovery: { link: "http://alpha.localhost:3000/confirm-recovery?token=abc", minutes: 60 },
    email_confirm: { link: "http://alpha.localhost:3000/confirm-email?token=abc" },
    notice: { title: "Hello", paragraphs: ["Text"], action: { label: "Open", link: "http://alpha.localhost:3000/" } },
    mailing: { title: "News", paragraphs: ["Text"], unsubscribeLink: "http://alpha.localhost:3000/api/mail/unsubscribe?token=abc" },
    weekly_match: {
      name: "Ada",
      contact: { name: "Grace Hopper", headline: "Admiral", avatarUrl: null, contacts: [{ label: "TELEGRAM", value: "@grace" }], hasHiddenContacts: false },
      reasons: ["You both care about compilers"],
      link: "http://alpha.localhost:3000/my_communities?match=abc",
    },
    weekly_reminder: { name: "Ada", week: "2025-03-11", skipLink: "http://alpha.localhost:3000/my_communities?skip=2025-03-11" },
    meeting_followup: {
      name: "Ada",
      contactName: "Grace Hopper",
      ratingLinks: [{ score: 5, link: "http://alpha.localhost:3000/contacts?feedback=abc&score=5" }],
      noMeetingLink: "http://alpha.localhost:3000/contacts?feedback=abc&noMeeting=1",
    },
  };

  it.each(["en", "ru"] as const)("every template in %s carries the tenant's brand title and colour", async (lang) => {
    const t = await tenant("alpha");
    for (const [name, vars] of Object.entries(cases) as [TemplateName, TemplateVars[TemplateName]][]) {
      const mail = renderMail(t, lang, name, vars);
      expect(mail.html, name).toContain("Alpha Club");
      expect(mail.html, name).toContain("#112233");
      expect(mail.text, name).toContain("Alpha Club");
      if (name !== "notice" && name !== "mailing") expect(mail.subject, name).toContain("Alpha Club");
    }
    const otp = renderMail(t, lang, "otp", cases.otp);
    expect(otp.subject).toContain("482913");
    expect(otp.text).toContain(lang === "ru" ? "Код для входа" : "Your sign-in code");
  });

  it("escapes what it interpolates into HTML", async () => {
    const t = await tenant("alpha");
    const mail = renderMail(t, "en", "notice", { title: "<script>x</script>", paragraphs: ['"><img src=x>'] });
    expect(mail.html).not.toContain("<script>x");
    expect(mail.html).not.toContain('"><img');
  });

  it("queued mail is From the tenant's brand and senderEmail, in the recipient's language", async () => {
    const to = uniqueEmail("ru");
    await queue("beta", to, "magic_link", { link: "http://beta.localhost:3000/x", minutes: 15 }, "ru");
    const [row] = await env.mailTo(to);
    expect(row).toMatchObject({ fromEmail: "Бета Клуб <hello@beta.example>", lang: "ru", subject: "Вход в Бета Клуб", status: "queued", communityId: "beta" });
  });
});

describe("delivery", () => {
  it("without SMTP_URL the job marks the row sent through the dev outbox", async () => {
    const to = uniqueEmail("outbox");
    const id = await queue("alpha", to, "otp", { code: "111222", minutes: 10 });
    expect((await getOutbox(env.db, id))?.status).toBe("queued");
    await withSmtp(undefined, () => env.drainJobs(mailSendJob.name));
    expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent", transport: "outbox", attempts: 1, sentAt: expect.any(Date) });
  });

  it("with SMTP_URL nodemailer delivers to a real SMTP server", async () => {
    const to = uniqueEmail("smtp");
    const id = await queue("alpha", to, "otp", { code: "333444", minutes: 10 });
    await withSmtp(liveSmtp(), () => env.drainJobs(mailSendJob.name));
    const got = smtp.to(to);
    expect(got).toHaveLength(1);
    const msg = got[0];
    expect(msg?.from).toBe("news@alpha.example");
    expect(msg?.raw).toMatch(/^From: Alpha Club <news@alpha\.example>$/m);
    expect(msg?.raw).toMatch(new RegExp(`^To: ${to.replace(/\./g, "\\.")}$`, "m"));
    expect(msg?.raw).toMatch(/^Subject: 333444 is your Alpha Club sign-in code$/m);
    expect(msg?.raw.toLowerCase()).toContain(`x-tuesday-mail-id: ${id}`);
    expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent", transport: "smtp", messageId: expect.stringContaining("@") });
  });

  it("a refused connection keeps the mail queued, counts the attempt, and the retry delivers it", async () => {
    const to = uniqueEmail("retry");
    const id = await queue("alpha", to, "otp", { code: "555666", minutes: 10 });
    const done = await withSmtp("smtp://127.0.0.1:1?connectionTimeout=2000", () => env.drainJobs(mailSendJob.name));
    expect(done).toBe(0);
    const row = await getOutbox(env.db, id);
    expect(row).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    // pg-boss holds the job for a later retry (not failed, not completed).
    const [job] = await env.db<{ state: string; startAfter: Date }[]>`
      select state, start_after as "startAfter" from pgboss.job where name = ${mailSendJob.name} and data->>'mailId' = ${id}`;
    expect(job?.state).toBe("retry");
    expect(job?.startAfter.getTime()).toBeGreaterThan(Date.now());

    await retryDelivers(id, to);
  });

  it("a message the server refuses (451) stays queued with the server's reply, and the retry delivers it", async () => {
    const to = uniqueEmail("refused");
    const id = await queue("alpha", to, "otp", { code: "909090", minutes: 10 });
    smtp.refuse({ code: 451, message: "Try again later" });
    const refusedBefore = smtp.refused();
    const done = await withSmtp(liveSmtp(), () => env.drainJobs(mailSendJob.name)).finally(() => smtp.refuse(null));
    expect(done).toBe(0);
    expect(smtp.refused() - refusedBefore).toBe(1);
    expect(smtp.to(to)).toHaveLength(0);
    expect(await getOutbox(env.db, id)).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    const [row] = await env.db<{ error: string }[]>`select error from mail_outbox where id = ${id}`;
    expect(row?.error).toMatch(/451/);
    await retryDelivers(id, to);
  });

  it("sending the same mail twice delivers it once", async () => {
    const to = uniqueEmail("twice");
    const id = await queue("alpha", to, "otp", { code: "777888", minutes: 10 });
    await withSmtp(liveSmtp(), async () => {
      await mailSendJob.handle(env.deps, { communityId: "alpha", mailId: id });
      await mailSendJob.handle(env.deps, { communityId: "alpha", mailId: id });
      // A duplicate job for the same row, as after a crash between send and complete.
      await env.deps.jobs.send(mailSendJob, { communityId: "alpha", mailId: id });
      await env.drainJobs(mailSendJob.name);
    });
    expect(smtp.to(to)).toHaveLength(1);
    expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a job that finds the row held by another worker retries until that worker's outcome is known", async () => {
    const to = uniqueEmail("held");
    const id = await queue("alpha", to, "otp", { code: "121212", minutes: 10 });
    // Another worker holds the row (mid-send), then dies: its transaction rolls back unsent.
    const { release, holder } = await holdRow(id);
    await withSmtp(liveSmtp(), async () => {
      await expect(mailSendJob.handle(env.deps, { communityId: "alpha", mailId: id })).rejects.toThrow(/another worker/);
    });
    // Not counted as this job's attempt, and nothing was sent meanwhile.
    expect(await getOutbox(env.db, id)).toMatchObject({ status: "queued", attempts: 0 });
    release();
    await holder;
    // The retry finds the row free and unsent, and delivers it once.
    await withSmtp(liveSmtp(), () => mailSendJob.handle(env.deps, { communityId: "alpha", mailId: id }));
    expect(smtp.to(to)).toHaveLength(1);
    expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent", attempts: 1 });
    // A row already sent completes without a retry.
    await mailSendJob.handle(env.deps, { communityId: "alpha", mailId: id });
  });

  it("a job of several mails: a failed one and a held one keep no other back; its retry sends the rest, the least tried first", async () => {
    const [bad, first, held, last] = ["several-bad", "several-1", "several-held", "several-2"].map((p) => uniqueEmail(p)) as [string, string, string, string];
    const ids: string[] = [];
    for (const to of [bad, first, held, last]) ids.push(await queue("alpha", to, "otp", { code: "343434", minutes: 10 }));
    const [badId, , heldId] = ids as [string, string, string, string];
    // The mails go as one job here (a mailing's chunk queues them so); their single jobs are dropped.
    await env.db`delete from pgboss.job where name = ${mailSendJob.name} and data->>'mailId' = any(${ids}::text[])`;
    // No recipient: nodemailer refuses to send it.
    await env.db`update mail_outbox set to_email = '' where id = ${badId}`;
    const { release, holder } = await holdRow(heldId);
    await withSmtp(liveSmtp(), async () => {
      // The failure is what the job reports (the held row alone would only make it retry).
      await expect(mailSendJob.handle(env.deps, { communityId: "alpha", mailIds: ids })).rejects.toThrow(/recipients/i);
    });
    expect([smtp.to(first).length, smtp.to(last).length, smtp.to(held).length]).toEqual([1, 1, 0]);
    expect(await getOutbox(env.db, badId)).toMatchObject({ status: "queued", attempts: 1 });
    expect(await getOutbox(env.db, heldId)).toMatchObject({ status: "queued", attempts: 0 });
    release();
    await holder;
    await env.db`update mail_outbox set to_email = ${bad} where id = ${badId}`;
    const before = smtp.messages.length;
    await withSmtp(liveSmtp(), () => mailSendJob.handle(env.deps, { communityId: "alpha", mailIds: ids }));
    // Only the two unsent ones went, the one never tried before the one that failed.
    expect(smtp.messages.slice(before).map((m) => m.to[0])).toEqual([held, bad].map((a) => a.toLowerCase()));
    for (const id of ids) expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent" });
  });

  it("a batch whose middle mail fails: only the mails sent are marked sent, and the job's claims end with it", async () => {
    const [a, bad, c] = ["batch-a", "batch-bad", "batch-c"].map((p) => uniqueEmail(p)) as [string, string, string];
    const ids: string[] = [];
    for (const to of [a, bad, c]) ids.push(await queue("alpha", to, "otp", { code: "565656", minutes: 10 }));
    const [aId, badId, cId] = ids as [string, string, string];
    await env.db`delete from pgboss.job where name = ${mailSendJob.name} and data->>'mailId' = any(${ids}::text[])`;
    // The claim sends the least tried first: a (never tried), bad (once), c (twice), so the failure
    // (no recipient: nodemailer refuses it) is in the middle of the batch.
    await env.db`update mail_outbox set attempts = 1, to_email = '' where id = ${badId}`;
    await env.db`update mail_outbox set attempts = 2 where id = ${cId}`;
    const before = smtp.messages.length;
    await withSmtp(liveSmtp(), async () => {
      await expect(mailSendJob.handle(env.deps, { communityId: "alpha", mailIds: ids })).rejects.toThrow(/recipients/i);
    });
    expect(smtp.messages.slice(before).map((m) => m.to[0])).toEqual([a, c].map((x) => x.toLowerCase()));
    expect(await getOutbox(env.db, aId)).toMatchObject({ status: "sent", attempts: 1, sentAt: expect.any(Date) });
    expect(await getOutbox(env.db, cId)).toMatchObject({ status: "sent", attempts: 3 });
    expect(await getOutbox(env.db, badId)).toMatchObject({ status: "queued", attempts: 2, sentAt: null, messageId: null });
    // No claim outlives the job, on any connection (the job's went back to the pool).
    const held = await env.db<{ n: number }[]>`
      select count(*)::int as n from pg_locks
      where locktype = 'advisory' and classid = ${OUTBOX_LOCK_CLASS} and objsubid = 2
        and objid::bigint in (select hashtext(i::text)::bigint & 4294967295 from unnest(${ids}::uuid[]) as i)`;
    expect(held[0]?.n).toBe(0);
    // The retry sends only the failed one.
    await env.db`update mail_outbox set to_email = ${bad} where id = ${badId}`;
    const retried = smtp.messages.length;
    await withSmtp(liveSmtp(), () => mailSendJob.handle(env.deps, { communityId: "alpha", mailIds: ids }));
    expect(smtp.messages.slice(retried).map((m) => m.to[0])).toEqual([bad.toLowerCase()]);
    expect(await getOutbox(env.db, badId)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("two jobs carrying the same mails at once send each mail once", async () => {
    const tos = ["race-1", "race-2", "race-3", "race-4"].map((p) => uniqueEmail(p));
    const ids: string[] = [];
    for (const to of tos) ids.push(await queue("alpha", to, "otp", { code: "787878", minutes: 10 }));
    await env.db`delete from pgboss.job where name = ${mailSendJob.name} and data->>'mailId' = any(${ids}::text[])`;
    // A duplicate job (a retry of a job still running): each mail is claimed by one of them.
    const outcomes = await withSmtp(liveSmtp(), () =>
      Promise.allSettled([mailSendJob.handle(env.deps, { communityId: "alpha", mailIds: ids }), mailSendJob.handle(env.deps, { communityId: "alpha", mailIds: [...ids].reverse() })]),
    );
    for (const o of outcomes) if (o.status === "rejected") expect(String(o.reason)).toMatch(/another worker/);
    for (const to of tos) expect(smtp.to(to)).toHaveLength(1);
    for (const id of ids) expect(await getOutbox(env.db, id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("the same dedupe key queues one mail", async () => {
    const to = uniqueEmail("dedupe");
    const a = await queue("alpha", to, "otp", { code: "101010", minutes: 10 }, "en", `test-${to}`);
    const b = await queue("alpha", to, "otp", { code: "101010", minutes: 10 }, "en", `test-${to}`);
    expect(b).toBe(a);
    expect(await env.mailTo(to)).toHaveLength(1);
  });
});

describe("tuesday mail list", () => {
  it("shows the mail", async () => {
    const to = uniqueEmail("cli");
    await queue("beta", to, "otp", { code: "909090", minutes: 10 }, "ru");
    await withSmtp(undefined, () => env.drainJobs(mailSendJob.name));
    const r = await runCli(["mail", "list", "--community", "beta", "--limit", "5"], { databaseUrl: env.dbUrl });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/CREATED \(UTC\)\s+COMMUNITY\s+TO\s+STATUS\s+SUBJECT/);
    expect(r.stdout).toContain(to);
    expect(r.stdout).toMatch(/sent\/outbox\s+909090 — код для входа в Бета Клуб/);
    expect(r.stdout).not.toMatch(/\salpha\s/);
  });
});
