import type { Command } from "commander";
import { migrate } from "@tuesday/platform";
import { progress, withDeps } from "../runtime.ts";

export function registerDbCommands(program: Command): void {
  const db = program.command("db").description("Database maintenance");
  db.command("migrate")
    .description("Apply pending migrations (the server also does this at start)")
    .action(async () => {
      await withDeps(async ({ database }) => {
        // Opening the database already applied what was pending (each printed as it ran).
        const { current } = await migrate(database.db);
        progress(`Database schema is up to date${current ? ` (latest migration: ${current})` : ""}.`);
      });
    });
}
