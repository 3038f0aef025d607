/**
 * A community's taxonomy of needs and offers: what members read, how tenant.json's `topics` is
 * applied, and the check of a member's picks. Admin edits are in admin.ts.
 */
import type { Ctx } from "../context.ts";
import type { Db } from "../db/client.ts";
import { type FieldErrors, validation } from "../lib/errors.ts";
import { MODEL_CHANGED } from "../matching/model-change.ts";
import { encodeMessage } from "../realtime/bus.ts";
import type { Lang, TopicFile, TopicLabels } from "../tenancy/schema.ts";
import { listActiveTopicKeys, listTopicDocs, listTopics, lockTopics, upsertTopicFiles } from "./queries.ts";
import { type CommunityTopic, MAX_PICKS } from "./schemas.ts";

/** The label in `lang`, else in the community's default language, else any, else the key. */
export function topicLabel(labels: TopicLabels, key: string, lang: Lang, defaultLang: Lang): string {
  return labels[lang] ?? labels[defaultLang] ?? Object.values(labels).find((v) => typeof v === "string" && v) ?? key;
}

/** The request community's active topics, in order, labelled in `lang` (default: the community's language). */
export async function listCommunityTopics(ctx: Ctx, input: { lang?: Lang | undefined }): Promise<CommunityTopic[]> {
  const defaultLang = ctx.tenant.config.lang;
  const lang = input.lang ?? defaultLang;
  const rows = await listTopics(ctx.db, ctx.tenant.id);
  return rows.map((r) => ({ key: r.key, label: topicLabel(r.labels, r.key, lang, defaultLang), labels: r.labels }));
}

/**
 * Applies tenant.json `topics` (tenant apply): the file decides, by key. Returns the topics before
 * and after, so the caller can tell whether anything changed and audit it. `db` must be a transaction.
 */
export async function applyTopicFile(db: Db, communityId: string, topics: readonly TopicFile[]): Promise<{ before: unknown[]; after: unknown[] }> {
  await lockTopics(db, communityId);
  const before = await listTopicDocs(db, communityId);
  await upsertTopicFiles(db, communityId, topics);
  const after = await listTopicDocs(db, communityId);
  // Topics are matching input (an archived topic's picks stop counting). Apply runs without the
  // server's bus (the CLI, start-up), so the notice goes out as a NOTIFY of this transaction.
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    await db`select pg_notify(${MODEL_CHANGED}, ${encodeMessage(MODEL_CHANGED, { communityId }, undefined)})`;
  }
  return { before, after };
}

export type TopicPicksInput = { needTopics?: readonly string[] | undefined; offerTopics?: readonly string[] | undefined };
export type TopicPicks = { needTopics: string[]; offerTopics: string[] };

/**
 * The picks to store after a member's update: each given side deduplicated (first occurrence
 * wins), every key an active topic of the community, at most MAX_PICKS; a side left out stays as it
 * is. Picks of archived topics already stored are kept (they do not count until the topic returns).
 */
export async function resolveTopicPicks(db: Db, communityId: string, input: TopicPicksInput, stored: TopicPicks): Promise<TopicPicks> {
  const errors: FieldErrors = {};
  const wanted = {
    needTopics: input.needTopics === undefined ? undefined : [...new Set(input.needTopics)],
    offerTopics: input.offerTopics === undefined ? undefined : [...new Set(input.offerTopics)],
  };
  const asked = [...(wanted.needTopics ?? []), ...(wanted.offerTopics ?? []), ...stored.needTopics, ...stored.offerTopics];
  const active = new Set(await listActiveTopicKeys(db, communityId, [...new Set(asked)]));
  const result: TopicPicks = { needTopics: stored.needTopics, offerTopics: stored.offerTopics };
  for (const side of ["needTopics", "offerTopics"] as const) {
    const keys = wanted[side];
    if (keys === undefined) continue;
    const unknown = keys.filter((k) => !active.has(k));
    if (unknown.length) errors[side] = `Not a topic of this community: ${unknown.slice(0, 5).join(", ")}`;
    else if (keys.length > MAX_PICKS) errors[side] = `At most ${MAX_PICKS} topics`;
    else result[side] = [...keys, ...stored[side].filter((k) => !active.has(k) && !keys.includes(k))];
  }
  const first = Object.entries(errors)[0];
  if (first) throw validation(`Invalid input: ${first[0]}: ${first[1]}`, errors);
  return result;
}
