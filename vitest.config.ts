import { defineConfig } from "vitest/config";

/** Unit tests that still live among the API tests: they read files, never a database. */
export const UNIT_IN_API = ["tests/api/i18n-complete.test.ts", "tests/api/tenants.test.ts"];

/**
 * API test files that keep their own process (project "integration"): each changes process-wide
 * state that would leak into the next file run in the same worker, or times a short window that a
 * busy shared worker misses. Every other file under tests/api runs in "integration-shared".
 * tests/architecture/projects.test.ts checks every test file is in exactly one project, and scans
 * the shared files for what would leak (process.env writes, module mocks, fake timers, ...).
 */
export const ISOLATED_API = ["tests/api/stomp-server.test.ts", "tests/api/webhooks-emitters.test.ts"];

/** The PostgreSQL test projects: what `--project` takes to run every database test. */
export const DATABASE_PROJECTS = ["integration", "integration-shared"];

/**
 * The API integration files of the core areas, run a second time by `npm test` (tests/run-all.ts)
 * on the operating system's PostgreSQL server: parts of paths, as `vitest run` filters take them.
 */
export const PG_SERVER_FILES = [
  "tests/api/migrate.test.ts",
  "tests/api/auth-",
  "tests/api/events-",
  "tests/api/chat-",
  "tests/api/mail.test.ts",
  "tests/api/mailings.test.ts",
  "tests/api/matching-api.test.ts",
  "tests/api/matching-weekly",
];

/**
 * The API files whose statements tests/api/citus-queries.test.ts checks (every area that joins
 * tenant tables). `npm test` runs them in the PostgreSQL server pass too, with every statement
 * logged, and the check reads that log (tests/run-all.ts); run by hand, the check runs them itself.
 */
export const CITUS_WORKLOAD = [
  "tests/api/directory.test.ts",
  "tests/api/chat-api.test.ts",
  "tests/api/chat-members.test.ts",
  "tests/api/events-participation.test.ts",
  "tests/api/event-meetings.test.ts",
  "tests/api/matching-api.test.ts",
  "tests/api/matching-weekly.test.ts",
  "tests/api/mailings.test.ts",
  "tests/api/requests.test.ts",
  "tests/api/relations.test.ts",
  "tests/api/meetings.test.ts",
  "tests/api/member-reports.test.ts",
  "tests/api/console-participants-tools.test.ts",
  "tests/api/questionnaire.test.ts",
  "tests/api/account-disable.test.ts",
  "tests/api/audit.test.ts",
];

/** What the PostgreSQL server pass of `npm test` runs: PG_SERVER_FILES and the Citus workload. */
export const PG_SERVER_PASS = [...new Set([...PG_SERVER_FILES, ...CITUS_WORKLOAD])];

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
        // A fresh process per file: the CLI tests (the CLI sets process.env.DATABASE_URL), the
        // server-process tests under tests/lifecycle, and the API files listed in ISOLATED_API.
        extends: true,
        test: {
          name: "integration",
          globalSetup: ["./tests/support/global-setup.ts"],
          include: ["cli/src/**/*.test.ts", "tests/lifecycle/**/*.test.ts", ...ISOLATED_API],
        },
      },
      {
        // The other API files: a worker process runs file after file (`isolate: false`), so the
        // platform's modules are imported once per worker instead of once per file (about half of
        // an API file's time). Each file still gets its own database (harness.ts) and app.
        extends: true,
        test: {
          name: "integration-shared",
          globalSetup: ["./tests/support/global-setup.ts"],
          isolate: false,
          include: ["tests/api/**/*.test.ts"],
          exclude: [...UNIT_IN_API, ...ISOLATED_API],
        },
      },
    ],
  },
});
