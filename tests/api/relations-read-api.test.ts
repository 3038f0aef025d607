/** The read API other modules (chat, matching) use: relations/index.ts, over rows the routes wrote. */
import { beforeAll, describe, expect, it } from "vitest";
import { haveAcceptedIntro, isBlocked, listBlockedPairs, listBlockedWith } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { arrangeMatch, type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("reads"), tenantFixture("reads2"));
});

const relate = (m: Member, subjectId: string, relationType: "LIKE" | "DISLIKE") =>
  env.request("POST", "/api/relations", { tenant: m.tenant, token: m.token, body: { subjectId, relationType } });

async function introduce(from: Member, to: Member): Promise<string> {
  const match = await arrangeMatch(env, from.tenant, from.id, to.id, { source: "WEEKLY" });
  const res = await env.request("POST", "/api/matching/send-intro", {
    tenant: from.tenant,
    token: from.token,
    body: { from: from.id, matchingResultId: match.resultA, introMessage: "Hello" },
  });
  expect(res.status).toBe(200);
  return res.body.request.id;
}

const answer = (m: Member, id: string, value: "ACCEPTED" | "DECLINED") =>
  env.request("POST", `/api/requests/${id}/answer`, { tenant: m.tenant, token: m.token, body: { answer: value } });

describe("isBlocked", () => {
  it("is true either way after a DISLIKE, false for a LIKE, and reads only its community", async () => {
    const [a, b, c] = [await member(env, "reads"), await member(env, "reads"), await member(env, "reads")];
    expect(await isBlocked(env.db, "reads", a.id, b.id)).toBe(false);
    expect((await relate(a, b.id, "DISLIKE")).status).toBe(200);
    expect((await relate(a, c.id, "LIKE")).status).toBe(200);
    expect(await isBlocked(env.db, "reads", a.id, b.id)).toBe(true);
    expect(await isBlocked(env.db, "reads", b.id, a.id)).toBe(true);
    expect(await isBlocked(env.db, "reads", a.id, c.id)).toBe(false);
    expect(await isBlocked(env.db, "reads2", a.id, b.id)).toBe(false);
    expect(await listBlockedWith(env.db, "reads", b.id)).toEqual(new Set([a.id]));
    expect(await listBlockedPairs(env.db, "reads")).toEqual([{ a: a.id, b: b.id }]);

    // Changing one's mind (LIKE after DISLIKE) lifts the block.
    expect((await relate(a, b.id, "LIKE")).status).toBe(200);
    expect(await isBlocked(env.db, "reads", b.id, a.id)).toBe(false);
  });
});

describe("haveAcceptedIntro", () => {
  it("is true either way once the recipient accepts, not while pending or after a decline", async () => {
    const [a, b, c] = [await member(env, "reads"), await member(env, "reads"), await member(env, "reads")];
    const accepted = await introduce(a, b);
    expect(await haveAcceptedIntro(env.db, "reads", a.id, b.id)).toBe(false);
    expect((await answer(b, accepted, "ACCEPTED")).status).toBe(200);
    expect(await haveAcceptedIntro(env.db, "reads", a.id, b.id)).toBe(true);
    expect(await haveAcceptedIntro(env.db, "reads", b.id, a.id)).toBe(true);
    expect(await haveAcceptedIntro(env.db, "reads2", a.id, b.id)).toBe(false);

    const declined = await introduce(c, b);
    expect((await answer(b, declined, "DECLINED")).status).toBe(200);
    expect(await haveAcceptedIntro(env.db, "reads", b.id, c.id)).toBe(false);
    expect(await haveAcceptedIntro(env.db, "reads", a.id, c.id)).toBe(false);
  });
});
