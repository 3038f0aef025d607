import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { addDays, jobCtx, Jobs, loadCommunityInput, loadCommunityModel, matchingMailJob, runWeeklyPairing, scheduleMatching, sendMeetingFollowups, sendWeeklyReminders, type Tenant } from "@tuesday/platform";
import { tenantFixture } from "../support/tenants.ts";
import { ctxFor, expectDistinct, type Member, makeMember, snapshot } from "./matching-weekly-helpers.ts";

let env: TestEnv;
const FIRST_WEEK = "2030-01-01"; // a Tuesday

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(
    tenantFixture("wk10"),
    tenantFixture("rerun"),
    tenantFixture("elig"),
    tenantFixture("odd"),
    tenantFixture("mailer"),
    tenantFixture("crash"),
    tenantFixture("remind"),
  );
});
afterAll(async () => {
  await env?.close();
});

const tenant = (id: string): Promise<Tenant> => env.deps.tenants.require(id);
const operator = async (id: string) => ctxFor(env, await tenant(id));

async function members(t: string, n: number): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < n; i++) out.push(await makeMember(env, i, { tenant: t }));
  return out;
}

describe("weekly pairing over ten weeks", () => {
  it("never repeats a pair, never matches a DISLIKE pair, gives each member at most one weekly match", async () => {
    const ms = await members("wk10", 31);
    // The two most alike members dislike each other: the strongest edge there would be.
    const [a, b] = [ms[0] as Member, ms[10] as Member];
    await env.db`update participants set tags = ${["startups", "quantum", "biotech"]}, looking_for_text = 'quantum biotech', can_help_with_text = 'quantum biotech', city = 'Oslo'
                 where id in ${env.db([a.participantId, b.participantId])}`;
    await env.db`insert into relations (community_id, participant_id, subject_id, relation_type, reason)
                 values ('wk10', ${a.participantId}, ${b.participantId}, 'DISLIKE', 'NOT_INTERESTED')`;
    const ctx = await operator("wk10");
    for (let w = 0; w < 10; w++) {
      const week = addDays(FIRST_WEEK, 7 * w);
      const report = await runWeeklyPairing(ctx, { communityId: "wk10", week, mail: false });
      expect(report.alreadyRun).toBe(false);
      expect(report.stats.repeats).toBe(0);
      expect(report.stats.eligible).toBe(31);
      expect(report.stats.pairs, `week ${week}`).toBeGreaterThanOrEqual(14);
      const weekly = await env.db<{ low: string; high: string }[]>`
        select participant_low as low, participant_high as high from matches where community_id = 'wk10' and week = ${week} and source = 'WEEKLY'`;
      expect(weekly.length).toBe(report.stats.pairs);
      expectDistinct(weekly.flatMap((m) => [m.low, m.high]), `members matched twice in ${week}`);
      // Each member has exactly one result this week (pair or odd-out recommendation) at most.
      const perMember = await env.db<{ n: number }[]>`
        select count(*)::int as n from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
        where r.community_id = 'wk10' and m.week = ${week} group by r.participant_id`;
      expect(perMember.every((r) => r.n === 1)).toBe(true);
    }
    const all = await env.db<{ low: string; high: string }[]>`select participant_low as low, participant_high as high from matches where community_id = 'wk10'`;
    expectDistinct(all.map((m) => `${m.low}|${m.high}`), "pairs across ten weeks");
    const [lo, hi] = a.participantId < b.participantId ? [a.participantId, b.participantId] : [b.participantId, a.participantId];
    expect(all.some((m) => m.low === lo && m.high === hi)).toBe(false);
    expect(all.length).toBeGreaterThanOrEqual(150);
  }, 120_000);
});

