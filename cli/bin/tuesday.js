#!/usr/bin/env node
// The CLI is TypeScript run through tsx, like the server: no build step.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
