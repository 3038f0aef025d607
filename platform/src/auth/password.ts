import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError, ErrorCode } from "../lib/errors.ts";

/** OWASP ASVS / Copenhagen Book parameters: argon2id, 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const COMMON_PASSWORDS_REFUSED = 3000;

let common: Set<string> | undefined;

/** The 3,000 most common passwords (zxcvbn-ts's ranked list), compared case-insensitively. */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const entry = dictionary["passwords-common"] as unknown;
    const loaded = typeof entry === "function" ? await (entry as () => Promise<unknown>)() : entry;
    const list = (Array.isArray(loaded) ? loaded : (loaded as { default: string[] }).default) as string[];
    common = new Set(list.slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));
  }
  return common;
}

/**
 * Passwords are trimmed, then must be 8-128 characters (code points) and not among the most
 * common ones. Returns the trimmed password, which is what gets hashed (never truncated).
 */
export async function checkPasswordPolicy(password: string): Promise<string> {
  const trimmed = password.trim();
  const length = [...trimmed].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw new AppError(ErrorCode.WEAK_PASSWORD, "Password must be 8 to 128 characters (not fewer than 8 characters)", {
      errors: { password: "length" },
    });
  }
  if ((await commonPasswords()).has(trimmed.toLowerCase())) {
    throw new AppError(ErrorCode.WEAK_PASSWORD, "This password is too common; choose another one", { errors: { password: "common" } });
  }
  return trimmed;
}

export async function hashPassword(trimmedPassword: string): Promise<string> {
  return hash(trimmedPassword, ARGON2_OPTIONS);
}

// Verifying against this when the account does not exist keeps the timing the same either way.
let dummyHash: Promise<string> | undefined;

/** Verifies a password (trimmed as at registration). `hashed` null means "no such account / no password". */
export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hash("tuesday-timing-equaliser", ARGON2_OPTIONS);
    await verify(await dummyHash, password.trim()).catch(() => false);
    return false;
  }
  return verify(hashed, password.trim()).catch(() => false);
}
