import { describe, expect, it } from "vitest";
import { AuditFormatError, exportAudit, formatGraph, formatPairing, parseGraph, parseMapping, parsePairing, validateMatching } from "./export.ts";
import { pairCommunity } from "./pairing.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";

describe("audit export", () => {
  it("writes the week's graph, mapping and pairing, and the pairing is a valid matching of the graph", () => {
    const r = pairCommunity(syntheticCommunity(200, 2), { seed: 2 });
    const audit = exportAudit(r);
    const lines = audit.graph.trimEnd().split("\n");
    expect(lines[0]).toBe(`${r.graph.n} ${r.graph.edgeU.length}`);
    expect(lines).toHaveLength(r.graph.edgeU.length + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d+ \d+ [1-9]\d*$/);

    const g = parseGraph(audit.graph);
    expect(g.n).toBe(r.graph.n);
    expect(Array.from(g.weight)).toEqual(Array.from(r.graph.weight));
    const ids = parseMapping(audit.mapping);
    expect(ids).toHaveLength(g.n);
    expect(new Set(ids).size).toBe(g.n);
    const pairs = parsePairing(audit.pairing);
    expect(pairs).toHaveLength(r.matches.length);
    const check = validateMatching(g, pairs);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(check.totalWeight).toBe(r.stats.totalWeight);
    // The mapping ties numbers back to the matches.
    const byNumber = new Set(pairs.map(([u, v]) => [ids[u], ids[v]].sort().join("|")));
    for (const m of r.matches) expect(byNumber.has([m.a, m.b].sort().join("|"))).toBe(true);
    // Weights are the scores raised to the matching exponent and scaled by 1e6 (at least 1).
    const exponent = r.model.weights.matching.exponent;
    expect(exponent).toBeGreaterThan(1);
    for (let e = 0; e < r.graph.edgeU.length; e++) expect(r.graph.weight[e]).toBe(Math.max(1, Math.round((r.graph.score[e] as number) ** exponent * 1e6)));
  });

  it("round-trips and tolerates CRLF and blank lines", () => {
    const g = { n: 4, edgeU: Int32Array.from([0, 1]), edgeV: Int32Array.from([1, 3]), weight: Int32Array.from([5, 7]) };
    expect(formatGraph(g)).toBe("4 2\n0 1 5\n1 3 7\n");
    expect(parseGraph("4 2\r\n0 1 5\r\n\r\n3 1 7\r\n")).toEqual({ ...g });
    expect(formatPairing([[3, 0]])).toBe("0 3\n");
    expect(parsePairing("0 3\r\n")).toEqual([[0, 3]]);
    expect(formatGraph({ n: 0, edgeU: new Int32Array(0), edgeV: new Int32Array(0), weight: new Int32Array(0) })).toBe("0 0\n");
  });

  it("rejects malformed graphs with the line number", () => {
    const bad: [string, RegExp][] = [
      ["", /empty graph/],
      ["3\n", /expected "n m"/],
      ["3 2\n0 1 5\n", /header says 2 edges, found 1/],
      ["3 1\n0 3 5\n", /line 2: vertex out of range/],
      ["3 1\n1 1 5\n", /self-loop/],
      ["3 2\n0 1 5\n1 0 6\n", /line 3: duplicate edge 0 1/],
      ["3 1\n0 1 x\n", /w must be an integer/],
      ["3 1\n0 1 -2\n", /weight must be/],
      ["3 1\n0 1\n", /expected "u v w"/],
    ];
    for (const [text, message] of bad) {
      expect(() => parseGraph(text)).toThrow(AuditFormatError);
      expect(() => parseGraph(text)).toThrow(message);
    }
    expect(() => parsePairing("0 1 2\n")).toThrow(/expected "u v"/);
  });

  it("finds every way a pairing can fail to be a matching", () => {
    const g = parseGraph("4 3\n0 1 5\n1 2 6\n2 3 7\n");
    expect(validateMatching(g, [[0, 1], [2, 3]])).toEqual({ valid: true, errors: [], totalWeight: 12, pairs: 2 });
    expect(validateMatching(g, [[0, 2]]).errors).toEqual(["pair 0 2 is not an edge of the graph"]);
    expect(validateMatching(g, [[0, 1], [1, 2]]).errors).toEqual(["vertex 1 is in more than one pair"]);
    expect(validateMatching(g, [[0, 9]]).valid).toBe(false);
    expect(validateMatching(g, [[2, 2]]).valid).toBe(false);
  });
});
