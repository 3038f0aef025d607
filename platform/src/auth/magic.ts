import type { Ctx } from "../context.ts";

/** MAGIC: e-mails a one-time sign-in link. (Filled in by the passwordless work.) */
export async function requestMagicLink(_ctx: Ctx, _input: { email: string; backTo: string | null }): Promise<void> {
  throw new Error("not implemented");
}
