// A standard address shape: something@something.tld, no spaces (spec 5).
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EMAIL_ERROR_MS = 2_500;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/** The password rule of spec 5: after trimming, 8 to 128 characters. */
export function isPasswordLength(value: string): boolean {
  const n = value.trim().length;
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX;
}

/** Only same-site relative paths may be a post-login target (never `//host` or a scheme). */
export function safePath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}
