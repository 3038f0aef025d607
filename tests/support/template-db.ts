import { inject } from "vitest";
import { createDb, withDatabase } from "@tuesday/platform";
import { TEMPLATE_DB } from "./global-setup.ts";

export type TemplateDb = { url: string; drop: () => Promise<void> };

/**
 * A database of its own on the suite's PostgreSQL, cloned from the migrated template, for tests
 * whose server processes reach it through DATABASE_URL; `drop()` removes it (even with open
 * connections, e.g. of a killed process).
 */
export async function cloneTemplateDb(prefix: string): Promise<TemplateDb> {
  const serverUrl = inject("pgServerUrl");
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = createDb(serverUrl, { max: 1 });
  await admin.unsafe(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const again = createDb(serverUrl, { max: 1 });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
