/**
 * The pairing rules people expect (docs/matching.md, "Pairing rules"), in the weekly pairing and in the on-demand
 * recommendations: colleagues are not paired unless the community allows it; nobody is paired
 * with someone they have an open (pending or accepted) intro with; members whose last two
 * meetings did not happen come last.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { invalidateCommunityModel, listOpenIntroPairs, loadCommunityInput, listOpenIntrosWith, runWeeklyPairing } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { arrangeMatch, type Member, member, type Profile } from "./matching-api-helpers.ts";
import { ctxFor } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("colw"), tenantFixture("colok", { matchingRules: { pairColleagues: true } }), tenantFixture("coli"), tenantFixture("intw"), tenantFixture("inti"), tenantFixture("intx"), tenantFixture("nsw"), tenantFixture("nsi"), tenantFixture("nsf"));
});

const WEEK = "2030-01-01"; // a Tuesday
const get = (m: Member, path: string) => env.request("GET", path, { tenant: m.tenant, token: m.token });
const ids = (body: { items: { participant: { id: string } }[] }) => body.items.map((i) => i.participant.id);
const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

const twin: Profile = { tags: ["Rust", "Sailing", "Chess"], lookingForText: "fundraising advice", canHelpWithText: "fundraising advice", city: "Oslo" };

async function setCompany(tenant: string, m: Member, company: string | null): Promise<void> {
  await env.db`update participants set company = ${company} where id = ${m.id}`;
  invalidateCommunityModel(tenant);
}

async function weeklyPairs(tenant: string): Promise<string[]> {
  await runWeeklyPairing(ctxFor(env, await env.deps.tenants.require(tenant)), { communityId: tenant, week: WEEK, mail: false });
  const rows = await env.db<{ low: string; high: string }[]>`
    select participant_low as low, participant_high as high from matches where community_id = ${tenant} and week = ${WEEK} and source = 'WEEKLY'`;
  return rows.map((r) => pair(r.low, r.high));
}

/** ann and bob are the community's best pair and colleagues at "Acme, Inc." / "ACME LLC"; cat and dan are weaker partners. */
async function arrangeColleagues(tenant: string) {
  const ann = await member(env, tenant, { ...twin, firstName: "Ann" });
  const bob = await member(env, tenant, { ...twin, firstName: "Bob" });
  const cat = await member(env, tenant, { firstName: "Cat", tags: ["Rust"], city: "Oslo" });
  const dan = await member(env, tenant, { firstName: "Dan", tags: ["Sailing"], city: "Oslo" });
  await setCompany(tenant, ann, "Acme, Inc.");
  await setCompany(tenant, bob, "  ACME llc ");
  await setCompany(tenant, cat, "");
  return { ann, bob, cat, dan };
}

describe("colleagues", () => {
  it("are not paired weekly by default; both still get a partner", async () => {
    const { ann, bob } = await arrangeColleagues("colw");
    const pairs = await weeklyPairs("colw");
    expect(pairs).toHaveLength(2);
    expect(pairs).not.toContain(pair(ann.id, bob.id));
  });

  it("are paired weekly as before when the tenant sets matchingRules.pairColleagues", async () => {
    const { ann, bob } = await arrangeColleagues("colok");
    expect(await weeklyPairs("colok")).toContain(pair(ann.id, bob.id));
  });

  it("are not recommended on demand; the next best member takes the place", async () => {
    const me = await member(env, "coli", { ...twin, firstName: "Me" });
    const colleague = await member(env, "coli", { ...twin, firstName: "Colleague" });
    const others = [];
    for (const name of ["Ola", "Per", "Siv"]) others.push(await member(env, "coli", { ...twin, firstName: name }));
    await setCompany("coli", me, "ООО «Точка»");
    await setCompany("coli", colleague, "Точка");
    const res = await get(me, "/api/matching/instant");
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual(others.map((o) => o.id).sort());
  });
});

