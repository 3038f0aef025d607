import type { Hono } from "hono";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { createHash } from "node:crypto";
import { z } from "zod";
import { googleClientId } from "../auth/google.ts";
import { DEV_GOOGLE_PATH, DEV_GOOGLE_SIGN_IN_URL, type GoogleConfig } from "../config.ts";
import type { AppEnv } from "../http/env.ts";
import { createRouter } from "../http/openapi.ts";
import { AppError, ErrorCode, validation } from "../lib/errors.ts";
import type { TenantConfig } from "../tenancy/schema.ts";

/**
 * A development stand-in for Google sign-in at /dev/google, so the GOOGLE button works on a fresh
 * machine: a key set, and a page that issues a Google-shaped ID token for any e-mail typed in.
 * The server verifies those tokens exactly as Google's (auth/google.ts), fetching this key set.
 * Served only with devTools on and no Google settings (config.ts devGoogleConfig).
 */
export const DEV_GOOGLE_MESSAGE = "tuesday-dev-google";

type DevKeys = { kid: string; privateKey: CryptoKey; jwks: { keys: JWK[] } };
let keys: Promise<DevKeys> | undefined;

/** One key pair per process, never stored: a token is used the moment it is issued. */
function devKeys(): Promise<DevKeys> {
  keys ??= (async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const kid = `dev-google-${Date.now().toString(36)}`;
    return { kid, privateKey, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] } };
  })();
  return keys;
}

/** The same e-mail always gets the same subject, so signing in again finds the same identity. */
function devSubject(email: string): string {
  return `dev-${createHash("sha256").update(email).digest("hex").slice(0, 20)}`;
}

export async function issueDevGoogleIdToken(input: { issuer: string; audience: string; email: string; name?: string | undefined }): Promise<string> {
  const { kid, privateKey } = await devKeys();
  const email = input.email.trim().toLowerCase();
  const name = input.name?.trim() || email.split("@")[0] || email;
  return new SignJWT({ email, email_verified: true, name, given_name: name.split(" ")[0] })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(input.issuer)
    .setAudience(input.audience)
    .setSubject(devSubject(email))
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(privateKey);
}

const TokenRequestSchema = z.strictObject({ email: z.string().trim().email().max(254), name: z.string().max(200).optional() });

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in with Google (development)</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px #0001;width:min(360px,90vw)}label{display:block;margin:16px 0 6px}input,textarea{width:100%;padding:10px;box-sizing:border-box;border:1px solid #ccd;border-radius:8px;font-size:16px}button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#1a73e8;color:#fff;font-size:16px;cursor:pointer}p{color:#52606d;font-size:14px}.error{color:#c92a2a}</style></head>
<body><main><h1>Google (development)</h1><p>A stand-in for Google sign-in on this machine. Any e-mail signs in, as a verified address.</p>
<form id="form"><label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus><label for="name">Name (optional)</label><input id="name" name="name" autocomplete="name"><button type="submit">Continue</button></form>
<p id="error" class="error" hidden></p><div id="token" hidden><p>No app window is waiting for it; here is the ID token for <code>POST /api/auth/login/google</code>:</p><textarea rows="8" readonly></textarea></div>
<script src="${DEV_GOOGLE_PATH}/sign-in.js"></script></main></body></html>`;

// The page answers the member app that opened it the way Google Identity Services answers its
// callback: with an ID token ("credential"), by postMessage to the same origin only.
const SCRIPT = `const form = document.getElementById("form");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("error");
  error.hidden = true;
  const body = { email: form.email.value };
  if (form.name.value.trim()) body.name = form.name.value;
  const res = await fetch(${JSON.stringify(`${DEV_GOOGLE_PATH}/token`)}, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const out = await res.json();
  if (!res.ok) {
    error.textContent = out.msg || "Sign-in failed";
    error.hidden = false;
    return;
  }
  if (window.opener) {
    window.opener.postMessage({ type: ${JSON.stringify(DEV_GOOGLE_MESSAGE)}, credential: out.credential }, location.origin);
    window.close();
    return;
  }
  const box = document.getElementById("token");
  box.querySelector("textarea").value = out.credential;
  box.hidden = false;
});
`;

function audienceOf(tenant: TenantConfig, google: GoogleConfig): string {
  const audience = googleClientId(tenant, google);
  if (!audience) throw new AppError(ErrorCode.NOT_CONFIGURED, "Google sign-in is not configured for this community");
  return audience;
}

/** /dev/google: key set, sign-in page and token endpoint of the stand-in (development only). */
export function devGoogleRouter(): Hono<AppEnv> {
  const app = createRouter();
  app.get(`${DEV_GOOGLE_PATH}/certs`, async (c) => c.json((await devKeys()).jwks));
  app.get(DEV_GOOGLE_SIGN_IN_URL, (c) => c.html(PAGE, 200, { "Cache-Control": "no-store" }));
  app.get(`${DEV_GOOGLE_PATH}/sign-in.js`, (c) => c.body(SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" }));
  app.post(`${DEV_GOOGLE_PATH}/token`, async (c) => {
    const parsed = TokenRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw validation("Type an e-mail address", { email: "Type an e-mail address" });
    const { tenant, deps } = c.get("ctx");
    const [issuer] = deps.config.google.issuers;
    if (!issuer) throw new AppError(ErrorCode.NOT_CONFIGURED, "Google sign-in is not configured");
    const credential = await issueDevGoogleIdToken({ issuer, audience: audienceOf(tenant.config, deps.config.google), ...parsed.data });
    return c.json({ credential }, 200, { "Cache-Control": "no-store" });
  });
  return app;
}
