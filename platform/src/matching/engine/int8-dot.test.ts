import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { INT8_DOT_FILE, renderInt8Dot } from "../../scripts/write-int8-dot.ts";
import { int8Dot, int8Store } from "./int8-dot.ts";
import { Rng } from "./random.ts";

describe("int8 inner products (int8-dot.wat)", () => {
  it("the committed module is what int8-dot.wat compiles to", async () => {
    expect(fs.readFileSync(INT8_DOT_FILE, "utf8"), "run `npm run wasm:write`").toBe(await renderInt8Dot());
  });

  it("equal the plain sum for every length and the extreme values, in WebAssembly and in the fallback", () => {
    const rng = new Rng("int8-dot");
    const bytes = 64 * 1024 + 3;
    const store = int8Store(bytes);
    expect(store.memory).not.toBeNull();
    const { q } = store;
    for (let i = 0; i < bytes; i++) q[i] = rng.int(255) - 127;
    // A run of the extremes: every product at its largest.
    q.fill(127, 1000, 1700);
    q.fill(-127, 2000, 2700);
    const fallback = { q, memory: null };
    const wasm = int8Dot(store);
    const simsimd = int8Dot(fallback);
    const plain = (a: number, b: number, n: number): number => {
      let s = 0;
      for (let k = 0; k < n; k++) s += (q[a + k] as number) * (q[b + k] as number);
      return s;
    };
    const cases: [number, number, number][] = [
      [1000, 1000, 700],
      [1000, 2000, 700],
      [0, 0, 0],
    ];
    for (let n = 1; n <= 600; n++) cases.push([rng.int(bytes - n), rng.int(bytes - n), n]);
    for (const [a, b, n] of cases) {
      const want = plain(a, b, n);
      expect(wasm(a, b, n)).toBe(want);
      expect(simsimd(a, b, n)).toBe(want);
    }
    expect(wasm(1000, 2000, 700)).toBe(-700 * 127 * 127);
  });
});
