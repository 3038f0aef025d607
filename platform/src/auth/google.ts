import type { Ctx } from "../context.ts";
import type { LoginResult } from "./sign-in.ts";

/** GOOGLE: verifies an ID token against the configured JWKS. (Filled in by the passwordless work.) */
export async function loginWithGoogle(_ctx: Ctx, _input: { idToken: string }): Promise<LoginResult> {
  throw new Error("not implemented");
}
