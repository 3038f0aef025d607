// `node --import ./tests/lifecycle/production-guard.mjs`: every module the process loads is checked
// against the development-only ones; loading one prints a line and fails that import.
import { register } from "node:module";

register("./production-guard-hooks.mjs", import.meta.url);
