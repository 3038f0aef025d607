import { expect } from "vitest";
import type { ContactType, Ctx, Tenant } from "@tuesday/platform";
import type { TestEnv } from "../support/harness.ts";
import { type CreatedUser, createMember } from "../support/users.ts";

export const TOPICS = ["fintech", "ai", "marketing", "design", "hiring", "fundraising", "saas", "ecommerce", "devops", "sales"];

export type MemberOptions = {
  tenant: string;
  firstName?: string;
  lastName?: string;
  tags?: string[];
  lookingFor?: string;
  canHelp?: string;
  about?: string;
  city?: string | null;
  language?: "en" | "ru" | null;
  contacts?: Record<string, string>;
  privacy?: "NONE" | "PRIVATE" | "CUSTOM";
  hidden?: string[];
  complete?: boolean;
};

export type Member = CreatedUser & { participantId: string; name: string };

/** A confirmed member with a complete profile, written through the profile verbs (createMember). */
export async function makeMember(env: TestEnv, i: number, o: MemberOptions): Promise<Member> {
  const firstName = o.firstName ?? `First${i}`;
  const lastName = o.lastName ?? `Last${i}`;
  const tags = o.tags ?? ["startups", TOPICS[i % TOPICS.length] as string, TOPICS[(i * 3 + 1) % TOPICS.length] as string];
  const u = await createMember(env, {
    tenant: o.tenant,
    complete: o.complete !== false,
    profile: {
      firstName,
      lastName,
      tags,
      lookingFor: ["LOOKING_FOR"],
      lookingForText: o.lookingFor ?? `advice on ${TOPICS[(i + 2) % TOPICS.length]} and ${TOPICS[(i + 5) % TOPICS.length]}`,
      canHelpWithText: o.canHelp ?? `${TOPICS[i % TOPICS.length]} strategy`,
      about: o.about ?? `I work on ${tags.join(", ")}`,
      city: o.city === undefined ? "Berlin" : o.city,
      ...(o.language ? { language: o.language } : {}),
      contacts: o.contacts ?? { LINKEDIN: `https://www.linkedin.com/in/member${i}` },
      privacy: o.privacy ?? "NONE",
      hiddenContacts: (o.hidden ?? []) as ContactType[],
    },
  });
  const pid = u.participantId;
  if (!pid) throw new Error("no participant");
  return { ...u, participantId: pid, name: `${firstName} ${lastName}` };
}

export function ctxFor(env: TestEnv, tenant: Tenant, actor: Ctx["actor"] = { kind: "operator" }): Ctx {
  return { tenant, actor, requestId: "test", log: env.deps.log, db: env.db, deps: env.deps, ip: undefined };
}

/** Rows of a community's matching tables, in a stable order, to compare before / after. */
export async function snapshot(env: TestEnv, communityId: string) {
  const matches = await env.db`select id, week, source, participant_low, participant_high, score, reasons from matches where community_id = ${communityId} order by id`;
  const results = await env.db`select id, match_id, participant_id, subject_id from matching_results where community_id = ${communityId} order by id`;
  const runs = await env.db`select week, seed, status, stats from matching_runs where community_id = ${communityId} order by week`;
  return { matches, results, runs };
}

export function expectDistinct(values: string[], what: string): void {
  expect(new Set(values).size, what).toBe(values.length);
}
