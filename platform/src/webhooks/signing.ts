/** Standard Webhooks signing (https://www.standardwebhooks.com): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export function signPayload(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The `webhook-signature` header: one signature per live secret, space-separated (rotation). */
export function signatureHeader(secrets: string[], messageId: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => signPayload(s, messageId, timestampSeconds, body)).join(" ");
}
