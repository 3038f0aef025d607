import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { progress } from "../runtime.ts";

export function registerOpenApiCommand(program: Command): void {
  program
    .command("openapi")
    .description("Print the OpenAPI document of the API (or write it to a file); no database needed")
    .option("--out <file>", "write it here instead of stdout")
    .addHelpText("after", "\nExamples:\n  tuesday openapi > openapi.json\n  tuesday openapi --out /tmp/tuesday-openapi.json\n")
    .action(async (opts: { out?: string }) => {
      const { describeApi } = await import("@tuesday/platform/http");
      const text = `${JSON.stringify(describeApi(), null, 2)}\n`;
      if (!opts.out) {
        process.stdout.write(text);
        return;
      }
      await fs.mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
      await fs.writeFile(opts.out, text);
      progress(`Wrote ${opts.out}.`);
    });
}
