import fs from "node:fs/promises";
import path from "node:path";

/**
 * A generated file's script: writes `text` to `file`, or with --check on the command line fails
 * (exit 1) when the committed file differs, naming `command` to run.
 */
export async function writeOrCheck(file: string, text: string, command: string): Promise<void> {
  const rel = path.relative(process.cwd(), file);
  if (process.argv.includes("--check")) {
    const current = await fs.readFile(file, "utf8").catch(() => "");
    if (current !== text) {
      console.error(`Stale: ${rel}. Run \`${command}\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${rel} is up to date.`);
    return;
  }
  await fs.writeFile(file, text);
  console.log(`Wrote ${rel}.`);
}
