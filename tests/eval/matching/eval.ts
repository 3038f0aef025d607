/**
 * `npm run eval:matching`: the labelled evaluation (evaluate.ts) on a scratch database, printed as a
 * table. `-- --set dev2` reads the second development set (tests/eval/matching/dev2/dev2.json, written
 * blind to the engine; per-member rows, as for the first), `-- --set dev3` the third (dev3/dev3.json,
 * written blind on 2026-12-01). `-- --set heldout` reads
 * tests/eval/matching/heldout/heldout.json instead and prints only aggregate figures (never per
 * member: nobody tunes to the held-out set). `--no-vectors` scores
 * without the texts' vectors (the engine before them), for comparison. `--bridge` (development sets
 * only) prints instead what the bilingual bridge makes of each Russian need and offer of the planted
 * pairs, word by word with the step that translated it, and the counts per step.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { applyTenants, createDeps, explainEncoderText, migrate, openPools, poolSizes, TenantConfigSchema, testConfig } from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { scratchDatabase } from "../../support/scratch-db.ts";
import { tenantFixture } from "../../support/tenants.ts";
import { DEV_SET, type EvalSet } from "./community.ts";
import { evaluateMatching, loadEvalSet, printEvaluation } from "./evaluate.ts";

const TENANT = "evalcom";
const HERE = path.dirname(fileURLToPath(import.meta.url));
const HELDOUT = path.join(HERE, "heldout", "heldout.json");
const DEV_FILES = { dev2: path.join(HERE, "dev2", "dev2.json"), dev3: path.join(HERE, "dev3", "dev3.json") } as const;
const SET_NAMES = ["dev", "dev2", "dev3", "heldout"] as const;
type SetName = (typeof SET_NAMES)[number];
const TITLES: Record<SetName, string> = { dev: "Development set", dev2: "Second development set", dev3: "Third development set", heldout: "Held-out set" };

function chosenSet(argv: readonly string[]): SetName {
  const i = argv.indexOf("--set");
  const name = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith("--set="))?.slice(6) ?? "dev");
  const set = SET_NAMES.find((n) => n === name);
  if (!set) throw new Error(`--set must be ${SET_NAMES.join(", ")}, not ${name}`);
  return set;
}

/** The bridge's reading of the planted pairs' Russian texts (development sets only). */
function printBridge(set: EvalSet): void {
  const byKey = new Map(set.members.map((m) => [m.key, m]));
  const steps = new Map<string, number>();
  const show = (label: string, text: string) => {
    const words = explainEncoderText(text);
    if (words.length === 0) return;
    for (const w of words) steps.set(w.via, (steps.get(w.via) ?? 0) + 1);
    console.log(`  ${label}: ${text}`);
    console.log(`    ${words.map((w) => `${w.word}=${w.en || "∅"}${w.via === "glossary" ? "" : `[${w.via.slice(0, 4)}]`}`).join(" ")}`);
  };
  for (const p of set.planted) {
    const seeker = byKey.get(p.seeker);
    const helper = byKey.get(p.helper);
    if (!seeker || !helper || p.kind === "EN-EN") continue;
    console.log(`${p.seeker} -> ${p.helper} (${p.kind})`);
    show(`${p.seeker} need`, seeker.lookingForText);
    show(`${p.helper} offer`, helper.canHelpWithText);
  }
  console.log(`\nCyrillic words by step: ${[...steps].map(([k, n]) => `${k} ${n}`).join(", ")}`);
}

async function main(): Promise<void> {
  const which = chosenSet(process.argv.slice(2));
  if (process.argv.includes("--bridge")) {
    if (which === "heldout") throw new Error("--bridge prints texts: development sets only");
    printBridge(which === "dev" ? DEV_SET : await loadEvalSet(DEV_FILES[which]));
    return;
  }
  const set = which === "heldout" ? await loadEvalSet(HELDOUT) : which === "dev" ? DEV_SET : await loadEvalSet(DEV_FILES[which]);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const url = await scratchDatabase("eval", cleanups);
    const pools = openPools(url, poolSizes({ databasePoolSize: undefined, searchPoolSize: undefined }, true));
    cleanups.push(pools.end);
    await migrate(pools.db);
    const config = TenantConfigSchema.parse(tenantFixture(TENANT, { langChoices: ["en", "ru"], transparent: true }));
    await applyTenants(pools.db, [{ config, landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });
    const deps = await createDeps(testConfig({ logLevel: "silent", databaseUrl: url, devTools: false }), { ...pools, url, close: async () => {} }, pino({ level: "silent" }));
    cleanups.push(async () => {
      await deps.jobs.stop();
    });
    const vectors = !process.argv.includes("--no-vectors");
    const result = await evaluateMatching({ db: pools.db, deps, app: createApp(deps) }, TENANT, set, { vectors });
    printEvaluation(result, { perMember: which !== "heldout", title: TITLES[which] });
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error("cleanup:", err));
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
