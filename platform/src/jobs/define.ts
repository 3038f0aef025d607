import type { z } from "zod";
import type { Deps } from "../context.ts";
import type { JobDefinition } from "./jobs.ts";

/**
 * One job kind whose handler takes the process's Deps. jobs.ts keeps the handler's dependencies a
 * type parameter (it only passes them through), so it need not import context.ts, which names it.
 */
export type JobDef<S extends z.ZodType<{ communityId: string }>> = JobDefinition<S, Deps>;
