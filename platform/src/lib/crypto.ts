import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { hash, randomInt } from "node:crypto";

/** A random token of `bytes` bytes from the CSPRNG, base32 (lowercase, no padding). */
export function randomToken(bytes = 20): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

/**
 * SHA-256 of the UTF-8 secret. Node's one-shot hash: every signed-in request hashes its session
 * secret (auth/session-cache.ts); in bench:api's profile the JavaScript SHA-256 took 8.6 us of a
 * request, this 3.5 us.
 */
export function hashSecret(secret: string): Uint8Array {
  return hash("sha256", secret, "buffer");
}

export function hashHex(secret: string): string {
  return encodeHexLowerCase(hashSecret(secret));
}

export function secretsEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && constantTimeEqual(a, b);
}

/** Compares two strings in time independent of where they differ (lengths are hashed first). */
export function stringsEqual(a: string, b: string): boolean {
  return constantTimeEqual(hashSecret(a), hashSecret(b));
}

/** A numeric one-time code of `digits` digits, uniformly drawn. */
export function numericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}
