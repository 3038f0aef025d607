import { defineConfig } from "vitest/config";

/** Unit tests that still live among the API tests: they read files, never a database. */
const UNIT_IN_API = ["tests/api/i18n-complete.test.ts", "tests/api/tenants.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default"],
    projects: [
      {
        // No database: no globalSetup, so `inject("pgServerUrl")` is undefined and the harness cannot start.
        extends: true,
        test: {
          name: "unit",
          include: ["platform/src/**/*.test.ts", "member-web/src/**/*.test.ts", "openapi/src/**/*.test.ts", "tests/architecture/**/*.test.ts", ...UNIT_IN_API],
        },
      },
      {
        // One PostgreSQL for the run, a migrated template cloned per file (tests/support/harness.ts).
        extends: true,
        test: {
          name: "integration",
          globalSetup: ["./tests/support/global-setup.ts"],
          include: ["cli/src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/lifecycle/**/*.test.ts"],
          exclude: UNIT_IN_API,
        },
      },
    ],
  },
});
