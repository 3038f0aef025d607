import type { Deps } from "../context.ts";

/** Demo data for a first run. The members issue fills communities with realistic members. */
export async function seedDemo(_deps: Deps): Promise<void> {}
