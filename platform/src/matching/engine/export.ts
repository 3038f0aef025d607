/**
 * The audit export of a week: three plain texts an operator or an external exact solver
 * can read.
 *
 *   graph:   first line "n m", then m lines "u v w" (0 <= u < v < n, integer w >= 1)
 *   mapping: n lines, line i = participant id of member i
 *   pairing: one line "u v" per chosen pair (u < v)
 *
 * Lines may end with \r\n; blank lines and surrounding spaces are ignored by the parsers.
 */
import type { WeightedGraph } from "./matching.ts";
import type { PairingResult } from "./pairing.ts";

export class AuditFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "AuditFormatError";
  }
}

export function formatGraph(g: WeightedGraph): string {
  const m = g.edgeU.length;
  const lines = new Array<string>(m + 1);
  lines[0] = `${g.n} ${m}`;
  for (let e = 0; e < m; e++) lines[e + 1] = `${g.edgeU[e]} ${g.edgeV[e]} ${g.weight[e]}`;
  return `${lines.join("\n")}\n`;
}

export function formatMapping(ids: readonly string[]): string {
  for (const id of ids) if (/[\r\n]/.test(id)) throw new Error(`participant id with a line break: ${JSON.stringify(id)}`);
  return ids.length === 0 ? "" : `${ids.join("\n")}\n`;
}

export function formatPairing(pairs: readonly (readonly [number, number])[]): string {
  return pairs.map(([u, v]) => (u < v ? `${u} ${v}` : `${v} ${u}`)).join("\n") + (pairs.length > 0 ? "\n" : "");
}

/** Pairs of a mate array (vertex -> partner or -1), each once with u < v. */
export function pairsOfMate(mate: Int32Array): [number, number][] {
  const pairs: [number, number][] = [];
  for (let u = 0; u < mate.length; u++) {
    const v = mate[u] as number;
    if (v > u) pairs.push([u, v]);
  }
  return pairs;
}

/** The three audit texts of a pairing run. */
export function exportAudit(result: PairingResult): { graph: string; mapping: string; pairing: string } {
  const ids = Array.from(result.graph.memberOf, (i) => result.model.ids[i] as string);
  return { graph: formatGraph(result.graph), mapping: formatMapping(ids), pairing: formatPairing(pairsOfMate(result.mate)) };
}

function contentLines(text: string): { no: number; fields: string[] }[] {
  const out: { no: number; fields: string[] }[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line) out.push({ no: i + 1, fields: line.split(/\s+/) });
  });
  return out;
}

function int(field: string | undefined, line: number, what: string): number {
  if (field === undefined || !/^-?\d+$/.test(field)) throw new AuditFormatError(line, `${what} must be an integer, got ${JSON.stringify(field ?? "")}`);
  const v = Number(field);
  if (!Number.isSafeInteger(v)) throw new AuditFormatError(line, `${what} is out of range`);
  return v;
}

/** Parses and validates a graph text: counts, vertex range, no loops or duplicate edges. */
export function parseGraph(text: string): WeightedGraph {
  const lines = contentLines(text);
  const head = lines[0];
  if (!head) throw new AuditFormatError(1, 'empty graph: expected "n m"');
  if (head.fields.length !== 2) throw new AuditFormatError(head.no, 'expected "n m"');
  const n = int(head.fields[0], head.no, "n");
  const m = int(head.fields[1], head.no, "m");
  if (n < 0 || m < 0) throw new AuditFormatError(head.no, "n and m must be >= 0");
  if (lines.length - 1 !== m) throw new AuditFormatError(head.no, `header says ${m} edges, found ${lines.length - 1}`);
  const edgeU = new Int32Array(m);
  const edgeV = new Int32Array(m);
  const weight = new Int32Array(m);
  const seen = new Set<number>();
  for (let e = 0; e < m; e++) {
    const line = lines[e + 1] as { no: number; fields: string[] };
    if (line.fields.length !== 3) throw new AuditFormatError(line.no, 'expected "u v w"');
    let u = int(line.fields[0], line.no, "u");
    let v = int(line.fields[1], line.no, "v");
    const w = int(line.fields[2], line.no, "w");
    if (u < 0 || u >= n || v < 0 || v >= n) throw new AuditFormatError(line.no, `vertex out of range 0..${n - 1}`);
    if (u === v) throw new AuditFormatError(line.no, "self-loop");
    if (w < 0 || w > 2147483647) throw new AuditFormatError(line.no, "weight must be in 0..2^31-1");
    if (u > v) [u, v] = [v, u];
    const key = u * n + v;
    if (seen.has(key)) throw new AuditFormatError(line.no, `duplicate edge ${u} ${v}`);
    seen.add(key);
    edgeU[e] = u;
    edgeV[e] = v;
    weight[e] = w;
  }
  return { n, edgeU, edgeV, weight };
}

export function parseMapping(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

export function parsePairing(text: string): [number, number][] {
  return contentLines(text).map((line) => {
    if (line.fields.length !== 2) throw new AuditFormatError(line.no, 'expected "u v"');
    return [int(line.fields[0], line.no, "u"), int(line.fields[1], line.no, "v")];
  });
}

export interface MatchingCheck {
  valid: boolean;
  errors: string[];
  totalWeight: number;
  pairs: number;
}

/** Is `pairs` a matching of `g` (every pair an edge, every vertex at most once)? */
export function validateMatching(g: WeightedGraph, pairs: readonly (readonly [number, number])[]): MatchingCheck {
  const errors: string[] = [];
  const weights = new Map<number, number>();
  for (let e = 0; e < g.edgeU.length; e++) weights.set((g.edgeU[e] as number) * g.n + (g.edgeV[e] as number), g.weight[e] as number);
  const used = new Uint8Array(g.n);
  let totalWeight = 0;
  for (const [x, y] of pairs) {
    const u = Math.min(x, y);
    const v = Math.max(x, y);
    if (u < 0 || v >= g.n || u === v) {
      errors.push(`pair ${x} ${y}: not two distinct vertices of 0..${g.n - 1}`);
      continue;
    }
    const w = weights.get(u * g.n + v);
    if (w === undefined) errors.push(`pair ${u} ${v} is not an edge of the graph`);
    else totalWeight += w;
    for (const z of [u, v]) {
      if (used[z]) errors.push(`vertex ${z} is in more than one pair`);
      used[z] = 1;
    }
  }
  return { valid: errors.length === 0, errors, totalWeight, pairs: pairs.length };
}
