// The worker thread's entry (candidates.ts `computeLists`): the platform runs its TypeScript through
// tsx, whose loader a worker thread does not inherit on Node 20, so the worker loads its module
// through tsx's API.
import { tsImport } from "tsx/esm/api";

await tsImport("./candidates-worker.ts", import.meta.url);
