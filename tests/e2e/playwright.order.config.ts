import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * The browser suite in another file order, to show that the order of specs does not matter (issue
 * 29): Playwright always takes the files in name order and has no shuffle, so this config makes one
 * project per spec file, in reversed name order, or shuffled with E2E_SHUFFLE_SEED=<n> (the same
 * seed, the same order). Playwright hands out the projects' tests in the order they are listed, so
 * with E2E_WORKERS=1 the files run one after the other in that order (each project starts a worker
 * of its own). Not part of `npm test`:
 *
 *   E2E_WORKERS=1 npx playwright test -c tests/e2e/playwright.order.config.ts
 *   E2E_SHUFFLE_SEED=7 npx playwright test -c tests/e2e/playwright.order.config.ts
 */
const specs = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith(".spec.ts"))
  .sort();
const seed = process.env.E2E_SHUFFLE_SEED;
const order = seed === undefined ? specs.reverse() : shuffle(specs, Number(seed));
// Once, in the runner (workers load the config too).
if (process.env.TEST_WORKER_INDEX === undefined) console.log(`spec files in this order: ${order.join(" ")}`);

export default defineConfig({
  ...base,
  projects: order.map((file) => ({ name: file, testMatch: new RegExp(`(^|/)${file.replaceAll(".", "\\.")}$`) })),
});

/** Fisher-Yates with a small seeded generator (mulberry32). */
function shuffle<T>(items: T[], s: number): T[] {
  let state = s >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
