/**
 * The CLI loads no route: walking the module graph from cli/src/main.ts (dependency-cruiser's, as
 * the lint resolves it) along the imports Node runs at start-up (static, not type-only) reaches no
 * route file, router or the HTTP app. Prints the files it loads. No database.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");

type Dependency = { resolved: string; dynamic: boolean; coreModule: boolean; dependencyTypes: string[] };
type Module = { source: string; dependencies: Dependency[] };

it("the CLI loads no route file, router or HTTP app at start-up", () => {
  const out = execFileSync(depcruise, ["--output-type", "json", "cli/src/main.ts"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const modules = new Map((JSON.parse(out) as { modules: Module[] }).modules.map((m) => [m.source, m]));
  const loaded = new Set<string>(["cli/src/main.ts"]);
  const onDemand = new Set<string>();
  const queue = ["cli/src/main.ts"];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const d of modules.get(file)?.dependencies ?? []) {
      if (d.coreModule || d.resolved.includes("node_modules/") || d.dependencyTypes.includes("type-only")) continue;
      if (d.dynamic) {
        onDemand.add(`${file} -> ${d.resolved}`);
        continue;
      }
      if (!loaded.has(d.resolved)) {
        loaded.add(d.resolved);
        queue.push(d.resolved);
      }
    }
  }
  const files = [...loaded].sort();
  console.log(`The CLI loads ${files.length} files of the repository at start-up:\n  ${files.join("\n  ")}`);
  console.log(`Imported on demand (by the command that needs them):\n  ${[...onDemand].sort().join("\n  ")}`);
  expect(files.filter((f) => /\/routes\/|\/router\.ts$|^platform\/src\/(app|http|server)\.ts$/.test(f))).toEqual([]);
  expect(files).toContain("platform/src/index.ts");
}, 60_000);
