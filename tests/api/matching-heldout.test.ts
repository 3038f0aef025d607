import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The held-out matching set is frozen: any edit changes its hash (see its README). */
const FILE = path.resolve(import.meta.dirname, "../eval/matching/heldout/heldout.json");
const SHA256 = "6220181401809a6d2dede8859e0ad3e483575e2acc88df3fe8a32ff6994d1c2c";

describe("the held-out matching set", () => {
  it("is byte for byte the file committed with its hash", () => {
    expect(createHash("sha256").update(fs.readFileSync(FILE)).digest("hex")).toBe(SHA256);
  });
});
