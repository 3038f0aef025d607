import { SmartRouter } from "hono/router/smart-router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { MemoRouter } from "./memo-router.ts";

const ROUTES: [string, string, string][] = [
  ["ALL", "*", "envelope"],
  ["ALL", "/api/*", "context"],
  ["GET", "/api/participant/profile", "own"],
  ["GET", "/api/participant/profile/:slug", "bySlug"],
  ["GET", "/api/participant/:id/profile-completion", "completion"],
];

function both() {
  const memo = new MemoRouter<string>();
  const plain = new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const [m, p, h] of ROUTES) {
    memo.add(m, p, h);
    plain.add(m, p, h);
  }
  return { memo, plain };
}

describe("MemoRouter", () => {
  it("answers what Hono's default router answers, params included, the second time as the first", () => {
    const { memo, plain } = both();
    for (const path of ["/api/participant/profile", "/api/participant/profile/ada", "/api/participant/p1/profile-completion", "/nowhere"]) {
      const expected = plain.match("GET", path);
      expect(memo.match("GET", path), path).toEqual(expected);
      expect(memo.match("GET", path), path).toEqual(expected);
      expect(memo.match("POST", path), path).toEqual(plain.match("POST", path));
    }
  });

  it("keeps a match per path: another slug gets its own params", () => {
    const { memo } = both();
    const params = (path: string) => memo.match("GET", path)[0].find(([h]) => h === "bySlug")?.[1];
    expect(params("/api/participant/profile/ada")).toEqual({ slug: "ada" });
    expect(params("/api/participant/profile/bob")).toEqual({ slug: "bob" });
  });

  it("stays bounded however many distinct paths clients send", () => {
    const { memo, plain } = both();
    for (let i = 0; i < 5_000; i++) memo.match("GET", `/api/participant/profile/u${i}`);
    expect(memo.match("GET", "/api/participant/profile/u1")).toEqual(plain.match("GET", "/api/participant/profile/u1"));
  });
});
