/**
 * `back_to` / `backTo` may only point inside the same tenant: a relative path starting with a
 * single "/". Anything else (absolute URLs, protocol-relative "//host", backslashes, control
 * characters) becomes null, so sign-in can never redirect off-site.
 */
export function safeBackTo(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (v.length > 2048 || !v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(v)) return null;
  try {
    const parsed = new URL(v, "http://same.invalid");
    if (parsed.host !== "same.invalid") return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}
