/**
 * `npm run build -w @tuesday/api-client`: the publishable SDK in openapi/dist, built JavaScript
 * with its .d.ts, this README and the OpenAPI document, and a package.json whose version is the
 * API's (openapi.json `info.version`). The workspace package itself stays TypeScript source for
 * the web apps; `npm run pack -w @tuesday/api-client` packs dist into a tarball.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const here = import.meta.dirname;
const dist = path.join(here, "dist");
const require = createRequire(import.meta.url);

fs.rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(here, "tsconfig.build.json")], { stdio: "inherit" });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const doc = JSON.parse(fs.readFileSync(path.join(here, "openapi.json"), "utf8")) as { info: { version: string } };
const source = JSON.parse(fs.readFileSync(path.join(here, "package.json"), "utf8")) as { name: string; description: string; dependencies: Record<string, string> };
for (const file of ["src/schema.d.ts", "README.md", "openapi.json"]) fs.copyFileSync(path.join(here, file), path.join(dist, path.basename(file)));

const manifest = {
  name: source.name,
  // The SDK is versioned with the API it describes.
  version: doc.info.version,
  description: source.description,
  type: "module",
  main: "./index.js",
  types: "./index.d.ts",
  exports: { ".": { types: "./index.d.ts", default: "./index.js" }, "./openapi.json": "./openapi.json" },
  files: ["index.js", "index.d.ts", "schema.d.ts", "openapi.json", "README.md"],
  engines: { node: ">=18" },
  sideEffects: false,
  dependencies: source.dependencies,
};
fs.writeFileSync(path.join(dist, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Built ${manifest.name}@${manifest.version} in ${path.relative(process.cwd(), dist) || "."}`);
