import { expect } from "vitest";
import type { Ctx, Tenant } from "@tuesday/platform";
import type { TestEnv } from "../support/harness.ts";
import { createUser, type CreatedUser } from "../support/users.ts";

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
  avatar?: Record<string, unknown> | null;
  complete?: boolean;
};

export type Member = CreatedUser & { participantId: string; name: string };

/** A confirmed member with a complete profile, arranged with direct SQL (quick, and explicit about what matching reads). */
export async function makeMember(env: TestEnv, i: number, o: MemberOptions): Promise<Member> {
  const u = await createUser(env, { tenant: o.tenant });
  const pid = u.participantId;
  if (!pid) throw new Error("no participant");
  const firstName = o.firstName ?? `First${i}`;
  const lastName = o.lastName ?? `Last${i}`;
  const tags = o.tags ?? ["startups", TOPICS[i % TOPICS.length] as string, TOPICS[(i * 3 + 1) % TOPICS.length] as string];
  await env.db`
    update participants set first_name = ${firstName}, last_name = ${lastName}, tags = ${tags},
      looking_for = array['LOOKING_FOR']::text[],
      looking_for_text = ${o.lookingFor ?? `advice on ${TOPICS[(i + 2) % TOPICS.length]} and ${TOPICS[(i + 5) % TOPICS.length]}`},
      can_help_with_text = ${o.canHelp ?? `${TOPICS[i % TOPICS.length]} strategy`},
      about = ${o.about ?? `I work on ${tags.join(", ")}`}, city = ${o.city === undefined ? "Berlin" : o.city},
      language = ${o.language ?? null}, contacts = ${env.db.json(o.contacts ?? { LINKEDIN: `linkedin.com/in/m${i}` })},
      privacy = ${o.privacy ?? "NONE"}, hidden_contacts = ${o.hidden ?? []}::text[],
      avatar = ${o.avatar ? env.db.json(o.avatar as never) : null},
      profile_completed_at = ${o.complete === false ? null : new Date()}
    where id = ${pid}`;
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
