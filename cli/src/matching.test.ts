import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestEnv, type TestEnv } from "../../tests/support/harness.ts";
import { parseGraph, parseMapping, parsePairing, validateMatching } from "@tuesday/platform";
import { makeMember, snapshot } from "../../tests/api/matching-weekly-helpers.ts";
import { cliSession } from "./run-cli.ts";

// Each test starts node processes that load the whole platform: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let env: TestEnv;
let tmp: string;
const WEEK = "2030-01-01";

const cli = cliSession(() => env.dbUrl);
function runCli(args: string[]) {
  return cli.run(args);
}

async function readAudit(dir: string) {
  const read = (f: string) => fs.readFile(path.join(dir, f), "utf8");
  const graph = parseGraph(await read("graph.txt"));
  const mapping = parseMapping(await read("mapping.txt"));
  const pairing = parsePairing(await read("pairing.txt"));
  return { graph, mapping, pairing, check: validateMatching(graph, pairing) };
}

beforeAll(async () => {
  env = await createTestEnv();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-matching-"));
  for (let i = 0; i < 9; i++) await makeMember(env, i, { tenant: "alpha" });
});
afterAll(async () => {
  await cli.close();
  await env?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("tuesday matching run", () => {
  it("--dry-run prints coverage, scores, members without a match and repeats, and stores nothing", async () => {
    const before = await snapshot(env, "alpha");
    const r = await runCli(["matching", "run", "--community", "alpha", "--week", WEEK, "--dry-run"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Community alpha, week of ${WEEK} (dry run: nothing stored)`);
    expect(r.stdout).toMatch(/pairs: 4, coverage: 88\.9% \(8 of 9 members\)/);
    expect(r.stdout).toMatch(/scores: min [\d.]+, p25 [\d.]+, median [\d.]+, p75 [\d.]+, max [\d.]+/);
    expect(r.stdout).toMatch(/members without a match: 1\n {2}First\d Last\d \([0-9a-f-]{36}\): odd_count -> recommended First\d Last\d/);
    expect(r.stdout).toContain("repeats: 0");
    expect(r.stderr).toMatch(/\[#-----\] loading/);
    expect(r.stderr).toMatch(/\[###---\] matching/);
    expect(r.stderr).not.toContain("storing");
    expect(await snapshot(env, "alpha")).toEqual(before);
  });

  it("stores the week once and queues the e-mails; a second run changes nothing", async () => {
    const r = await runCli(["matching", "run", "--community", "alpha", "--week", WEEK]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("stored: 5 matches, 9 results; e-mails queued: 9");
    expect(r.stderr).toMatch(/\[####--\] storing/);
    expect(r.stderr).toMatch(/\[#####-\] mailing/);
    const stored = await snapshot(env, "alpha");
    expect(stored.runs).toHaveLength(1);
    const again = await runCli(["matching", "run", "--community", "alpha", "--week", WEEK]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("(already run: stored stats, nothing changed)");
    expect(again.stdout).toContain("repeats: 0");
    expect(await snapshot(env, "alpha")).toEqual(stored);
  });

  it("says what is wrong in one line", async () => {
    const missing = await runCli(["matching", "run", "--community", "nope", "--dry-run"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('community "nope" not found');
    const wednesday = await runCli(["matching", "run", "--community", "alpha", "--week", "2030-01-02"]);
    expect(wednesday.code).toBe(2); // a usage mistake
    expect(wednesday.stderr).toContain("a Tuesday as YYYY-MM-DD");
  });
});

describe("tuesday matching export", () => {
  it("writes graph, mapping and pairing of a community's week; the pairing is a matching of the graph", async () => {
    const out = path.join(tmp, "alpha");
    const r = await runCli(["matching", "export", "--community", "alpha", "--week", WEEK, "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/9 members, \d+ edges, 4 pairs/);
    const { graph, mapping, pairing, check } = await readAudit(out);
    expect(graph.n).toBe(9);
    expect(mapping).toHaveLength(9);
    expect(check.valid, check.errors.join("; ")).toBe(true);
    expect(pairing).toHaveLength(4);
    // The export recomputes the stored week: the same pairs as in the database.
    const stored = await env.db<{ low: string; high: string }[]>`
      select participant_low as low, participant_high as high from matches where community_id = 'alpha' and week = ${WEEK} and source = 'WEEKLY'`;
    const exported = pairing.map(([u, v]) => [mapping[u], mapping[v]].sort().join("|")).sort();
    expect(exported).toEqual(stored.map((s) => `${s.low}|${s.high}`).sort());
  });

  it("--synthetic writes a generated community's audit without a database", async () => {
    const out = path.join(tmp, "synthetic");
    const r = await runCli(["matching", "export", "--synthetic", "300", "--seed", "7", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const { graph, mapping, pairing, check } = await readAudit(out);
    expect(check.valid, check.errors.join("; ")).toBe(true);
    expect(mapping).toHaveLength(graph.n);
    expect(pairing.length).toBeGreaterThan(graph.n / 3);
    expect(r.stderr).not.toContain("database");
  });
});
