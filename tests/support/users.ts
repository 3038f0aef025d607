import { randomUUID } from "node:crypto";
import { hashPassword } from "../../platform/src/auth/password.ts";
import { createSession } from "../../platform/src/auth/session.ts";
import { insertUser, type UserRow } from "../../platform/src/auth/users.ts";
import type { TestEnv } from "./harness.ts";

export type CreateUserOptions = {
  /** Community of the participant and the session; default "alpha". */
  tenant?: string;
  email?: string;
  password?: string;
  /** Participant role in `tenant`; null for a user with no participant there. Default "member". */
  role?: "member" | "moderator" | "admin" | null;
  /** Platform operator (users.is_operator). */
  operator?: boolean;
};

export type CreatedUser = { user: UserRow; token: string; participantId: string | null; email: string; password: string };

export const DEFAULT_TEST_PASSWORD = "Tuesday-test-pw-2024!";

/** A unique e-mail for one test. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A verified user with a password, a confirmed participant in `tenant` (unless role is null) and
 * a session bound to `tenant` (send `token` as Bearer).
 */
export async function createUser(env: TestEnv, opts: CreateUserOptions = {}): Promise<CreatedUser> {
  const tenant = opts.tenant ?? "alpha";
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? DEFAULT_TEST_PASSWORD;
  const user = await insertUser(env.db, {
    email,
    passwordHash: await hashPassword(password),
    homeCommunityId: tenant,
    preferredLang: "en",
    emailVerified: true,
    policyAgreed: true,
    isOperator: opts.operator ?? false,
  });
  let participantId: string | null = null;
  const role = opts.role === undefined ? "member" : opts.role;
  if (role !== null) {
    const [row] = await env.db<{ id: string }[]>`
      insert into participants (community_id, user_id, role, moderation_status)
      values (${tenant}, ${user.id}, ${role}, 'confirmed') returning id`;
    participantId = row?.id ?? null;
  }
  const { token } = await createSession(env.db, { userId: user.id, communityId: tenant, authMethod: "EMAIL" });
  return { user, token, participantId, email, password };
}

/** A session for an existing user in another community (e.g. after joining it). */
export async function signInAs(env: TestEnv, userId: string, tenant: string): Promise<string> {
  return (await createSession(env.db, { userId, communityId: tenant, authMethod: "EMAIL" })).token;
}
