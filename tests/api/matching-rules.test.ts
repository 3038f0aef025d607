/**
 * The pairing rules people expect (README "Matching"), in the weekly pairing and in the on-demand
 * recommendations: colleagues are not paired unless the community allows it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { invalidateCommunityModel, runWeeklyPairing } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { type Member, member, type Profile } from "./matching-api-helpers.ts";
import { ctxFor } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("colw"), tenantFixture("colok", { matchingRules: { pairColleagues: true } }), tenantFixture("coli"));
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