describe("rerunning a week", () => {
  it("changes nothing: same rows, same stats, no new e-mail jobs", async () => {
    await members("rerun", 9);
    const ctx = await operator("rerun");
    const first = await runWeeklyPairing(ctx, { communityId: "rerun", week: FIRST_WEEK });
    expect(first.alreadyRun).toBe(false);
    expect(first.stored.matches).toBe(first.stats.pairs + first.stats.oddOut.length);
    expect(first.stored.results).toBe(2 * first.stats.pairs + first.stats.oddOut.length);
    expect(first.stored.mailsQueued).toBe(9);
    const before = await snapshot(env, "rerun");
    const jobsBefore = await env.db`select count(*)::int as n from pgboss.job where name = 'matching.mail' and data->>'communityId' = 'rerun'`;
    // One job per result of the week, keyed by the member it mails.
    const queued = await env.db<{ key: string; week: string; participantId: string }[]>`
      select j.singleton_key as key, j.data->>'week' as week, r.participant_id as "participantId"
      from pgboss.job j join matching_results r on r.id = (j.data->>'resultId')::uuid
      where j.name = 'matching.mail' and j.data->>'communityId' = 'rerun'`;
    expect(queued.length).toBe(9);
    for (const q of queued) expect(q).toEqual({ key: `weekly:rerun:${FIRST_WEEK}:${q.participantId}`, week: FIRST_WEEK, participantId: q.participantId });
    expect(new Set(queued.map((q) => q.participantId)).size).toBe(9);

    const again = await runWeeklyPairing(ctx, { communityId: "rerun", week: FIRST_WEEK });
    expect(again.alreadyRun).toBe(true);
    expect(again.stats).toEqual(first.stats);
    expect(again.stored).toEqual({ matches: 0, results: 0, mailsQueued: 0 });
    expect(await snapshot(env, "rerun")).toEqual(before);
    const jobsAfter = await env.db`select count(*)::int as n from pgboss.job where name = 'matching.mail' and data->>'communityId' = 'rerun'`;
    expect(jobsAfter).toEqual(jobsBefore);

    // Two concurrent runs of the next week: the lock and the run row let exactly one store it.
    const week2 = addDays(FIRST_WEEK, 7);
    const [x, y] = await Promise.all([
      runWeeklyPairing(ctx, { communityId: "rerun", week: week2, mail: false }),
      runWeeklyPairing(ctx, { communityId: "rerun", week: week2, mail: false }),
    ]);
    expect([x.alreadyRun, y.alreadyRun].sort()).toEqual([false, true]);
    expect(x.stats).toEqual(y.stats);
  });

  it("rejects a week that is not a Tuesday and another community's id", async () => {
    const ctx = await operator("rerun");
    await expect(runWeeklyPairing(ctx, { communityId: "rerun", week: "2030-01-02", dryRun: true })).rejects.toMatchObject({ code: 1001 });
    await expect(runWeeklyPairing(ctx, { communityId: "alpha", week: FIRST_WEEK, dryRun: true })).rejects.toMatchObject({ code: 1002 });
    const member = ctxFor(env, await tenant("rerun"), { kind: "anonymous" });
    await expect(runWeeklyPairing(member, { communityId: "rerun", week: FIRST_WEEK, dryRun: true })).rejects.toMatchObject({ code: 1004 });
  });
});

describe("eligibility", () => {
  it("paused, skipped, unconfirmed, networking-disabled, incomplete and deleted members are not matched", async () => {
    const week = FIRST_WEEK;
    const ok = await members("elig", 4);
    const paused = await makeMember(env, 10, { tenant: "elig" });
    const skipped = await makeMember(env, 11, { tenant: "elig" });
    const pending = await makeMember(env, 12, { tenant: "elig" });
    const offline = await makeMember(env, 13, { tenant: "elig" });
    const incomplete = await makeMember(env, 14, { tenant: "elig", complete: false });
    const deleted = await makeMember(env, 15, { tenant: "elig" });
    const pausedBefore = await makeMember(env, 16, { tenant: "elig" });
    await env.db`update participants set matching_paused_until = ${addDays(week, 14)} where id = ${paused.participantId}`;
    await env.db`update participants set matching_paused_until = ${addDays(week, -7)} where id = ${pausedBefore.participantId}`;
    await env.db`update participants set matching_skip_week = ${week} where id = ${skipped.participantId}`;
    await env.db`update participants set moderation_status = 'pending' where id = ${pending.participantId}`;
    await env.db`update participants set networking_enabled = false where id = ${offline.participantId}`;
    await env.db`update users set deleted_at = now(), email = null where id = ${deleted.user.id}`;

    const loaded = await loadCommunityInput(env.db, "elig", { week });
    const flags = new Map(loaded.input.members.map((m) => [m.id, m.eligibility]));
    expect(flags.get(paused.participantId)?.paused).toBe(true);
    expect(flags.get(skipped.participantId)?.paused).toBe(true);
    expect(flags.get(pausedBefore.participantId)?.paused).toBe(false);
    // The skip is for that week only.
    const nextWeek = await loadCommunityInput(env.db, "elig", { week: addDays(week, 7) });
    expect(nextWeek.input.members.find((m) => m.id === skipped.participantId)?.eligibility.paused).toBe(false);

    const ctx = await operator("elig");
    const preview = await runWeeklyPairing(ctx, { communityId: "elig", week, dryRun: true });
    expect(preview.stats.eligible).toBe(5);
    expect(preview.stats.ineligible).toEqual({ paused: 2, not_confirmed: 1, networking_disabled: 1, profile_incomplete: 1, deleted: 1 });
    const report = await runWeeklyPairing(ctx, { communityId: "elig", week, mail: false });
    expect(report.stats).toEqual(preview.stats);
    const matched = await env.db<{ id: string }[]>`
      select participant_low as id from matches where community_id = 'elig' union select participant_high from matches where community_id = 'elig'`;
    const ids = new Set(matched.map((r) => r.id));
    for (const m of [paused, skipped, pending, offline, incomplete, deleted]) expect(ids.has(m.participantId), m.name).toBe(false);
    for (const m of [...ok, pausedBefore]) expect(ids.has(m.participantId), m.name).toBe(true);
  });
});

