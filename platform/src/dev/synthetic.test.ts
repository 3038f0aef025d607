import { describe, expect, it } from "vitest";
import { normalizeCity, scriptOf } from "../matching/engine/text.ts";
import { syntheticCommunity } from "./synthetic.ts";

describe("synthetic communities", () => {
  it("are deterministic per seed and differ across seeds", () => {
    expect(syntheticCommunity(300, 1)).toEqual(syntheticCommunity(300, 1));
    expect(syntheticCommunity(300, 2).members.map((m) => m.tags)).not.toEqual(syntheticCommunity(300, 1).members.map((m) => m.tags));
  });

  it("look like a real community", () => {
    const c = syntheticCommunity(3000, 3);
    const ms = c.members;
    for (const m of ms) {
      expect(m.tags.length).toBeGreaterThanOrEqual(3);
      expect(m.tags.length).toBeLessThanOrEqual(8);
      expect(new Set(m.tags).size).toBe(m.tags.length);
      expect(m.canHelpWith.length).toBeGreaterThan(5);
      expect(m.lookingFor.length).toBeGreaterThan(5);
    }
    const ru = ms.filter((m) => scriptOf(m.canHelpWith.toLowerCase()) === "ru").length / ms.length;
    expect(ru).toBeGreaterThan(0.25);
    expect(ru).toBeLessThan(0.35);
    // Zipf: the most common tag is far more common than the median one.
    const counts = new Map<string, number>();
    for (const m of ms) for (const t of m.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(counts.size).toBeGreaterThan(200);
    expect(sorted[0]).toBeGreaterThan(10 * (sorted[Math.floor(sorted.length / 2)] ?? 1));
    const cities = new Set(ms.map((m) => normalizeCity(m.city)).filter(Boolean));
    expect(cities.size).toBeGreaterThanOrEqual(35);
    expect(cities.size).toBeLessThanOrEqual(40);
    expect(c.adminScores?.length).toBeGreaterThan(0);
    expect(c.exclusions?.some((e) => e.reason === "dislike")).toBe(true);
    expect(c.exclusions?.some((e) => e.reason === "history")).toBe(true);
  });
});
