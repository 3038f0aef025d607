import os from "node:os";
import { createCommunityAdmin } from "../../account/service.ts";
import type { AppConfig } from "../../config.ts";
import type { Ctx, Deps } from "../../context.ts";
import { type Db, withTx } from "../../db/client.ts";
import { mediaStorage } from "../../images/storage.ts";
import { communityOwner } from "../../questionnaire/owner.ts";
import { listOptions, listQuestions } from "../../questionnaire/queries.ts";
import type { Tenant } from "../../tenancy/schema.ts";
import { renderAvatar, type SeededAvatar } from "./avatar.ts";
import { type DemoMember, demoEmailDomain, generateMembers } from "./generate.ts";
import {
  countRealParticipants,
  type DemoAnswerRow,
  type DemoMediaRow,
  type DemoParticipantRow,
  findDemoAdminParticipant,
  insertDemoAnswers,
  insertDemoParticipants,
  insertDemoUsers,
  listExistingEmails,
  listTakenSlugs,
  nameDemoAdmin,
  upsertDemoMediaObjects,
} from "./queries.ts";

/** The demo communities in tenants/ and how many members each gets. Other communities are never touched. */
export const DEMO_MEMBERS = { founders: 300, tochka: 200, devguild: 150, northbank: 120 } as const;
export type DemoCommunityId = keyof typeof DEMO_MEMBERS;
const DEMO_IDS = Object.keys(DEMO_MEMBERS) as DemoCommunityId[];

/**
 * Password of the demo admins, development only (printed in the start banner). Fixed so the README
 * and the banner can name it; long and not in the common-password list the policy refuses.
 */
export const DEMO_ADMIN_PASSWORD = "Tuesday-demo-admin-2718";

/** A community with this many participants that are not demo accounts is in real use: no demo data there. */
export const REAL_USE_THRESHOLD = 10;

const BATCH_SIZE = 50;

export function demoAdminEmail(communityId: string): string {
  return `admin@${demoEmailDomain(communityId)}`;
}

export type SeedOptions = {
  /** Members per community (default DEMO_MEMBERS). */
  counts?: Partial<Record<DemoCommunityId, number>>;
  /** Stops between batches (server shutdown); what is committed stays, the next run completes it. */
  signal?: AbortSignal;
  batchSize?: number;
  /** Avatars rendered at once. */
  concurrency?: number;
};

export type SeedOutcome = {
  id: DemoCommunityId;
  /**
   * seeded: members were added (or were all there) and the admin written; already-seeded: the
   * demo admin exists, nothing to do; in-use: real members, left alone; absent: no such community;
   * interrupted: stopped by the signal.
   */
  status: "seeded" | "already-seeded" | "in-use" | "absent" | "interrupted";
  created: number;
  total: number;
};
export type SeedReport = { communities: SeedOutcome[]; ms: number };

class Interrupted extends Error {}

/**
 * Fills the demo communities with realistic members so the product is alive on first run.
 *
 * The rule that makes it idempotent and restartable: a community is done when its demo admin
 * exists, and the admin is written last. Until then every start tops the members up to the
 * target: member i is always the same person (seeded PRNG), found by e-mail, so only the missing
 * ones are added, batch by batch, each batch one transaction. A community with real members is
 * left alone.
 */
export async function seedDemo(deps: Deps, opts: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const communities: SeedOutcome[] = [];
  for (const id of DEMO_IDS) {
    const outcome = await seedCommunity(deps, id, opts.counts?.[id] ?? DEMO_MEMBERS[id], opts);
    communities.push(outcome);
    if (outcome.status === "interrupted") break;
  }
  return { communities, ms: Date.now() - started };
}

async function seedCommunity(deps: Deps, id: DemoCommunityId, target: number, opts: SeedOptions): Promise<SeedOutcome> {
  const { db, log } = deps;
  const tenant = await deps.tenants.get(id);
  if (!tenant) return { id, status: "absent", created: 0, total: 0 };
  if (await findDemoAdminParticipant(db, id, demoAdminEmail(id))) return { id, status: "already-seeded", created: 0, total: target };
  const real = await countRealParticipants(db, id, demoEmailDomain(id));
  if (real >= REAL_USE_THRESHOLD) {
    log.info({ communityId: id, participants: real }, `Seeding demo members: ${id} has real members, skipped`);
    return { id, status: "in-use", created: 0, total: 0 };
  }

  const [questions, options] = await Promise.all([listQuestions(db, communityOwner(id)), listOptions(db, communityOwner(id))]);
  const members = generateMembers(tenant, { questions, options }, target);
  const existing = await listExistingEmails(db, members.map((m) => m.email));
  const missing = members.filter((m) => !existing.has(m.email.toLowerCase()));
  let done = target - missing.length;
  let created = 0;
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const concurrency = opts.concurrency ?? Math.max(2, Math.min(4, os.availableParallelism()));
  try {
    for (let i = 0; i < missing.length; i += batchSize) {
      const batch = missing.slice(i, i + batchSize);
      const avatars = await mapBounded(batch, concurrency, opts.signal, (m) => (m.avatar ? renderAvatar(deps.config, id, m.avatar) : Promise.resolve(null)));
      if (opts.signal?.aborted) throw new Interrupted();
      try {
        await withTx(db, (tx) => insertBatch(tx, tenant, batch, avatars));
      } catch (err) {
        await removeFiles(deps.config, avatars);
        throw err;
      }
      done += batch.length;
      created += batch.length;
      log.info({ communityId: id, done, total: target }, `Seeding demo members: ${id} ${done}/${target}`);
    }
  } catch (err) {
    if (err instanceof Interrupted) return { id, status: "interrupted", created, total: done };
    throw err;
  }
  await ensureDemoAdmin(deps, tenant);
  return { id, status: "seeded", created, total: done };
}