describe("the odd member out", () => {
  it("gets an ODD_OUT recommendation with a reason, seen by that member only", async () => {
    await members("odd", 5);
    const report = await runWeeklyPairing(await operator("odd"), { communityId: "odd", week: FIRST_WEEK, mail: false });
    expect(report.stats.pairs).toBe(2);
    expect(report.stats.oddOut).toHaveLength(1);
    const odd = report.stats.oddOut[0];
    expect(odd?.why).toBe("odd_count");
    expect(odd?.reasons.length).toBeGreaterThan(0);
    expect(report.stats.withoutMatch).toEqual([expect.objectContaining({ participantId: odd?.participantId, reason: "odd_count" })]);
    const rows = await env.db<{ source: string; participant_id: string; subject_id: string }[]>`
      select m.source, r.participant_id, r.subject_id from matches m join matching_results r on r.community_id = m.community_id and r.match_id = m.id
      where m.community_id = 'odd' and m.source = 'ODD_OUT'`;
    expect(rows).toEqual([{ source: "ODD_OUT", participant_id: odd?.participantId, subject_id: odd?.candidateId }]);
    expect(report.stats.coverage).toBe(0.8);
  });
});

describe("the Tuesday e-mail", () => {
  it("shows the contact's card, the reasons and the connect link, in RU for a RU member, and never a hidden contact", async () => {
    const anna = await makeMember(env, 0, {
      tenant: "mailer",
      firstName: "Anna",
      lastName: "Petrova",
      language: "ru",
      tags: ["fintech", "payments"],
      contacts: { TELEGRAM: "@anna_ru", LINKEDIN: "linkedin.com/in/anna" },
    });
    const bob = await makeMember(env, 1, {
      tenant: "mailer",
      firstName: "Bob",
      lastName: "Stone",
      tags: ["fintech", "payments"],
      contacts: { TELEGRAM: "@bob_secret", LINKEDIN: "linkedin.com/in/bob" },
      privacy: "CUSTOM",
      hidden: ["TELEGRAM"],
    });
    // The avatar as the images module stores it after an upload (uploading a real image is the images tests' business).
    const avatar = { id: "x", sizes: { "108": "/media/mailer/bob/108.jpg", "256": "/media/mailer/bob/256.jpg" } };
    await env.db`update participants set position = 'CTO', company = 'Stone Pay', avatar = ${env.db.json(avatar)} where id = ${bob.participantId}`;
    const report = await runWeeklyPairing(await operator("mailer"), { communityId: "mailer", week: FIRST_WEEK });
    expect(report.stored.mailsQueued).toBe(2);
    expect(await env.drainJobs("matching.mail")).toBeGreaterThanOrEqual(2);

    const t = await tenant("mailer");
    const results = await env.db<{ id: string; participant_id: string }[]>`select id, participant_id from matching_results where community_id = 'mailer'`;
    const resultOf = (p: string) => results.find((r) => r.participant_id === p)?.id;

    const [toAnna, ...moreAnna] = await env.mailTo(anna.email);
    expect(moreAnna).toHaveLength(0);
    expect(toAnna?.lang).toBe("ru");
    expect(toAnna?.subject).toContain("Bob Stone");
    expect(toAnna?.text).toContain("Знакомьтесь: Bob Stone");
    expect(toAnna?.text).toContain("CTO, Stone Pay");
    expect(toAnna?.text).toMatch(/Вам обоим интересны темы: .*(fintech|payments)/);
    expect(toAnna?.text).toContain(`${t.url}/my_communities?match=${resultOf(anna.participantId)}`);
    expect(toAnna?.text).toContain("linkedin.com/in/bob");
    expect(toAnna?.html).toContain(`${t.url}/media/mailer/bob/256.jpg`);
    expect(toAnna?.text).not.toContain("bob_secret");
    expect(toAnna?.html).not.toContain("bob_secret");
    expect(toAnna?.html).toContain("mailer brand");

    const [toBob] = await env.mailTo(bob.email);
    expect(toBob?.lang).toBe("en");
    expect(toBob?.text).toContain("Meet Anna Petrova");
    expect(toBob?.text).toMatch(/You both care about .*(fintech|payments)/);
    // Stored as the profile verb canonicalises it.
    expect(toBob?.text).toContain("https://t.me/anna_ru");
    expect(toBob?.text).toContain(`${t.url}/my_communities?match=${resultOf(bob.participantId)}`);
    const keys = await env.db`select dedupe_key from mail_outbox where community_id = 'mailer' and template = 'weekly_match' order by dedupe_key`;
    expect(keys.map((k) => k.dedupe_key).sort()).toEqual(
      [`weekly:mailer:${FIRST_WEEK}:${anna.participantId}`, `weekly:mailer:${FIRST_WEEK}:${bob.participantId}`].sort(),
    );
  });
});

