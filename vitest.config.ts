import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["./tests/support/global-setup.ts"],
    include: ["platform/src/**/*.test.ts", "cli/src/**/*.test.ts", "member-web/src/**/*.test.ts", "tests/api/**/*.test.ts", "tests/lifecycle/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
