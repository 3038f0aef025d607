import pino from "pino";
import { describe, expect, it } from "vitest";
import { createErrorReporter, noErrorReporter } from "./error-reporting.ts";

describe("createErrorReporter", () => {
  it("without a DSN loads no SDK and reports nothing", async () => {
    expect(await createErrorReporter(undefined, { log: pino({ level: "silent" }) })).toBe(noErrorReporter);
    expect(await createErrorReporter("", { log: pino({ level: "silent" }) })).toBe(noErrorReporter);
  });
});