describe("killing the worker mid-mailing", () => {
  it("delivers each member's weekly e-mail exactly once after a restart", async () => {
    await env.drainJobs("matching.mail"); // other communities' mail, so the workers below see only this week's
    const ms = await members("crash", 10);
    const report = await runWeeklyPairing(await operator("crash"), { communityId: "crash", week: FIRST_WEEK });
    expect(report.stored.mailsQueued).toBe(10);

    // Worker 1 sends three e-mails, then on the fourth job it queues the mail and dies before
    // completing the job (the process is gone: no complete, no fail).
    const worker1 = await Jobs.start(env.dbUrl, env.deps.log, [matchingMailJob]);
    const deps1 = { ...env.deps, jobs: worker1 };
    for (let i = 0; i < 4; i++) {
      const [job] = await worker1.boss.fetch<{ communityId: string; week: string; resultId: string }>("matching.mail", { batchSize: 1 });
      if (!job) throw new Error("expected a queued mail job");
      await matchingMailJob.handle(deps1, job.data);
      if (i < 3) await worker1.boss.complete("matching.mail", job.id);
    }
    await worker1.stop();
    const midway = await env.db`select count(*)::int as n from mail_outbox where dedupe_key like ${`weekly:crash:${FIRST_WEEK}:%`}`;
    expect(midway[0]?.n).toBe(4);

    // pg-boss expires the dead worker's active job and retries it; time is fast-forwarded here.
    const worker2 = await Jobs.start(env.dbUrl, env.deps.log, [matchingMailJob]);
    try {
      await env.db`update pgboss.job set started_on = now() - interval '1 day' where name = 'matching.mail' and state = 'active'`;
      await worker2.boss.expire();
      await env.db`update pgboss.job set start_after = now() - interval '1 second' where name = 'matching.mail' and state = 'retry'`;
      expect(await worker2.drain({ ...env.deps, jobs: worker2 }, "matching.mail")).toBe(7);
    } finally {
      await worker2.stop();
    }
    const rows = await env.db<{ to_email: string; n: number }[]>`
      select to_email, count(*)::int as n from mail_outbox where dedupe_key like ${`weekly:crash:${FIRST_WEEK}:%`} group by to_email`;
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.to_email))).toEqual(new Set(ms.map((m) => m.email.toLowerCase())));
    // Running the week's job again queues nothing new.
    await runWeeklyPairing(await operator("crash"), { communityId: "crash", week: FIRST_WEEK });
    expect(await env.drainJobs("matching.mail")).toBe(0);
  });
});

