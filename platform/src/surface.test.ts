import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as http from "./http.ts";
import * as surface from "./index.ts";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) ? [full] : [];
  });
}

describe("the package surface", () => {
  it("is the only way into the platform from the CLI and the tests", () => {
    const offenders = ["cli", "tests"]
      .flatMap((d) => sourceFiles(path.join(root, d)))
      .filter((f) => /(?:from|import)\s*\(?\s*["'](?:\.\.\/)+platform\/src\//.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it("exports only names the CLI, the tests or the benches use", () => {
    const users = ["cli", "tests"]
      .flatMap((d) => sourceFiles(path.join(root, d)))
      .map((f) => fs.readFileSync(f, "utf8"))
      .filter((text) => /["']@tuesday\/platform["']/.test(text))
      .join("\n");
    const names = [...fs.readFileSync(path.join(import.meta.dirname, "index.ts"), "utf8").matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)]
      .flatMap((m) => (m[1] ?? "").split(","))
      .map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()?.trim() ?? "")
      .filter((n) => n !== "");
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((n) => !new RegExp(`\\b${n}\\b`).test(users))).toEqual([]);
  });

  it("exports what it names (no stale re-export)", () => {
    for (const [name, value] of Object.entries({ ...surface, ...http })) expect(value, name).toBeDefined();
    expect(Object.keys(surface)).toContain("createDeps");
    expect(Object.keys(http)).toContain("createApp");
  });
});
