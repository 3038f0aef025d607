import { describe, expect, it } from "vitest";
import { safeBackTo } from "./back-to.ts";

describe("safeBackTo", () => {
  it("keeps same-site relative paths with query and hash", () => {
    expect(safeBackTo("/events/5?x=1#top")).toBe("/events/5?x=1#top");
    expect(safeBackTo(" /my_communities ")).toBe("/my_communities");
  });

  it.each([
    ["absolute URL", "https://evil.example/x"],
    ["protocol-relative", "//evil.example"],
    ["backslash trick", "/\\evil.example"],
    ["embedded backslash", "/a\\b"],
    ["control character", "/a\nb"],
    ["javascript scheme", "javascript:alert(1)"],
    ["relative without slash", "events"],
    ["empty", ""],
  ])("refuses %s", (_name, value) => {
    expect(safeBackTo(value)).toBeNull();
  });

  it("refuses absurdly long values", () => {
    expect(safeBackTo(`/${"a".repeat(3000)}`)).toBeNull();
  });
});
