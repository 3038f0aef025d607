/**
 * Runs one SQL statement against the browser tests' database (argv: the statement, then its
 * parameters), the way the CLI reaches it. Only for what no verb does yet, e.g. disabling an
 * account (spec 4.1's "disabled users go to /profile").
 */
import pino from "pino";
import { loadConfig, openDatabase } from "@tuesday/platform";

const [statement, ...params] = process.argv.slice(2);
if (!statement) throw new Error("usage: db-exec.ts <sql> [params...]");
const database = await openDatabase(loadConfig(), pino({ level: "warn" }));
try {
  const rows = await database.db.unsafe(statement, params);
  process.stdout.write(`${JSON.stringify(rows.count ?? rows.length)}\n`);
} finally {
  await database.close();
}
