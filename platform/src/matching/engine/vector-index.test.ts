import { describe, expect, it } from "vitest";
import { Rng } from "./random.ts";
import { EXACT_UP_TO, floatRows, innerProducts, nearestByVector } from "./vector-index.ts";

const SLOTS = 2;
const FROM = 0;
const TO = 1;

/** n members, each with a unit vector in both slots near one of `centres` random centres (ties are unlikely). */
function community(n: number, dim: number, centres: number, seed: string): { data: Float32Array; has: Uint8Array } {
  const rng = new Rng(seed);
  const centre = Array.from({ length: centres }, () => Float32Array.from({ length: dim }, () => rng.next() - 0.5));
  const data = new Float32Array(n * SLOTS * dim);
  const has = new Uint8Array(n * SLOTS).fill(1);
  for (let i = 0; i < n * SLOTS; i++) {
    const c = centre[rng.int(centres)] as Float32Array;
    let sq = 0;
    for (let d = 0; d < dim; d++) {
      const x = (c[d] as number) + 0.5 * (rng.next() - 0.5);
      data[i * dim + d] = x;
      sq += x * x;
    }
    const k = 1 / Math.sqrt(sq);
    for (let d = 0; d < dim; d++) data[i * dim + d] = (data[i * dim + d] as number) * k;
  }
  return { data, has };
}

/** The exact k nearest TO vectors of member i's FROM vector, itself left out, with their cosines. */
function bruteForce(data: Float32Array, has: Uint8Array, n: number, dim: number, i: number, k: number): { j: number; cos: number }[] {
  const out: { j: number; cos: number }[] = [];
  for (let j = 0; j < n; j++) {
    if (j === i || !has[j * SLOTS + TO]) continue;
    let dot = 0;
    for (let d = 0; d < dim; d++) dot += (data[(i * SLOTS + FROM) * dim + d] as number) * (data[(j * SLOTS + TO) * dim + d] as number);
    out.push({ j, cos: dot });
  }
  return out.sort((a, b) => b.cos - a.cos).slice(0, k);
}

