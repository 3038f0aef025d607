import { describe, expect, it } from "vitest";
import { formatDecimal, formatPrice } from "./numbers.ts";

describe("formatDecimal", () => {
  it("writes the decimal separator of the reader's language", () => {
    expect(formatDecimal(0.7412, 2, "en")).toBe("0.74");
    expect(formatDecimal(0.7412, 2, "ru")).toBe("0,74");
    expect(formatDecimal(0.5, 3, "ru")).toBe("0,500");
  });
});

describe("formatPrice", () => {
  it("names the community's currency in the reader's language", () => {
    expect(formatPrice(15, "EUR", "en")).toBe("€15");
    expect(formatPrice(15.5, "EUR", "en")).toBe("€15.50");
    expect(formatPrice(1500, "RUB", "ru").replace(/\s/g, " ")).toBe("1 500 ₽");
    expect(formatPrice(15.5, "EUR", "ru").replace(/\s/g, " ")).toBe("15,50 €");
  });

  it("writes a bare number when the community names no currency", () => {
    expect(formatPrice(15, null, "en")).toBe("15");
    expect(formatPrice(15.5, undefined, "ru")).toBe("15,50");
  });
});
