import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "@tuesday/platform/http";
import { testEnvForFile } from "../support/harness.ts";
import { createMember } from "../support/users.ts";

/**
 * The SDK as an integrator gets it: `@tuesday/api-client` built and packed with npm, installed
 * from the tarball into a fresh project outside the repository, and calling a listening server
 * with a bearer token, from plain JavaScript and type-checked from TypeScript.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const env = await testEnvForFile();

let scratch: string;
let tarball: string;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tuesday-sdk-"));
  await run(process.execPath, ["--import", "tsx", path.join(root, "openapi/build.ts")], { cwd: root });
  const packed = await run("npm", ["pack", "./openapi/dist", "--pack-destination", tmp, "--json"], { cwd: root });
  tarball = path.join(tmp, (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename ?? "");
  scratch = path.join(tmp, "scratch");
  fs.mkdirSync(scratch);
  fs.writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  // Its one dependency (openapi-fetch) comes from npm's cache when the repository's install put it there.
  await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: scratch });

  server = http.createServer(nodeListener(env.app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  if (scratch) fs.rmSync(path.dirname(scratch), { recursive: true, force: true });
});

describe("the @tuesday/api-client tarball", () => {
  it("is built JavaScript with its types, versioned with the API, and needs nothing from the workspace", () => {
    const installed = path.join(scratch, "node_modules/@tuesday/api-client");
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")) as { version: string; private?: boolean; dependencies: Record<string, string> };
    const doc = JSON.parse(fs.readFileSync(path.join(root, "openapi/openapi.json"), "utf8")) as { info: { version: string } };
    expect(manifest.version).toBe(doc.info.version);
    expect(path.basename(tarball)).toBe(`tuesday-api-client-${doc.info.version}.tgz`);
    expect(manifest.private).toBeUndefined();
    for (const file of ["index.js", "index.d.ts", "schema.d.ts", "README.md", "openapi.json"]) expect(fs.existsSync(path.join(installed, file)), file).toBe(true);
    expect(fs.readdirSync(installed).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    for (const [name, range] of Object.entries(manifest.dependencies)) {
      expect(name.startsWith("@tuesday/"), name).toBe(false);
      expect(range, name).not.toMatch(/^(\*|workspace:|file:|link:)/);
    }
    expect(fs.readFileSync(path.join(installed, "README.md"), "utf8")).toContain("createApiClient");
  });

  it("calls the API with a bearer token from a fresh project", async () => {
    // A member's session token; a community API key is sent the same way (Authorization: Bearer).
    const member = await createMember(env, { tenant: "alpha" });
    fs.writeFileSync(
      path.join(scratch, "call.mjs"),
      `import { createApiClient } from "@tuesday/api-client";
const signedIn = createApiClient({ baseUrl: process.env.BASE_URL, token: process.env.TOKEN, community: "alpha" });
const me = await signedIn.GET("/api/current-user");
const anonymous = await createApiClient({ baseUrl: process.env.BASE_URL, community: "alpha" }).GET("/api/current-user");
console.log(JSON.stringify({ status: me.response.status, email: me.data?.email, anonymous: anonymous.response.status, error: anonymous.error }));
`,
    );
    const out = await run(process.execPath, ["call.mjs"], { cwd: scratch, env: { ...process.env, BASE_URL: baseUrl, TOKEN: member.token } });
    const result = JSON.parse(out.stdout.trim()) as { status: number; email: string; anonymous: number; error: { code: number; msg: string } };
    expect(result.status).toBe(200);
    expect(result.email).toBe(member.email);
    expect(result.anonymous).toBe(401);
    expect(result.error).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
  });

  it("types the calls for a TypeScript project", async () => {
    fs.writeFileSync(
      path.join(scratch, "check.ts"),
      `import { createApiClient, type components } from "@tuesday/api-client";
const api = createApiClient({ baseUrl: "http://localhost:3000", token: "tsk_live_example" });
export async function email(): Promise<string> {
  const { data } = await api.GET("/api/current-user");
  const user: components["schemas"]["CurrentUser"] | undefined = data;
  return user?.email ?? "";
}
export async function nowhere() {
  // @ts-expect-error: a path the API does not have
  await api.GET("/api/no-such-path");
}
`,
    );
    const compilerOptions = { noEmit: true, strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2022", "dom"], types: [] };
    fs.writeFileSync(path.join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["check.ts"] }));
    const res = await run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "."], { cwd: scratch }).catch((e: { stdout: string }) => ({ stdout: e.stdout, failed: true }));
    expect(res.stdout).toBe("");
    expect("failed" in res).toBe(false);
  }, 120_000);
});
