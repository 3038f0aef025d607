/**
 * The HTTP layer (platform/src/http/, every routes/ folder and router.ts) holds no SQL: its
 * statements live in queries modules (lib/idempotency.ts for Idempotency-Key, lib/rate-limit.ts
 * for limits). dependency-cruiser sees imports, not tagged templates, so this reads the files.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const src = path.resolve(import.meta.dirname, "../../platform/src");
const SQL = /\b(?:db|tx|sql|conn)`|\.db`|\b(?:select|insert into|update|delete from)\s+[a-z_]+\s+(?:set|where|from|values|\()/i;

function httpFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return httpFiles(full);
    const rel = path.relative(src, full);
    const isHttp = rel.startsWith(`http${path.sep}`) || rel.includes(`${path.sep}routes${path.sep}`) || e.name === "router.ts";
    return isHttp && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

it("no file of the HTTP layer runs SQL itself", () => {
  const files = httpFiles(src);
  expect(files.length).toBeGreaterThan(50);
  const offenders = files.filter((f) => SQL.test(fs.readFileSync(f, "utf8"))).map((f) => path.relative(src, f));
  expect(offenders).toEqual([]);
});

it("the check sees a statement", () => {
  expect(SQL.test("await ctx.db`delete from api_idempotency where id = 1`")).toBe(true);
  expect(SQL.test("const x = await claimIdempotencyKey(ctx.db, scope, hash);")).toBe(false);
});
