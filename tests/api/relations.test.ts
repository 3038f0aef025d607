import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";
import { arrangeMatch, expectError, type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("rel"), tenantFixture("rel2"), tenantFixture("rel3"));
});

const post = (m: Member, body: unknown) => env.request("POST", "/api/relations", { tenant: m.tenant, token: m.token, body });
const list = (m: Member, q = "") => env.request("GET", `/api/relations${q}`, { tenant: m.tenant, token: m.token });
const instant = (m: Member, q = "") => env.request("GET", `/api/matching/instant${q}`, { tenant: m.tenant, token: m.token });

const rustacean = (firstName: string) => ({
  firstName,
  tags: ["Rust", "Compilers", "Open source"],
  lookingForText: "Compiler engineers to review my Rust borrow checker work",
  canHelpWithText: "Rust compilers, open source maintenance",
  city: "Berlin",
});

describe("POST /relations", () => {
  it("likes a member, then updates the same relation in place, and lists it with the card", async () => {
    const me = await member(env, "rel");
    const other = await member(env, "rel", { firstName: "Liked", contacts: { TELEGRAM: "https://t.me/liked" } });
    const like = await post(me, { subjectId: other.id, relationType: "LIKE", note: "met at the meetup" });
    expect(like.status).toBe(200);
    expect(like.body).toMatchObject({ participantId: me.id, subjectId: other.id, relationType: "LIKE", reason: null, note: "met at the meetup" });
    expect(like.body.participant).toMatchObject({ id: other.id, firstName: "Liked", contacts: { TELEGRAM: "https://t.me/liked" } });

    const again = await post(me, { subjectId: other.id, relationType: "DISLIKE", reason: "ALREADY_KNOW" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ relationType: "DISLIKE", reason: "ALREADY_KNOW", note: null });

    const page = await list(me);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 0, size: 20, hasMore: false });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({ subjectId: other.id, relationType: "DISLIKE", participant: { id: other.id } });
  });

  it("refuses bad input with 400 and field errors", async () => {
    const me = await member(env, "rel");
    const other = await member(env, "rel");
    expectError(await post(me, { subjectId: other.id, relationType: "HATE" }), 400, 1001);
    expectError(await post(me, { subjectId: "nope", relationType: "LIKE" }), 400, 1001);
    expectError(await post(me, { subjectId: other.id, relationType: "DISLIKE", reason: "BORED" }), 400, 1001);
    expectError(await post(me, { subjectId: other.id, relationType: "LIKE", extra: 1 }), 400, 1001);
    const self = await post(me, { subjectId: me.id, relationType: "LIKE" });
    expectError(self, 400, 1001);
    expect(self.body.errors).toHaveProperty("subjectId");
    expectError(await list(me, "?size=1000"), 400, 1001);
  });

  it("answers 401 signed out, 403 to a user who has not joined, 404 for another community's member", async () => {
    const me = await member(env, "rel");
    const stranger = await member(env, "beta");
    expectError(await env.request("POST", "/api/relations", { tenant: "rel", body: { subjectId: me.id, relationType: "LIKE" } }), 401, 1004);
    expectError(await env.request("GET", "/api/relations", { tenant: "rel" }), 401, 1004);
    const outsider = await createUser(env, { tenant: "rel", role: null });
    expectError(await env.request("GET", "/api/relations", { tenant: "rel", token: outsider.token }), 403, 1021);
    expectError(await post(me, { subjectId: stranger.id, relationType: "DISLIKE" }), 404, 1002);
    // A beta session does not work on rel's host.
    expectError(await env.request("GET", "/api/relations", { tenant: "rel", token: stranger.token }), 401, 1004);
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from relations where participant_id = ${me.id}`;
    expect(count?.n).toBe(0);
  });
});

describe("not interested hides the contact", () => {
  it("a DISLIKE removes the recommendation from the Recommended tab and it is never offered again", async () => {
    const me = await member(env, "rel2", rustacean("Me"));
    const a = await member(env, "rel2", rustacean("Anna"));
    const b = await member(env, "rel2", rustacean("Boris"));
    const first = await instant(me);
    expect(first.status).toBe(200);
    const offered = first.body.items.map((i: { participant: { id: string } }) => i.participant.id).sort();
    expect(offered).toEqual([a.id, b.id].sort());

    expect((await post(me, { subjectId: a.id, relationType: "DISLIKE", reason: "NOT_INTERESTED" })).status).toBe(200);
    const after = await instant(me);
    expect(after.body.items.map((i: { participant: { id: string } }) => i.participant.id)).toEqual([b.id]);
    const dismissed = await instant(me, "?status=DISMISSED");
    expect(dismissed.body.items.map((i: { participant: { id: string } }) => i.participant.id)).toEqual([a.id]);
    expect(dismissed.body.items[0].status).toBe("DISMISSED");

    // Whatever the top-up does later, the disliked pair never comes back.
    await env.db`delete from matching_results where participant_id = ${me.id}`;
    await env.db`delete from matches where participant_low = ${me.id} or participant_high = ${me.id}`;
    const again = await instant(me);
    expect(again.body.items.map((i: { participant: { id: string } }) => i.participant.id)).not.toContain(a.id);
  });

  it("a DISLIKE either way keeps the pair out of on-demand recommendations", async () => {
    const me = await member(env, "rel3", rustacean("Me"));
    const fan = await member(env, "rel3", rustacean("Fan"));
    const hater = await member(env, "rel3", rustacean("Hater"));
    const dislikedByMe = await member(env, "rel3", rustacean("Disliked"));
    await post(hater, { subjectId: me.id, relationType: "DISLIKE", reason: "OTHER", note: "no" });
    await post(me, { subjectId: dislikedByMe.id, relationType: "DISLIKE" });
    const res = await instant(me);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { participant: { id: string } }) => i.participant.id)).toEqual([fan.id]);
    const [row] = await env.db<{ n: number }[]>`
      select count(*)::int as n from matches where community_id = 'rel3' and ${hater.id} in (participant_low, participant_high)
        and ${me.id} in (participant_low, participant_high)`;
    expect(row?.n).toBe(0);
  });

  it("a DISLIKE dismisses a weekly result about that member", async () => {
    const me = await member(env, "rel");
    const other = await member(env, "rel");
    const { resultA } = await arrangeMatch(env, "rel", me.id, other.id, { source: "WEEKLY" });
    await post(me, { subjectId: other.id, relationType: "DISLIKE", reason: "NOT_INTERESTED" });
    const [row] = await env.db<{ status: string }[]>`select status from matching_results where id = ${resultA}`;
    expect(row?.status).toBe("DISMISSED");
  });
});
