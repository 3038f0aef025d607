import type { Db } from "./client.ts";

/**
 * A process cache kept per database (pool): `cache(db)` is that database's map, made on first use
 * and dropped with the pool. Keyed by the pool, not only by community id, because two databases
 * (the test harness's, or two deployments in one process) can hold the same community id.
 */
export function perDatabase<V>(): (db: Db) => Map<string, V> {
  const maps = new WeakMap<Db, Map<string, V>>();
  return (db) => {
    let map = maps.get(db);
    if (!map) {
      map = new Map<string, V>();
      maps.set(db, map);
    }
    return map;
  };
}