async function intro(tenant: string, from: Member, to: Member, status: "PENDING" | "ACCEPTED" | "DECLINED", viaModerator = false): Promise<void> {
  await env.db`
    insert into intro_requests (community_id, from_participant_id, to_participant_id, message, via_moderator, status)
    values (${tenant}, ${from.id}, ${to.id}, 'Hi!', ${viaModerator}, ${status})`;
  invalidateCommunityModel(tenant);
}

describe("open intros", () => {
  it("keep a pair out of the weekly pairing: pending either way or accepted, not declined", async () => {
    // Three twin pairs, each the best pair of its own kind; the first two have open intros.
    const kinds = [
      { tags: ["Rust", "Sailing"], lookingForText: "rust sailing", canHelpWithText: "rust sailing" },
      { tags: ["Design", "Figma"], lookingForText: "design figma", canHelpWithText: "design figma" },
      { tags: ["Chess", "Go"], lookingForText: "chess go", canHelpWithText: "chess go" },
    ];
    const twins: [Member, Member][] = [];
    for (const k of kinds) twins.push([await member(env, "intw", { ...k, city: "Oslo" }), await member(env, "intw", { ...k, city: "Oslo" })]);
    const [pending, accepted, declined] = twins as [[Member, Member], [Member, Member], [Member, Member]];
    await intro("intw", pending[1], pending[0], "PENDING", true);
    await intro("intw", accepted[0], accepted[1], "ACCEPTED");
    await intro("intw", declined[0], declined[1], "DECLINED");
    const pairs = await weeklyPairs("intw");
    expect(pairs).toHaveLength(3);
    expect(pairs).not.toContain(pair(pending[0].id, pending[1].id));
    expect(pairs).not.toContain(pair(accepted[0].id, accepted[1].id));
    expect(pairs).toContain(pair(declined[0].id, declined[1].id));
  });

  it("keep a member out of my on-demand recommendations; the next best take their place", async () => {
    const me = await member(env, "inti", { ...twin, firstName: "Me" });
    const asked = await member(env, "inti", { ...twin, firstName: "Asked" });
    const askedMe = await member(env, "inti", { ...twin, firstName: "AskedMe" });
    const connected = await member(env, "inti", { ...twin, firstName: "Connected" });
    const declined = await member(env, "inti", { ...twin, firstName: "Declined" });
    const others = [declined];
    for (const name of ["Ola", "Per"]) others.push(await member(env, "inti", { ...twin, firstName: name }));
    await intro("inti", me, asked, "PENDING");
    await intro("inti", askedMe, me, "PENDING");
    await intro("inti", connected, me, "ACCEPTED");
    await intro("inti", me, declined, "DECLINED");
    const res = await get(me, "/api/matching/instant");
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual(others.map((o) => o.id).sort());
  });

  it("of another community never count", async () => {
    const [a, b] = [await member(env, "intx", twin), await member(env, "intx", twin)];
    const [c, d] = [await member(env, "inti", twin), await member(env, "inti", twin)];
    await intro("intx", a, b, "PENDING");
    await intro("inti", c, d, "ACCEPTED");
    expect(await listOpenIntroPairs(env.db, "intx")).toEqual([{ a: a.id, b: b.id }]);
    expect([...(await listOpenIntrosWith(env.db, "intx", a.id))]).toEqual([b.id]);
    // Another community's member id answers as unknown here: no intros.
    expect((await listOpenIntrosWith(env.db, "intx", c.id)).size).toBe(0);
    expect((await listOpenIntroPairs(env.db, "inti")).some((p) => p.a === a.id || p.b === a.id)).toBe(false);
    // The weekly pairing of intx is not affected by inti's intros, and pairs a and b only if allowed: they are not.
    expect(await weeklyPairs("intx")).not.toContain(pair(a.id, b.id));
  });
});

