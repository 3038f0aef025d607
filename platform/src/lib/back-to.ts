/**
 * `back_to` / `backTo` may only point inside the same tenant: a relative path starting with a
 * single "/". Anything else (absolute URLs, protocol-relative "//host", backslashes, control
 * characters) becomes null, so sign-in can never redirect off-site.
 */
export function safeBackTo(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (v.length > 2048 || !v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return null;
  for (const ch of v) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return null;
  }
  try {
    const parsed = new URL(v, "http://same.invalid");
    if (parsed.host !== "same.invalid") return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}
