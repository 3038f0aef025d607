import { api, call } from "../../api/client.ts";
import { type Community, codeAuthType } from "../../api/community.ts";
import { storage } from "../../lib/storage.ts";

export const RESEND_SECONDS = 60;

/** Sends a sign-in code and remembers where and when, so /one-time-code can show the countdown. */
export async function requestSignInCode(community: Community, email: string): Promise<void> {
  await call(api.POST("/api/auth/login", { body: { authType: codeAuthType(community), email } }));
  storage.setEmail(email);
  storage.setCodeSentAt(Date.now());
}

export async function requestMagicLink(email: string, backTo: string | null): Promise<void> {
  await call(api.POST("/api/auth/login", { body: { authType: "MAGIC", email, ...(backTo ? { backTo } : {}) } }));
}
