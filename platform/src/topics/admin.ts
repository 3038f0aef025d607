/**
 * Community admins edit the taxonomy (GET/POST/PATCH/DELETE /admin/{communityId}/topics), each
 * change in one transaction with its audit event and a matching-model notice. When the community's
 * tenant.json lists `topics`, the next tenant apply makes the topics match the file again.
 */
import { recordAudit, sameJson } from "../audit/index.ts";
import { requireCommunityAdmin } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { type Db, withTx } from "../db/client.ts";
import { conflict, notFound, validation } from "../lib/errors.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { MAX_TOPICS, type TopicLabels } from "../tenancy/schema.ts";
import { findTopic, insertTopic, listTopics, lockTopics, setTopicPositions, type TopicRow, updateTopic } from "./queries.ts";
import type { TopicCreate, TopicDetail, TopicPatch, TopicReorder } from "./schemas.ts";

function toDetail(r: TopicRow): TopicDetail {
  return { key: r.key, labels: r.labels, order: r.position, archived: r.archivedAt !== null, archivedAt: r.archivedAt?.toISOString() ?? null };
}

/** Labels must name the community's default language (the others fall back to it). */
function checkLabels(ctx: Ctx, labels: TopicLabels): TopicLabels {
  const { lang } = ctx.tenant.config;
  if (!labels[lang]) throw validation(`Invalid input: labels.${lang}: a label in the community's language is required`, { [`labels.${lang}`]: "Required" });
  return labels;
}

/** `keys` with `key` moved to `index` (clamped to the end). */
function moveTo(keys: string[], key: string, index: number): string[] {
  const rest = keys.filter((k) => k !== key);
  rest.splice(Math.min(index, rest.length), 0, key);
  return rest;
}

async function requireTopic(db: Db, communityId: string, key: string): Promise<TopicRow> {
  const row = await findTopic(db, communityId, key);
  if (!row) throw notFound("Topic not found");
  return row;
}

/** Active topics in order, then archived ones. */
export async function listTopicDetails(ctx: Ctx, communityId: string): Promise<TopicDetail[]> {
  await requireCommunityAdmin(ctx, communityId);
  const id = ctx.tenant.id;
  return (await listTopics(ctx.db, id, { archived: true })).map(toDetail);
}

export async function createTopic(ctx: Ctx, communityId: string, input: TopicCreate): Promise<TopicDetail> {
  await requireCommunityAdmin(ctx, communityId);
  const id = ctx.tenant.id;
  const labels = checkLabels(ctx, input.labels);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockTopics(tx, id);
    const existing = await listTopics(tx, id, { archived: true });
    const taken = existing.find((t) => t.key === input.key);
    if (taken) throw conflict(taken.archivedAt ? `The topic "${input.key}" exists, archived: bring it back instead` : `A topic with the key "${input.key}" exists`);
    const active = existing.filter((t) => t.archivedAt === null).map((t) => t.key);
    if (active.length >= MAX_TOPICS) throw validation(`Invalid input: a community has at most ${MAX_TOPICS} topics`, { key: `At most ${MAX_TOPICS} topics` });
    await insertTopic(tx, id, { key: input.key, labels, position: active.length });
    await setTopicPositions(tx, id, moveTo([...active, input.key], input.key, input.order ?? active.length));
    const after = toDetail(await requireTopic(tx, id, input.key));
    await recordAudit(txCtx, { action: "topic.create", target: { type: "topic", id: input.key }, before: null, after });
    await publishModelChange(ctx.deps.bus, tx, id);
    return after;
  });
}

/** New labels, or an archived topic brought back (last among the active ones) or archived. */
export async function updateTopicDetail(ctx: Ctx, communityId: string, key: string, patch: TopicPatch): Promise<TopicDetail> {
  await requireCommunityAdmin(ctx, communityId);
  const id = ctx.tenant.id;
  const labels = patch.labels === undefined ? undefined : checkLabels(ctx, patch.labels);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockTopics(tx, id);
    const row = await requireTopic(tx, id, key);
    const before = toDetail(row);
    const archived = patch.archived ?? before.archived;
    if (!archived && before.archived) {
      const active = (await listTopics(tx, id)).map((t) => t.key);
      if (active.length >= MAX_TOPICS) throw validation(`Invalid input: a community has at most ${MAX_TOPICS} topics`, { archived: `At most ${MAX_TOPICS} topics` });
      await updateTopic(tx, id, key, { labels: labels ?? row.labels, archived });
      await setTopicPositions(tx, id, [...active, key]);
    } else await updateTopic(tx, id, key, { labels: labels ?? row.labels, archived });
    const after = toDetail(await requireTopic(tx, id, key));
    if (!sameJson(before, after)) {
      const action = archived && !before.archived ? "topic.archive" : "topic.update";
      await recordAudit(txCtx, { action, target: { type: "topic", id: key }, before, after });
      await publishModelChange(ctx.deps.bus, tx, id);
    }
    return after;
  });
}

/** Archives the topic: no longer offered, members' picks kept but not counted. */
export async function archiveTopic(ctx: Ctx, communityId: string, key: string): Promise<TopicDetail> {
  return updateTopicDetail(ctx, communityId, key, { archived: true });
}

/** Puts the listed active topics first, in the order given; the others follow in their current order. */
export async function reorderTopics(ctx: Ctx, communityId: string, input: TopicReorder): Promise<TopicDetail[]> {
  await requireCommunityAdmin(ctx, communityId);
  const id = ctx.tenant.id;
  if (new Set(input.keys).size !== input.keys.length) throw validation("Invalid input: keys: a topic is listed twice", { keys: "A topic is listed twice" });
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockTopics(tx, id);
    const beforeKeys = (await listTopics(tx, id)).map((t) => t.key);
    const known = new Set(beforeKeys);
    const missing = input.keys.find((k) => !known.has(k));
    if (missing !== undefined) throw notFound(`Topic not found (or archived): ${missing}`);
    const listed = new Set(input.keys);
    const afterKeys = [...input.keys, ...beforeKeys.filter((k) => !listed.has(k))];
    await setTopicPositions(tx, id, afterKeys);
    if (!sameJson(beforeKeys, afterKeys)) {
      // Order is display only: the matching model does not read it.
      await recordAudit(txCtx, { action: "topic.reorder", target: { type: "community_topics", id }, before: { keys: beforeKeys }, after: { keys: afterKeys } });
    }
    return (await listTopics(tx, id, { archived: true })).map(toDetail);
  });
}
