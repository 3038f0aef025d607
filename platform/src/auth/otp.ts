import type { Ctx } from "../context.ts";
import type { LoginResult } from "./sign-in.ts";

/** OTP / NONE: sends a one-time code by e-mail. (Filled in by the passwordless work.) */
export async function requestLoginCode(_ctx: Ctx, _input: { email: string }): Promise<void> {
  throw new Error("not implemented");
}

/** OTP / NONE: exchanges the e-mailed code for a session. */
export async function loginWithCode(_ctx: Ctx, _input: { email: string; code: string }): Promise<LoginResult> {
  throw new Error("not implemented");
}
