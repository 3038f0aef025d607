/** Shared arrangement for the matching API tests: members with profiles, and matches stored as the services store them. */
import { type ContactType, invalidateCommunityModel } from "@tuesday/platform";
import type { TestEnv } from "../support/harness.ts";
import { type CreatedUser, createMember } from "../support/users.ts";

export type Profile = {
  firstName?: string;
  lastName?: string;
  tags?: string[];
  city?: string | null;
  lookingForText?: string | null;
  canHelpWithText?: string | null;
  about?: string | null;
  contacts?: Record<string, string>;
  phone?: string | null;
  privacy?: "NONE" | "PRIVATE" | "CUSTOM";
  hiddenContacts?: string[];
  language?: "en" | "ru" | null;
  /** profile_completed_at set (default true). */
  complete?: boolean;
  status?: "pending" | "confirmed" | "rejected";
};

export const DEFAULT_LINKEDIN = "https://www.linkedin.com/in/test-member";

export type Member = CreatedUser & { id: string; tenant: string };

/** A signed-in participant of `tenant` with the given profile, written through the profile verbs (createMember). */
export async function member(env: TestEnv, tenant: string, p: Profile = {}, role: "member" | "moderator" | "admin" = "member"): Promise<Member> {
  const u = await createMember(env, {
    tenant,
    role,
    status: p.status ?? "confirmed",
    complete: p.complete !== false,
    profile: {
      firstName: p.firstName ?? "Test",
      lastName: p.lastName ?? "Member",
      tags: p.tags ?? [],
      city: p.city ?? null,
      about: p.about ?? null,
      // The test communities require a LinkedIn or Facebook contact: given contacts without either get the default LinkedIn.
      contacts: p.contacts?.LINKEDIN || p.contacts?.FACEBOOK ? p.contacts : { LINKEDIN: DEFAULT_LINKEDIN, ...p.contacts },
      phone: p.phone ?? null,
      privacy: p.privacy ?? "NONE",
      hiddenContacts: (p.hiddenContacts ?? []) as ContactType[],
      ...(p.language ? { language: p.language } : {}),
      lookingForText: p.lookingForText ?? null,
      canHelpWithText: p.canHelpWithText ?? null,
    },
  });
  return { ...u, id: u.participantId ?? "", tenant };
}

/**
 * A match of a and b (source ADMIN unless given) with a result for each (or only for a), as the
 * weekly pipeline stores them: low/high ordered, reasons about (low, high).
 */
export async function arrangeMatch(
  env: TestEnv,
  tenant: string,
  a: string,
  b: string,
  opts: { source?: "WEEKLY" | "ODD_OUT" | "INSTANT" | "ADMIN"; score?: number; reasons?: unknown[]; breakdown?: object; bothSides?: boolean; daysAgo?: number } = {},
): Promise<{ matchId: string; resultA: string; resultB: string | null }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const created = new Date(Date.now() - (opts.daysAgo ?? 0) * 86_400_000);
  const db = env.db;
  const [m] = await db<{ id: string }[]>`
    insert into matches (community_id, source, participant_low, participant_high, score, reasons, breakdown, created_at)
    values (${tenant}, ${opts.source ?? "ADMIN"}, ${low}, ${high}, ${opts.score ?? 0.5}, ${db.json((opts.reasons ?? []) as never)},
            ${db.json((opts.breakdown ?? {}) as never)}, ${created})
    returning id`;
  const matchId = m?.id ?? "";
  const [ra] = await db<{ id: string }[]>`
    insert into matching_results (community_id, match_id, participant_id, subject_id, created_at)
    values (${tenant}, ${matchId}, ${a}, ${b}, ${created}) returning id`;
  let resultB: string | null = null;
  if (opts.bothSides ?? true) {
    const [rb] = await db<{ id: string }[]>`
      insert into matching_results (community_id, match_id, participant_id, subject_id, created_at)
      values (${tenant}, ${matchId}, ${b}, ${a}, ${created}) returning id`;
    resultB = rb?.id ?? null;
  }
  invalidateCommunityModel(tenant);
  return { matchId, resultA: ra?.id ?? "", resultB };
}

/** Expects the one error shape with `code`. */
export function expectError(res: { status: number; body: unknown }, status: number, code: number): void {
  if (res.status !== status || (res.body as { code?: number }).code !== code) {
    throw new Error(`expected ${status} / ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}