describe("nearest texts by vector", () => {
  it("is exact on a small community: the brute-force lists, best first, without the member itself", () => {
    const n = 300;
    const dim = 32;
    const { data, has } = community(n, dim, 12, "exact");
    const near = nearestByVector(floatRows(data, dim), has, n, dim, SLOTS, FROM, TO, 10);
    for (const i of [0, 17, 150, 299]) {
      const want = bruteForce(data, has, n, dim, i, 10);
      const got = Array.from(near.items.subarray(i * 10, i * 10 + 10));
      expect(got).toEqual(want.map((x) => x.j));
      expect(got).not.toContain(i);
      for (const [r, x] of want.entries()) expect(near.cos[i * 10 + r]).toBeCloseTo(x.cos, 4);
    }
  });

  it("gives every asker their exact list when the askers are searched in blocks, the last of one text", () => {
    // 2 x 2,048 + 1 askers (the index is copied and searched 2,048 texts at a time), 300 searched texts.
    const n = 4_097;
    const dim = 16;
    const { data, has } = community(n, dim, 12, "blocks");
    for (let j = 300; j < n; j++) has[j * SLOTS + TO] = 0;
    const near = nearestByVector(floatRows(data, dim), has, n, dim, SLOTS, FROM, TO, 10);
    for (const i of [0, 299, 2_047, 2_048, 4_095, 4_096]) {
      const want = bruteForce(data, has, n, dim, i, 10);
      expect(Array.from(near.items.subarray(i * 10, i * 10 + 10))).toEqual(want.map((x) => x.j));
      for (const [r, x] of want.entries()) expect(near.cos[i * 10 + r]).toBeCloseTo(x.cos, 4);
    }
  });

  it("leaves members without the vectors out of both sides", () => {
    const n = 50;
    const dim = 16;
    const { data, has } = community(n, dim, 4, "gaps");
    has[3 * SLOTS + FROM] = 0; // member 3 has no need: no list
    has[7 * SLOTS + TO] = 0; // member 7 has no offer: in nobody's list
    const near = nearestByVector(floatRows(data, dim), has, n, dim, SLOTS, FROM, TO, 10);
    expect(Array.from(near.items.subarray(30, 40))).toEqual(new Array(10).fill(-1));
    expect(Array.from(near.items)).not.toContain(7);
    // Fewer partners than k: the list ends in -1.
    const tiny = nearestByVector(floatRows(data.subarray(0, 4 * SLOTS * dim), dim), has.subarray(0, 4 * SLOTS), 4, dim, SLOTS, FROM, TO, 10);
    expect(Array.from(tiny.items.subarray(0, 10)).filter((j) => j >= 0)).toHaveLength(3);
  });

  it("searches identical texts once and spreads their members over the askers", () => {
    const n = 60;
    const dim = 16;
    const { data, has } = community(n, dim, 6, "same");
    // Members 0-29 wrote the same offer, and members 40-59 the same need as it.
    for (let i = 1; i < 30; i++) data.copyWithin((i * SLOTS + TO) * dim, TO * dim, (TO + 1) * dim);
    for (let i = 40; i < 60; i++) data.copyWithin((i * SLOTS + FROM) * dim, TO * dim, (TO + 1) * dim);
    const near = nearestByVector(floatRows(data, dim), has, n, dim, SLOTS, FROM, TO, 10);
    const lists = [40, 41, 42].map((i) => Array.from(near.items.subarray(i * 10, i * 10 + 10)));
    for (const [x, list] of lists.entries()) {
      // The 10 nearest of a need equal to that offer are 10 of its 30 writers (cosine 1), not the asker.
      expect(list.every((j) => j >= 0 && j < 30)).toBe(true);
      expect(new Set(list).size).toBe(10);
      for (let r = 0; r < 10; r++) expect(near.cos[(40 + x) * 10 + r]).toBeCloseTo(1, 5);
    }
    // Different askers start at different writers.
    expect(lists[0]).not.toEqual(lists[1]);
  });

  it(`finds >= 95% of the true 10 nearest through the approximate index above ${EXACT_UP_TO} texts`, () => {
    const n = EXACT_UP_TO + 1_000;
    const dim = 64;
    const { data, has } = community(n, dim, 40, "approximate");
    const near = nearestByVector(floatRows(data, dim), has, n, dim, SLOTS, FROM, TO, 10);
    let found = 0;
    let total = 0;
    for (let q = 0; q < 100; q++) {
      const i = Math.floor((q * n) / 100);
      const want = new Set(bruteForce(data, has, n, dim, i, 10).map((x) => x.j));
      const got = Array.from(near.items.subarray(i * 10, i * 10 + 10));
      expect(got).not.toContain(i);
      for (const j of got) if (want.has(j)) found++;
      total += want.size;
    }
    expect(found / total).toBeGreaterThanOrEqual(0.95);
  });
});

describe("innerProducts", () => {
  it("gives every row's product with every direction, in the directions' order, negative ones too", () => {
    const rng = new Rng("inner");
    const dim = 24;
    const k = 7;
    const rows = Float32Array.from({ length: 300 * dim }, () => rng.next() - 0.5);
    const directions = Float32Array.from({ length: k * dim }, () => rng.next() - 0.5);
    const out = innerProducts(rows, directions, dim, k);
    expect(out.length).toBe(300 * k);
    let negative = 0;
    for (let r = 0; r < 300; r++) {
      for (let j = 0; j < k; j++) {
        let dot = 0;
        for (let d = 0; d < dim; d++) dot += (rows[r * dim + d] as number) * (directions[j * dim + d] as number);
        expect(out[r * k + j]).toBeCloseTo(dot, 4);
        if (dot < 0) negative++;
      }
    }
    expect(negative).toBeGreaterThan(300);
    // One row alone (USearch answers a single query differently).
    const one = innerProducts(rows.subarray(0, dim), directions, dim, k);
    for (let j = 0; j < k; j++) expect(one[j]).toBeCloseTo(out[j] as number, 5);
  });
});