/** A past match of `m` with an inactive partner, `daysAgo`, and what each side answered to "did you meet?". */
async function pastMeeting(tenant: string, m: Member, daysAgo: number, partnerSays: "met" | "no_meeting" | null, memberSays: "met" | "no_meeting" | null = null): Promise<void> {
  const partner = await member(env, tenant, { firstName: "Past", complete: false });
  const { resultA, resultB } = await arrangeMatch(env, tenant, partner.id, m.id, { daysAgo });
  for (const [id, says] of [
    [resultA, partnerSays],
    [resultB, memberSays],
  ] as const) {
    if (says === null || id === null) continue;
    await env.db`update matching_results set feedback_at = now(), no_meeting = ${says === "no_meeting"}, meeting_score = ${says === "met" ? 5 : null}
                 where id = ${id}`;
  }
  invalidateCommunityModel(tenant);
}

describe("members whose last two meetings did not happen", () => {
  // Shares tags and city with the twins but no "fundraising" text: a clearly weaker partner.
  const weaker: Profile = { tags: ["Rust", "Sailing", "Chess"], city: "Oslo" };

  it("are flagged from the partners' feedback on their two most recent matches with feedback", async () => {
    const flagged = await member(env, "nsf", twin);
    await pastMeeting("nsf", flagged, 30, "met");
    await pastMeeting("nsf", flagged, 20, "no_meeting");
    await pastMeeting("nsf", flagged, 15, null); // no feedback: does not count
    await pastMeeting("nsf", flagged, 10, "no_meeting");
    const recovered = await member(env, "nsf", twin);
    await pastMeeting("nsf", recovered, 20, "no_meeting");
    await pastMeeting("nsf", recovered, 15, "no_meeting");
    await pastMeeting("nsf", recovered, 10, "met");
    const reporter = await member(env, "nsf", twin); // said "we did not meet" twice themselves
    await pastMeeting("nsf", reporter, 20, null, "no_meeting");
    await pastMeeting("nsf", reporter, 10, null, "no_meeting");
    const once = await member(env, "nsf", twin);
    await pastMeeting("nsf", once, 10, "no_meeting");
    const { input } = await loadCommunityInput(env.db, "nsf", { week: WEEK });
    const flag = (m: Member) => input.members.find((x) => x.id === m.id)?.feedback?.lastTwoNoShows ?? false;
    expect([flag(flagged), flag(recovered), flag(reporter), flag(once)]).toEqual([true, false, false, false]);
  });

  it("are the weekly odd one out while everyone else can be paired", async () => {
    const ann = await member(env, "nsw", { ...twin, firstName: "Ann" });
    const bob = await member(env, "nsw", { ...twin, firstName: "Bob" });
    const cat = await member(env, "nsw", { ...weaker, firstName: "Cat" });
    await pastMeeting("nsw", bob, 20, "no_meeting");
    await pastMeeting("nsw", bob, 10, "no_meeting");
    expect(await weeklyPairs("nsw")).toEqual([pair(ann.id, cat.id)]);
    const [oddOut] = await env.db<{ participantId: string }[]>`
      select r.participant_id as "participantId" from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
      where r.community_id = 'nsw' and m.week = ${WEEK} and m.source = 'ODD_OUT'`;
    expect(oddOut?.participantId).toBe(bob.id);
  });

  it("come after everyone else in on-demand recommendations", async () => {
    const me = await member(env, "nsi", { ...twin, firstName: "Me" });
    const flaky = await member(env, "nsi", { ...twin, firstName: "Flaky" });
    await pastMeeting("nsi", flaky, 20, "no_meeting");
    await pastMeeting("nsi", flaky, 10, "no_meeting");
    const others = [];
    for (const name of ["Ola", "Per", "Siv"]) others.push(await member(env, "nsi", { ...weaker, firstName: name }));
    const res = await get(me, "/api/matching/instant");
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual(others.map((o) => o.id).sort());
  });
});
