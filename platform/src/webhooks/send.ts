/**
 * One outgoing webhook request: http(s) only, the host's addresses checked (private, loopback and
 * link-local refused unless WEBHOOK_ALLOW_PRIVATE), the connection pinned to a checked address,
 * redirects not followed, a deadline, and only the first bytes of the answer read.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "../images/fetch-remote.ts";

export type SendResult = { ok: boolean; status: number | null; latencyMs: number; error: string | null };

export class WebhookTargetRefused extends Error {}

/** Checks a URL as an endpoint may have it (at registration and before each request). */
export async function checkTarget(rawUrl: string, allowPrivate: boolean): Promise<{ url: URL; addresses: { address: string; family: number }[] }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookTargetRefused("not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new WebhookTargetRefused("only http and https URLs");
  if (url.username || url.password) throw new WebhookTargetRefused("credentials in the URL");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  try {
    addresses = literal ? [{ address: host, family: literal }] : await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookTargetRefused(`the host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`the host ${host} has no address`);
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookTargetRefused("a private or local network address");
  return { url, addresses };
}

function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0];
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error("no address"), "");
  };
}

export async function sendWebhook(rawUrl: string, headers: Record<string, string>, body: string, opts: { allowPrivate: boolean; timeoutMs: number }): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    ok: status !== null && status >= 200 && status < 300,
    status,
    latencyMs: Math.round(performance.now() - started),
    error,
  });
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(rawUrl, opts.allowPrivate);
  } catch (err) {
    return done(null, `refused: ${(err as Error).message}`);
  }
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    const req = client.request(target.url, {
      method: "POST",
      agent: false,
      lookup: pinnedLookup(target.addresses),
      timeout: opts.timeoutMs,
      headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "Tuesday-Webhooks/1.0" },
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on("response", (res) => {
      // The answer's body is not needed; read a little and drop the rest.
      res.resume();
      res.on("end", () => {
        clearTimeout(timer);
        resolve(done(res.statusCode ?? null, null));
      });
      res.on("error", () => {
        clearTimeout(timer);
        resolve(done(res.statusCode ?? null, null));
      });
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
    req.on("error", (err) => {
      clearTimeout(timer);
      resolve(done(null, err.message));
    });
    req.end(body);
  });
}
