import { z } from "@hono/zod-openapi";
import { requireUser } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { AppError, ErrorCode, validation } from "../lib/errors.ts";
import { consumeRateLimit } from "../lib/rate-limit.ts";
import type { LinkedInProfile } from "./schemas.ts";
import { MESSAGES, normaliseLinkedInUrl } from "./validation.ts";

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 256 * 1024;
const LIMIT = { limit: 30, windowSeconds: 3600 };

/** What the provider answers; every field optional, unknown ones ignored. */
const UpstreamSchema = z.object({
  firstName: z.string().max(200).nullish(),
  lastName: z.string().max(200).nullish(),
  company: z.string().max(300).nullish(),
  position: z.string().max(300).nullish(),
  about: z.string().max(5000).nullish(),
  city: z.string().max(200).nullish(),
  avatarUrl: z.string().max(2000).nullish(),
});

const upstreamFailed = () => new AppError(ErrorCode.UPSTREAM_FAILED, "Professional-network load failed; retry or fill in the profile manually");

/**
 * Prefills a profile from a professional-network link through the provider configured as
 * LINKEDIN_SEARCH_URL (`GET <url>?profileUrl=<link>`). Without one the call says so (501).
 */
export async function searchLinkedIn(ctx: Ctx, input: { linkedInProfileUrl: string }): Promise<LinkedInProfile> {
  const actor = requireUser(ctx);
  const profileUrl = normaliseLinkedInUrl(input.linkedInProfileUrl);
  if (!profileUrl) throw validation(MESSAGES.linkedinUrl, { linkedInProfileUrl: MESSAGES.linkedinUrl });
  const base = ctx.deps.config.linkedinSearchUrl;
  if (!base) throw new AppError(ErrorCode.NOT_CONFIGURED, "LinkedIn search is not configured");
  // Each lookup may cost money at the provider.
  await consumeRateLimit(ctx.db, `linkedin-search:${actor.userId}`, LIMIT);

  const url = new URL(base);
  url.searchParams.set("profileUrl", profileUrl);
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" }, redirect: "error" });
    const text = await res.text();
    if (!res.ok || text.length > MAX_BYTES) throw upstreamFailed();
    body = JSON.parse(text);
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, "linkedin search failed");
    throw upstreamFailed();
  }
  const parsed = UpstreamSchema.safeParse(body);
  if (!parsed.success) throw upstreamFailed();
  const d = parsed.data;
  return {
    linkedInProfileUrl: profileUrl,
    firstName: d.firstName ?? null,
    lastName: d.lastName ?? null,
    company: d.company ?? null,
    position: d.position ?? null,
    about: d.about ?? null,
    city: d.city ?? null,
    avatarUrl: d.avatarUrl ?? null,
  };
}
