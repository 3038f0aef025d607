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

/**
 * Checks and consumes an e-mailed code for the signed-in user's own address without creating a
 * session (confirms sensitive actions such as deleting a passwordless account). Counts failures
 * like sign-in does.
 */
export async function consumeLoginCode(_ctx: Ctx, _input: { email: string; code: string }): Promise<boolean> {
  throw new Error("not implemented");
}
