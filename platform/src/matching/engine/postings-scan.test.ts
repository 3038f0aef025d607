import { describe, expect, it } from "vitest";
import { scanIndex, scanner, selectTop } from "./postings-scan.ts";
import { Rng } from "./random.ts";

/** The best `keep` of est (higher first, ties to the lower index), sorted: what selectTop must keep. */
function best(est: ArrayLike<number>, n: number, keep: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (est[b] as number) - (est[a] as number) || a - b);
  return order.slice(0, keep).sort((a, b) => a - b);
}

describe("the postings scan (postings-scan.ts)", () => {
  it("keeps the best of a run, ties to the earlier posting, whatever the spread of the estimates", () => {
    const rng = new Rng("select-top");
    const limit = 3000;
    const est = new Float64Array(limit);
    const scratch = () => new Int32Array(limit);
    const hist = new Int32Array(1024);
    const [items, other, out] = [scratch(), scratch(), scratch()];
    // Distinct values, a few values repeated many times, all equal, a narrow band beside a wide one.
    const kinds: ((i: number) => number)[] = [
      () => rng.next(),
      () => rng.int(5) / 4,
      () => 0.25,
      (i) => (i % 2 === 0 ? 1 + rng.next() * 1e-12 : rng.next() - 0.5),
      () => (rng.next() < 0.9 ? 0 : rng.next()),
    ];
    let cases = 0;
    for (const kind of kinds) {
      for (const n of [1, 150, 151, 600, limit]) {
        for (const keep of [1, 150, 400]) {
          for (let i = 0; i < n; i++) est[i] = kind(i);
          const kept = selectTop(est, n, keep, hist, items, other, out);
          expect(Array.from(out.subarray(0, kept)).sort((a, b) => a - b)).toEqual(best(est, n, keep));
          cases++;
        }
      }
    }
    expect(cases).toBe(75);
  });

  it("estimates the same in WebAssembly as in JavaScript, and keeps the same postings", () => {
    const rng = new Rng("scan");
    const total = 20_000;
    const index = scanIndex(total, 5_000);
    expect(index.store.memory).not.toBeNull();
    for (let p = 0; p < total; p++) {
      // Few distinct signatures and norms: many equal estimates, as members with the same tags have.
      index.sig[2 * p] = rng.int(4) * 0x1111_1111;
      index.sig[2 * p + 1] = rng.int(3) * 0x0f0f_0f0f;
      index.norm[p] = rng.int(6) / 5;
    }
    const wasm = scanner(index);
    const js = scanner(index, true);
    const kept = (s: ReturnType<typeof scanner>, n: number): number[] => Array.from({ length: n }, (_, i) => s.position(i)).sort((a, b) => a - b);
    for (const [from, end] of [
      [0, 100],
      [100, 5_100],
      [7_000, 7_600],
      [19_000, 20_000],
    ] as const) {
      const n = wasm.run(from, end, 0x2222_2222, 0x0f0f_0f0f, 150);
      expect(js.run(from, end, 0x2222_2222, 0x0f0f_0f0f, 150)).toBe(n);
      expect(n).toBe(Math.min(150, end - from));
      expect(kept(wasm, n)).toEqual(kept(js, n));
      // Against the estimate written out plainly: norm x cos(pi x hamming / 64), the best 150, ties to the earlier.
      const plain = Array.from({ length: end - from }, (_, i) => {
        const p = from + i;
        const bits = (x: number): number => (x >>> 0).toString(2).split("").filter((b) => b === "1").length;
        const h = bits((index.sig[2 * p] as number) ^ 0x2222_2222) + bits((index.sig[2 * p + 1] as number) ^ 0x0f0f_0f0f);
        return (index.norm[p] as number) * Math.fround(Math.cos((Math.PI * h) / 64));
      });
      expect(kept(wasm, n)).toEqual(best(plain, end - from, 150).map((i) => from + i));
      expect(kept(wasm, n).every((p) => p >= from && p < end)).toBe(true);
    }
  });
});
