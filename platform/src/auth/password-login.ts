import type { Ctx } from "../context.ts";
import type { LoginResult } from "./sign-in.ts";

/** EMAIL sign-in: e-mail + password. (Filled in by the password work.) */
export async function loginWithPassword(_ctx: Ctx, _input: { email: string; password: string }): Promise<LoginResult> {
  throw new Error("not implemented");
}