async function insertBatch(db: Db, tenant: Tenant, batch: DemoMember[], avatars: (SeededAvatar | null)[]): Promise<void> {
  const now = Date.now();
  const joined = (m: DemoMember) => new Date(now - m.joinedDaysAgo * 86_400_000).toISOString();
  // A real member may already use a demo member's address: the demo member steps aside.
  const taken = await listTakenSlugs(db, tenant.id, batch.map((m) => m.profile.slug));
  const userIds = await insertDemoUsers(
    db,
    batch.map((m) => ({ email: m.email, homeCommunityId: tenant.id, preferredLang: m.lang, createdAt: joined(m) })),
  );
  const participants: DemoParticipantRow[] = [];
  batch.forEach((m, i) => {
    const userId = userIds.get(m.email.toLowerCase());
    if (!userId) throw new Error(`demo user ${m.email} was not created`);
    participants.push({
      ...m.profile,
      slug: taken.has(m.profile.slug) ? `${m.profile.slug}-m${m.index + 1}` : m.profile.slug,
      userId,
      moderationStatus: m.moderationStatus,
      networkingEnabled: m.networkingEnabled,
      tutorialSeen: m.tutorialSeen,
      avatar: avatars[i]?.avatar ?? null,
      profileCompletedAt: m.profileCompleted ? joined(m) : null,
      createdAt: joined(m),
      needTopics: m.topics.needTopics,
      offerTopics: m.topics.offerTopics,
    });
  });
  const participantIds = await insertDemoParticipants(db, tenant.id, participants);
  const answers: DemoAnswerRow[] = [];
  const media: DemoMediaRow[] = [];
  batch.forEach((m, i) => {
    const userId = userIds.get(m.email.toLowerCase());
    const participantId = userId ? participantIds.get(userId) : undefined;
    if (!userId || !participantId) throw new Error(`demo participant ${m.email} was not created`);
    for (const a of m.answers) answers.push({ participantId, ...a, answeredAt: joined(m) });
    const avatar = avatars[i];
    if (avatar) media.push({ ...avatar.media, ownerUserId: userId, participantId });
  });
  await insertDemoAnswers(db, tenant.id, answers);
  await upsertDemoMediaObjects(db, tenant.id, media);
}

/** The community's demo admin: the marker that the community is seeded, so it is written last. */
async function ensureDemoAdmin(deps: Deps, tenant: Tenant): Promise<void> {
  const ctx: Ctx = { tenant, actor: { kind: "operator" }, requestId: `seed-${tenant.id}`, log: deps.log, db: deps.db, deps, ip: undefined };
  // Outside development the admin has no password: sign-in by code or link only.
  const password = deps.config.isProduction ? undefined : DEMO_ADMIN_PASSWORD;
  const admin = await createCommunityAdmin(ctx, { email: demoAdminEmail(tenant.id), password });
  const name = tenant.config.lang === "ru" ? { firstName: "Демо", lastName: "Администратор" } : { firstName: "Demo", lastName: "Admin" };
  await nameDemoAdmin(deps.db, tenant.id, admin.participantId, name);
}

/** `fn` over `items`, at most `limit` at a time, in order; stops starting new ones once `signal` fires. */
async function mapBounded<T, R>(items: T[], limit: number, signal: AbortSignal | undefined, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      if (signal?.aborted) throw new Interrupted();
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function removeFiles(config: Pick<AppConfig, "dataDir">, avatars: (SeededAvatar | null)[]): Promise<void> {
  const keys = avatars.flatMap((a) => (a ? Object.values(a.media.keys) : []));
  await mediaStorage(config)
    .delete(keys)
    .catch(() => {});
}

/** Start-banner lines naming the demo admins; development only. */
export function demoBannerLines(config: Pick<AppConfig, "seedDemo" | "isProduction">, communityIds: string[]): string[] {
  if (!config.seedDemo || config.isProduction) return [];
  return DEMO_IDS.filter((id) => communityIds.includes(id)).map(
    (id) => `  ${`Demo admin (${id})`.padEnd(28)} ${demoAdminEmail(id)} / ${DEMO_ADMIN_PASSWORD}`,
  );
}

/** One line for the console when seeding ends. */
export function describeSeed(report: SeedReport): string {
  const parts = report.communities.map((c) => {
    if (c.status === "seeded") return `${c.id} ${c.total} (${c.created} new)`;
    if (c.status === "already-seeded") return `${c.id} already seeded`;
    if (c.status === "in-use") return `${c.id} has real members, skipped`;
    if (c.status === "interrupted") return `${c.id} interrupted at ${c.total}`;
    return `${c.id} absent`;
  });
  const stopped = report.communities.some((c) => c.status === "interrupted");
  return `Seeding demo members: ${stopped ? "stopped after" : "done in"} ${(report.ms / 1000).toFixed(1)} s: ${parts.join(", ")}.`;
}
