export type Change = { path: string; before: unknown; after: unknown };

/** The fields that differ between before and after, by dotted path (arrays compared whole). */
export function diff(before: unknown, after: unknown, path = ""): Change[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObj(before) && isObj(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diff(before[k], after[k], path ? `${path}.${k}` : k));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: path || "(value)", before, after }];
}

/** A message for a failed call: the platform's own `msg` when there is one, else the given key. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && "status" in err && err.message ? err.message : fallback;
}
