import { describe, expect, it } from "vitest";
import { csvRecords, neutraliseCell } from "./csv.ts";

describe("the CSV writer", () => {
  it("turns every cell a spreadsheet would run as a formula into text", () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', "+SUM(A1:A9)", "-1+1", "@SUM(A1)", "\t=1+1", "\r=1+1"];
    for (const f of formulas) expect(neutraliseCell(f)).toBe(`'${f}`);
    for (const plain of ["Acme", "a=b", "1-2", "", "user@example.com"]) expect(neutraliseCell(plain)).toBe(plain);
  });

  it("writes CRLF records, quoting what needs it, after neutralising", () => {
    expect(csvRecords([["=1+1", "a,b", null, 3, true]])).toBe(`'=1+1,"a,b",,3,true\r\n`);
  });
});
