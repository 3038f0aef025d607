import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import type { Lang } from "../tenancy/schema.ts";

export type UserRow = {
  id: string;
  email: string | null;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  policyAgreedAt: Date | null;
  homeCommunityId: string;
  preferredLang: Lang;
  isOperator: boolean;
  enabled: boolean;
  invitedBy: string | null;
  lastLoginAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
};

const USER_COLUMNS = `id, email, password_hash as "passwordHash", email_verified_at as "emailVerifiedAt",
  policy_agreed_at as "policyAgreedAt", home_community_id as "homeCommunityId", preferred_lang as "preferredLang",
  is_operator as "isOperator", enabled, invited_by as "invitedBy", last_login_at as "lastLoginAt",
  deleted_at as "deletedAt", created_at as "createdAt"`;

/** E-mails are compared case-insensitively (citext) and stored trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`
    select ${db.unsafe(USER_COLUMNS)} from users where email = ${normalizeEmail(email)} and deleted_at is null`;
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`select ${db.unsafe(USER_COLUMNS)} from users where id = ${id} and deleted_at is null`;
  return row;
}

export type NewUser = {
  email: string;
  passwordHash?: string | null;
  homeCommunityId: string;
  preferredLang: Lang;
  emailVerified?: boolean;
  policyAgreed?: boolean;
  isOperator?: boolean;
};

/** Creates a user; a taken e-mail is a 409 EMAIL_TAKEN. */
export async function insertUser(db: Db, u: NewUser): Promise<UserRow> {
  try {
    const [row] = await db<UserRow[]>`
      insert into users (email, password_hash, home_community_id, preferred_lang, email_verified_at, policy_agreed_at, is_operator)
      values (${normalizeEmail(u.email)}, ${u.passwordHash ?? null}, ${u.homeCommunityId}, ${u.preferredLang},
              ${u.emailVerified ? db`now()` : null}, ${u.policyAgreed ? db`now()` : null}, ${u.isOperator ?? false})
      returning ${db.unsafe(USER_COLUMNS)}`;
    if (!row) throw new Error("user insert returned nothing");
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.EMAIL_TAKEN, "This e-mail is already registered");
    throw err;
  }
}

/**
 * The account behind a proven e-mail address (code, link or verified provider claim): found, or
 * created on first sign-in. Proving the address also marks it verified.
 */
export async function findOrCreateVerifiedUser(
  db: Db,
  input: { email: string; homeCommunityId: string; preferredLang: Lang },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (!existing.emailVerifiedAt) await db`update users set email_verified_at = now() where id = ${existing.id}`;
    return { user: existing, created: false };
  }
  try {
    return { user: await insertUser(db, { ...input, emailVerified: true }), created: true };
  } catch (err) {
    // Two first sign-ins raced: the other one created the account.
    const again = await findUserByEmail(db, input.email);
    if (again) return { user: again, created: false };
    throw err;
  }
}
