import { describe, expect, it } from "vitest";
import { formatDecimal } from "./numbers.ts";

describe("formatDecimal", () => {
  it("writes the decimal separator of the reader's language", () => {
    expect(formatDecimal(0.7412, 2, "en")).toBe("0.74");
    expect(formatDecimal(0.7412, 2, "ru")).toBe("0,74");
    expect(formatDecimal(0.5, 3, "ru")).toBe("0,500");
  });
});
