import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError, ErrorCode, validation } from "../lib/errors.ts";
import { sniffImageFormat, unsupportedImage } from "./processing.ts";

export type FetchPolicy = {
  /** Budget for the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  /** Skip the address check entirely (development and tests only). */
  allowPrivate: boolean;
  /** Single addresses exempt from the check. */
  allowedIps: readonly string[];
};

export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// Unspecified, private, loopback, CGNAT, link-local (cloud metadata), protocol and documentation
// ranges, benchmarking, multicast, reserved and broadcast.
const DENIED_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
// IPv6 is allowed only inside global unicast 2000::/3, which already excludes ::, ::1, mapped
// IPv4 (::ffff:0:0/96), NAT64 (64:ff9b::/96), ULA fc00::/7, link-local fe80::/10 and multicast
// ff00::/8. Inside it: IETF protocol space (Teredo among it), documentation and 6to4, which
// embeds an arbitrary IPv4 address.
const DENIED_V6: [string, number][] = [
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
];

const deniedV4 = new BlockList();
for (const [net, prefix] of DENIED_V4) deniedV4.addSubnet(net, prefix, "ipv4");
const globalV6 = new BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");
const deniedV6 = new BlockList();
for (const [net, prefix] of DENIED_V6) deniedV6.addSubnet(net, prefix, "ipv6");

/** True only for an address on the public internet. */
export function isPublicAddress(ip: string): boolean {
  try {
    const family = isIP(ip);
    if (family === 4) return !deniedV4.check(ip, "ipv4");
    if (family === 6) return globalV6.check(ip, "ipv6") && !deniedV6.check(ip, "ipv6");
  } catch {
    // An address BlockList cannot parse (e.g. with a zone id) is not public.
  }
  return false;
}

type Address = { address: string; family: number };

function refused(url: URL): AppError {
  return validation(`The image link points to a private or local network address (${url.hostname}), which is not allowed`, {
    imageUrl: "private or local address",
  });
}

function unknownHost(host: string): AppError {
  return validation(`The image link's host ${host} does not exist`, { imageUrl: "unknown host" });
}

function upstreamFailed(msg: string): AppError {
  return new AppError(ErrorCode.UPSTREAM_FAILED, msg);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The image is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`);
}

/** An http(s) URL without credentials; anything else is refused before any network traffic. */
export function parseImageUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw validation("The image link is not a valid URL", { imageUrl: "invalid URL" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw validation("Only http and https image links are accepted", { imageUrl: "http(s) only" });
  }
  if (url.username || url.password) throw validation("Image links may not carry credentials", { imageUrl: "credentials in URL" });
  return url;
}

/**
 * Names under the top-level domains reserved never to exist in the public DNS (RFC 2606, RFC 6761:
 * .invalid, .test, .example): a link to one is wrong whatever the resolver says, and is refused
 * without asking it (offline, a resolver's failure would otherwise read as the upstream's 502).
 */
const NEVER_RESOLVED = /(^|\.)(invalid|test|example)\.?$/i;

/** Resolves the host and checks every address it has: one private answer refuses the host. */
async function resolveChecked(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<Address[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  let addresses: Address[];
  if (literal) addresses = [{ address: host, family: literal }];
  else if (NEVER_RESOLVED.test(host)) throw unknownHost(host);
  else {
    try {
      addresses = await abortable(dnsLookup(host, { all: true, verbatim: true }), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      // No such name (NXDOMAIN) or no address for it: the link is wrong. A resolver that failed
      // or timed out (EAI_AGAIN, SERVFAIL) is the upstream's trouble: 502.
      const code = (err as { code?: unknown }).code;
      if (code === "ENOTFOUND" || code === "ENODATA") throw unknownHost(host);
      throw upstreamFailed(`The image host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw unknownHost(host);
  if (!policy.allowPrivate) {
    for (const a of addresses) {
      if (!isPublicAddress(a.address) && !policy.allowedIps.includes(a.address)) throw refused(url);
    }
  }
  return addresses;
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * The connection goes to the addresses checked above, never to a second DNS answer, so a host
 * that resolves to a public address once and a private one next time (DNS rebinding) gains nothing.
 */
function pinnedLookup(addresses: Address[]): LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0];
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error("no address"), "");
  };
}

function get(url: URL, addresses: Address[], signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "GET",
      // A fresh socket per hop: a pooled one may lead to another address.
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
      headers: { "user-agent": "Tuesday-ImageFetcher/1.0", accept: "image/jpeg, image/png;q=0.9, */*;q=0.1", "accept-encoding": "identity" },
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

async function readBody(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Stop reading past the limit rather than trusting Content-Length.
    if (size > maxBytes) {
      res.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
    // An HTML page or other non-image is refused after its first bytes, not after megabytes.
    if (!sniffed && size >= 8) {
      sniffed = true;
      if (!sniffImageFormat(Buffer.concat(chunks))) {
        res.destroy();
        throw unsupportedImage();
      }
    }
  }
  return Buffer.concat(chunks, size);
}

/**
 * Downloads an image link for processing: http(s) only, every hop's addresses checked (at most
 * MAX_REDIRECTS redirects, followed by hand), connections pinned to the checked address, one
 * deadline for the whole fetch and a cap on the bytes read.
 */
export async function fetchRemoteImage(rawUrl: string, policy: FetchPolicy): Promise<Buffer> {
  let url = parseImageUrl(rawUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("image fetch timed out")), policy.timeoutMs);
  const signal = controller.signal;
  try {
    for (let hop = 0; ; hop++) {
      const addresses = await resolveChecked(url, policy, signal);
      const res = await get(url, addresses, signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.destroy();
        const location = res.headers.location;
        if (!location) throw upstreamFailed(`The image link answered ${status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw upstreamFailed(`The image link redirected more than ${MAX_REDIRECTS} times`);
        url = parseImageUrl(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw upstreamFailed(`The image link answered HTTP ${status}`);
      }
      return await readBody(res, policy.maxBytes);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal.aborted) throw upstreamFailed(`The image link did not answer within ${policy.timeoutMs} ms`);
    throw upstreamFailed("The image could not be fetched from the link");
  } finally {
    clearTimeout(timer);
  }
}
