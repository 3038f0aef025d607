import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { migrate } from "@tuesday/platform";
import { output, progress, withDatabaseOnly, withDeps } from "../runtime.ts";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../platform/src/db/migrations");

export function registerDbCommands(program: Command): void {
  const db = program.command("db").description("Database maintenance");
  db.command("migrate")
    .description("Apply pending migrations (the server also does this at start)")
    .addHelpText("after", "\nExamples:\n  tuesday db migrate\n  DATABASE_URL=postgres://tuesday@db/tuesday tuesday db migrate\n")
    .action(async () => {
      await withDeps(async ({ database }) => {
        // Opening the database already applied what was pending (each printed as it ran).
        const { current } = await migrate(database.db);
        progress(`Database schema is up to date${current ? ` (latest migration: ${current})` : ""}.`);
        output({ ok: true, current: current ?? null }, () => "");
      });
    });
  db.command("status")
    .description("Migrations applied (with when) and pending; applies nothing (`db migrate` does)")
    .addHelpText("after", "\nExamples:\n  tuesday db status\n  tuesday db status --json\n")
    .action(async () => {
      await withDatabaseOnly(async (database) => {
        const files = (await fs.readdir(MIGRATIONS)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
        const [table] = await database.db<{ name: string | null }[]>`select to_regclass('schema_migrations')::text as name`;
        const rows = table?.name
          ? await database.db<{ name: string; appliedAt: Date }[]>`select name, applied_at as "appliedAt" from schema_migrations order by name`
          : [];
        const applied = new Map(rows.map((r) => [r.name, r.appliedAt]));
        const list = files.map((f) => ({ name: f, appliedAt: applied.get(f)?.toISOString() ?? null }));
        const pending = list.filter((m) => !m.appliedAt).length;
        output({ migrations: list, pending }, () =>
          [...list.map((m) => `${m.appliedAt ? "applied" : "pending"}  ${m.name}${m.appliedAt ? `  ${m.appliedAt.slice(0, 19).replace("T", " ")}` : ""}`), `${list.length - pending} applied, ${pending} pending.`].join("\n"),
        );
      });
    });
}
