import type { Ctx } from "../context.ts";
import { accessDenied, AppError, ErrorCode } from "../lib/errors.ts";
import type { AuthType, Tenant } from "../tenancy/schema.ts";
import { createSession } from "./session.ts";
import type { UserRow } from "./users.ts";

export type LoginResult = { token: string; firstLogin: boolean };

/** A sign-in method the tenant does not list is refused, whatever the request says. */
export function assertMethodAllowed(tenant: Tenant, ...methods: AuthType[]): void {
  const allowed = tenant.config.authConfig.some((a) => methods.includes(a.authType));
  if (!allowed) {
    throw new AppError(ErrorCode.AUTH_METHOD_NOT_ALLOWED, `Sign-in with ${methods.join("/")} is not enabled for this community`);
  }
}

export function isMethodAllowed(tenant: Tenant, method: AuthType): boolean {
  return tenant.config.authConfig.some((a) => a.authType === method);
}

/**
 * Every successful sign-in ends here: a brand-new session (never a reused one) bound to the
 * tenant of the request. firstLogin is true on the account's very first sign-in.
 */
export async function completeSignIn(ctx: Ctx, user: Pick<UserRow, "id" | "lastLoginAt" | "enabled">, method: AuthType | "TRANSFER" | "RECOVERY"): Promise<LoginResult> {
  // Every way in ends here (the earlier checks of some methods answer the same).
  if (!user.enabled) throw accessDenied("This account is disabled");
  const { token } = await createSession(ctx.db, { userId: user.id, communityId: ctx.tenant.id, authMethod: method });
  ctx.log.info({ userId: user.id, method }, "signed in");
  return { token, firstLogin: user.lastLoginAt === null };
}
