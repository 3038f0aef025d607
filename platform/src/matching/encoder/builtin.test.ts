import { describe, expect, it } from "vitest";
import { builtinEncoder, encoderModelHeld } from "./builtin.ts";

const texts = ["I can help with tax returns for freelancers", "Looking for a co-founder who knows logistics"];

describe("the built-in encoder's model (matching/encoder/builtin.ts)", () => {
  it("is let go once idle and loaded again by the next call, which embeds as before", async () => {
    const encoder = builtinEncoder(300);
    const first = await encoder.embed(texts);
    expect(encoderModelHeld()).toBe(true);
    // Still held within the idle time, and a call in between starts it again.
    await new Promise((r) => setTimeout(r, 100));
    expect(encoderModelHeld()).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect(encoderModelHeld()).toBe(false);
    const again = await encoder.embed(texts);
    expect(again).toHaveLength(2);
    for (const [i, v] of again.entries()) {
      const before = first[i] as Float32Array;
      expect(v).toHaveLength(512);
      // Same text, same model: the same vector (to float rounding).
      let dot = 0;
      for (let k = 0; k < v.length; k++) dot += (v[k] ?? 0) * (before[k] ?? 0);
      expect(dot).toBeGreaterThan(0.9999);
    }
  }, 60_000);

  it("is not let go while a call is running, when another call ends and the idle time passes", async () => {
    const encoder = builtinEncoder(50);
    const many = Array.from({ length: 300 }, (_, i) => `${texts[i % 2]} number ${i}`);
    const long = encoder.embed(many);
    await encoder.embed([texts[0] as string]);
    await new Promise((r) => setTimeout(r, 150));
    expect(encoderModelHeld()).toBe(true);
    expect(await long).toHaveLength(300);
  }, 60_000);
});
