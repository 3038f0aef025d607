/**
 * Where a community's text vectors stand, for operators (`tuesday matching vectors`): which model
 * matching reads, which one this deployment embeds with, and how far that one has got. After a
 * model switch (EMBEDDINGS_URL, EMBEDDINGS_MODEL) the old model serves until the new one has every
 * text (service.ts); this says how many members the new one has so far.
 */
import type { Db } from "../../db/client.ts";
import { countOpenJobs } from "../../jobs/jobs.ts";
import type { Encoder } from "../encoder/index.ts";
import { matchingEmbedJob } from "./jobs/embed.ts";
import { findServingModel } from "./queries.ts";

export type VectorModelCount = {
  model: string;
  /** Member texts stored under the model (need, offer, about: up to three a member). */
  texts: number;
  /** Members with at least one text stored under it. */
  members: number;
  /** When the model had every text (null: it has not yet). */
  readyAt: string | null;
  /** The latest text stored under it. */
  lastEmbeddedAt: string | null;
};

/**
 * `ready`: the configured model serves; `switching`: another (older) model serves until the
 * configured one is complete; `embedding`: no model is complete yet (nothing to read by meaning:
 * matching reads words and the lexicon meanwhile); `empty`: no member has written a text.
 */
export type VectorState = "ready" | "switching" | "embedding" | "empty";

export type VectorStatus = {
  communityId: string;
  state: VectorState;
  /** The model this deployment embeds with (the built-in encoder, or EMBEDDINGS_URL's model). */
  configured: string;
  /** The model matching reads (null: none is complete). */
  serving: string | null;
  /** Members (not deleted) with a need, offer, about or position written (what memberTexts reads). */
  membersWithText: number;
  /** Per model stored, the configured one first. */
  models: VectorModelCount[];
  /** matching.embed jobs of the community waiting or running. */
  queuedJobs: number;
};

export async function vectorStatus(deps: { db: Db }, encoder: Pick<Encoder, "id">, communityId: string): Promise<VectorStatus> {
  const { db } = deps;
  const [serving, counts, members, queuedJobs] = await Promise.all([
    findServingModel(db, communityId),
    db<{ model: string; texts: number; members: number; readyAt: Date | null; lastEmbeddedAt: Date | null }[]>`
      select v.model, count(*)::int as texts, count(distinct v.participant_id)::int as members,
             max(m.ready_at) as "readyAt", max(v.updated_at) as "lastEmbeddedAt"
      from member_text_vectors v
      left join matching_vector_models m on m.community_id = v.community_id and m.model = v.model
      where v.community_id = ${communityId}
      group by v.model`,
    db<{ count: number }[]>`
      select count(*)::int as count from participants p join users u on u.id = p.user_id
      where p.community_id = ${communityId} and u.deleted_at is null
        and (coalesce(btrim(p.looking_for_text), '') <> '' or coalesce(btrim(p.goal), '') <> ''
             or coalesce(btrim(p.can_help_with_text), '') <> '' or coalesce(btrim(p.about), '') <> ''
             or coalesce(btrim(p.position), '') <> '')`,
    countOpenJobs(db, matchingEmbedJob.name, communityId),
  ]);
  const models = counts
    .map((c) => ({
      model: c.model,
      texts: c.texts,
      members: c.members,
      readyAt: c.readyAt ? c.readyAt.toISOString() : null,
      lastEmbeddedAt: c.lastEmbeddedAt ? c.lastEmbeddedAt.toISOString() : null,
    }))
    .sort((a, b) => Number(b.model === encoder.id) - Number(a.model === encoder.id) || a.model.localeCompare(b.model));
  const membersWithText = members[0]?.count ?? 0;
  const state: VectorState = membersWithText === 0 && serving === null ? "empty" : serving === encoder.id ? "ready" : serving === null ? "embedding" : "switching";
  return { communityId, state, configured: encoder.id, serving, membersWithText, models, queuedJobs };
}
