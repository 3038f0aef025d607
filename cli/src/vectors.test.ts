/**
 * `tuesday matching vectors` and `tuesday matching embed`: where a community's text vectors stand
 * (the model that serves, the configured one and how far it has got), and the operator's way to
 * embed now, audited. A model switch is staged by renaming the stored model, so the built-in
 * encoder (the configured one here) has nothing yet while the old vectors serve.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { makeMember } from "../../tests/api/matching-weekly-helpers.ts";
import { cliSession } from "./run-cli.ts";

// Each run starts a node process that loads the platform and, to embed, the built-in encoder.
vi.setConfig({ testTimeout: 120_000 });

let env: TestEnv;
const cli = cliSession(() => env.dbUrl);
const runCli = (args: string[]) => cli.run(args);
const BUILTIN = "use-lite-en-512";
const MEMBERS = 5;

type Status = {
  communityId: string;
  state: string;
  configured: string;
  serving: string | null;
  membersWithText: number;
  models: { model: string; texts: number; members: number; readyAt: string | null }[];
  queuedJobs: number;
};

async function status(community: string): Promise<Status> {
  const r = await runCli(["matching", "vectors", "--community", community, "--json"]);
  expect(r.code, r.stderr).toBe(0);
  const rows = JSON.parse(r.stdout) as Status[];
  expect(rows).toHaveLength(1);
  return rows[0] as Status;
}

const storedTexts = async (community: string, model: string) =>
  (await env.db<{ n: number }[]>`select count(*)::int as n from member_text_vectors where community_id = ${community} and model = ${model}`)[0]?.n;

beforeAll(async () => {
  env = await createTestEnv();
  for (let i = 0; i < MEMBERS; i++) await makeMember(env, i, { tenant: "alpha" });
  // A member of the other community with texts of its own: never counted in alpha's figures.
  await makeMember(env, 90, { tenant: "beta" });
  // The profile writes queued embed jobs: none has run (tests drain queues themselves).
  await env.db`delete from pgboss.job where name = 'matching.embed'`;
});
afterAll(async () => {
  await cli.close();
  await env?.close();
});

describe("tuesday matching vectors / embed", () => {
  it("before any embedding: no model serves, the members with a text are counted, and the table says what it waits for", async () => {
    expect(await status("alpha")).toMatchObject({ communityId: "alpha", state: "embedding", configured: BUILTIN, serving: null, membersWithText: MEMBERS, models: [], queuedJobs: 0 });
    const human = await runCli(["matching", "vectors", "--community", "alpha"]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/COMMUNITY\s+STATE\s+SERVING\s+CONFIGURED\s+MEMBERS EMBEDDED\s+TEXTS\s+QUEUED\s+LAST EMBEDDED/);
    expect(human.stdout).toMatch(new RegExp(`alpha\\s+embedding\\s+-\\s+${BUILTIN}\\s+0 of ${MEMBERS}\\s+0\\s+0`));
    expect(human.stdout).toContain("alpha: no model is complete yet");
    expect(human.stdout).toContain("no embed job is queued");
  });

  it("embed runs the job here until the configured model serves every member's texts, and is audited with the operator as actor", async () => {
    const r = await runCli(["matching", "embed", "--community", "alpha", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const texts = await storedTexts("alpha", BUILTIN);
    // need, offer and about for each member.
    expect(texts).toBe(3 * MEMBERS);
    expect(JSON.parse(r.stdout)).toMatchObject([{ communityId: "alpha", state: "ready", serving: BUILTIN, models: [{ model: BUILTIN, texts, members: MEMBERS }], queuedJobs: 0 }]);
    const audit = await env.db`select actor_kind, target_type, target_id, after from audit_events where community_id = 'alpha' and action = 'matching.embed'`;
    expect(audit).toEqual([{ actor_kind: "operator", target_type: "vector_model", target_id: BUILTIN, after: { queued: true } }]);
    // The other community was not asked for: nothing embedded there, nothing audited.
    expect(await storedTexts("beta", BUILTIN)).toBe(0);
    expect(await env.db`select 1 from audit_events where community_id = 'beta' and action = 'matching.embed'`).toHaveLength(0);
  });

  it("after a model switch the old model serves until the new one is complete; --no-wait only queues", async () => {
    await env.db`update member_text_vectors set model = 'old-model' where community_id = 'alpha'`;
    await env.db`update matching_vector_models set model = 'old-model' where community_id = 'alpha'`;
    expect(await status("alpha")).toMatchObject({ state: "switching", serving: "old-model", configured: BUILTIN, models: [{ model: "old-model", texts: 3 * MEMBERS, members: MEMBERS }] });
    const human = await runCli(["matching", "vectors", "--community", "alpha"]);
    expect(human.stdout).toContain(`alpha: old-model serves until ${BUILTIN} has every text (0 of ${MEMBERS} members so far)`);

    const queued = await runCli(["matching", "embed", "--community", "alpha", "--no-wait"]);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain("Queued: alpha.");
    const waiting = await status("alpha");
    expect(waiting).toMatchObject({ state: "switching", serving: "old-model", queuedJobs: 1 });
    expect(await storedTexts("alpha", BUILTIN)).toBe(0);

    const done = await runCli(["matching", "embed", "--community", "alpha"]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(new RegExp(`alpha\\s+ready\\s+${BUILTIN}\\s+${BUILTIN}\\s+${MEMBERS} of ${MEMBERS}\\s+${3 * MEMBERS}\\s+0`));
    const after = await status("alpha");
    expect(after).toMatchObject({ state: "ready", serving: BUILTIN, queuedJobs: 0 });
    // The new model complete, the old one's vectors are gone.
    expect(after.models.map((m) => m.model)).toEqual([BUILTIN]);
  });

  it("one community's figures never include another's; all communities are listed without --community; an unknown one is refused", async () => {
    expect(await status("beta")).toMatchObject({ communityId: "beta", state: "embedding", serving: null, membersWithText: 1, models: [] });
    const all = await runCli(["matching", "vectors", "--json"]);
    expect(all.code, all.stderr).toBe(0);
    const rows = JSON.parse(all.stdout) as Status[];
    expect(rows.map((r) => r.communityId).sort()).toEqual(["alpha", "beta"]);
    const unknown = await runCli(["matching", "vectors", "--community", "nowhere"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('community "nowhere" not found');
  });
});