describe("reminder and follow-up", () => {
  it("sends the day-before reminder once per active member and the follow-up once per result", async () => {
    const ms = await members("remind", 4);
    const paused = await makeMember(env, 9, { tenant: "remind" });
    const week = FIRST_WEEK;
    await env.db`update participants set matching_paused_until = ${week} where id = ${paused.participantId}`;
    // Monday 10:00 in the community's zone (UTC): the reminder for tomorrow, enqueued once.
    const monday = new Date(`${addDays(week, -1)}T10:00:00Z`);
    const first = await scheduleMatching(env.deps, { now: monday, communityId: "remind" });
    expect(first).toContainEqual({ job: "matching.reminder", communityId: "remind", week, enqueued: true });
    await scheduleMatching(env.deps, { now: new Date(monday.getTime() + 3600_000), communityId: "remind" });
    await env.drainJobs("matching.reminder");
    const reminders = await env.db<{ to_email: string; n: number; text: string }[]>`
      select to_email, count(*)::int as n, min(text) as text from mail_outbox where template = 'weekly_reminder' and community_id = 'remind' group by to_email`;
    expect(reminders).toHaveLength(4);
    expect(reminders.every((r) => r.n === 1)).toBe(true);
    expect(reminders[0]?.text).toContain(`/my_communities?skip=${week}`);
    expect(reminders.map((r) => r.to_email)).not.toContain(paused.email.toLowerCase());
    // A retried job (the process died mid-way) stores and sends no reminder twice.
    const remindCtx = jobCtx(env.deps, await tenant("remind"), "test");
    const sendJobs = () => env.db<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'communityId' = 'remind'`;
    const jobsBefore = await sendJobs();
    expect(await sendWeeklyReminders(remindCtx, { week })).toEqual({ queued: 4 });
    const again = await env.db<{ n: number }[]>`select count(*)::int as n from mail_outbox where template = 'weekly_reminder' and community_id = 'remind'`;
    expect(again[0]?.n).toBe(4);
    expect(await sendJobs()).toEqual(jobsBefore);

    await runWeeklyPairing(await operator("remind"), { communityId: "remind", week, mail: false });
    const results = await env.db<{ id: string; participant_id: string }[]>`select id, participant_id from matching_results where community_id = 'remind'`;
    expect(results).toHaveLength(4);
    // One member already gave feedback: no follow-up for them.
    const rated = results[0] as { id: string; participant_id: string };
    await env.db`update matching_results set meeting_score = 5, feedback_at = now() where id = ${rated.id}`;
    const ctx = jobCtx(env.deps, await tenant("remind"), "test");
    expect(await sendMeetingFollowups(ctx, { now: new Date(`${addDays(week, 3)}T12:00:00Z`) })).toEqual({ queued: 0 });
    const weekLater = new Date(`${addDays(week, 7)}T12:00:00Z`);
    // Two runs at once (a retried job beside the first): each result's follow-up is queued by one of them.
    const [x, y] = await Promise.all([sendMeetingFollowups(ctx, { now: weekLater }), sendMeetingFollowups(ctx, { now: weekLater })]);
    expect(x.queued + y.queued).toBe(3);
    expect(await sendMeetingFollowups(ctx, { now: weekLater })).toEqual({ queued: 0 });
    const followups = await env.db<{ dedupe_key: string; text: string }[]>`select dedupe_key, text from mail_outbox where template = 'meeting_followup' and community_id = 'remind'`;
    expect(followups).toHaveLength(3);
    for (const r of results.filter((x) => x.id !== rated.id)) {
      const mail = followups.find((f) => f.dedupe_key === `followup:remind:${r.id}`);
      expect(mail?.text).toContain(`/contacts?feedback=${r.id}&score=5`);
      expect(mail?.text).toContain(`/contacts?feedback=${r.id}&noMeeting=1`);
    }
    const sent = await env.db`select count(*)::int as n from matching_results where community_id = 'remind' and followup_sent_at is not null`;
    expect(sent[0]?.n).toBe(3);
    expect(ms).toHaveLength(4);
  });
});

describe("the cached model", () => {
  it("builds once, serves the cache, and a weekly run invalidates it", async () => {
    const a = await loadCommunityModel(env.db, "odd");
    const b = await loadCommunityModel(env.db, "odd");
    expect(b).toBe(a);
    expect(a.model.n).toBe(5);
    await runWeeklyPairing(await operator("odd"), { communityId: "odd", week: addDays(FIRST_WEEK, 7), mail: false });
    const c = await loadCommunityModel(env.db, "odd");
    expect(c).not.toBe(a);
  });
});
