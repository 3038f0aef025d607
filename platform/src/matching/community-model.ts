/**
 * The database side of the matching engine: assembles one community's CommunityInput with a
 * handful of set-based queries (never one per member), and caches the built engine model briefly
 * so on-demand recommendations and relevance answers do not rebuild it per request.
 */
import type { Db } from "../db/client.ts";
import { listBlockedPairs, listOpenIntroPairs } from "../relations/index.ts";
import { type Bus, followBus } from "../realtime/bus.ts";
import type { Lang } from "../tenancy/schema.ts";
import {
  type BuildOptions,
  type CommunityInput,
  type CommunityModel,
  type ExcludedPair,
  type MemberFeatures,
  type TopicLabels,
  buildCommunityModel,
} from "./engine/index.ts";
import { VEC, packedTexts } from "./engine/semantic.ts";
import {
  type MemberInputRow,
  listAdminScores,
  listAnswerIds,
  listFeedbackAggregates,
  listHistoryPairs,
  listMemberInputs,
  listPairFeedback,
} from "./weekly/input-queries.ts";
import { MODEL_CHANGED } from "./model-change.ts";
import { listTopicLabels } from "../topics/queries.ts";
import { comingTuesday } from "./weekly/week.ts";
import { forEachServingVector, fromBytes } from "./vectors/queries.ts";

/** What the API, the e-mails and the reports show of a member (the engine only sees ids). */
export type MemberCard = MemberInputRow & {
  /** Participant language, else the user's preferred one, else the community's. */
  lang: Lang;
};

export type LoadedCommunity = {
  input: CommunityInput;
  byId: Map<string, MemberCard>;
  week: string;
  /** Labels of the community's active topics (tenant.json `topics`, the console), for reasons. */
  topicLabels: TopicLabels;
};

export type LoadInputOptions = {
  /** The Tuesday (ISO date) the matches are for; pauses and skips are read for it. */
  week?: string;
  /** Without `week`: the coming Tuesday after `now` in `timeZone`. */
  now?: Date;
  timeZone?: string;
  /** The community's default language (for members without one). */
  defaultLang?: Lang;
  /** Audit of a past week: only the history before that week counts (weekless matches always). */
  historyBefore?: string;
  /** Rows a batch of the stored vectors' cursor holds (default VECTOR_BATCH). */
  vectorBatch?: number;
};

function features(row: MemberInputRow, answers: readonly string[], feedback: MemberFeatures["feedback"]): MemberFeatures {
  return {
    id: row.id,
    tags: row.tags,
    lookingFor: row.lookingForText ?? "",
    // The profile's free-text goal is what the member wants out of the community: read with "looking for".
    needHelpWith: row.goal ?? "",
    canHelpWith: row.canHelpWithText ?? "",
    about: row.about ?? "",
    position: row.position,
    needTopics: row.needTopics,
    offerTopics: row.offerTopics,
    city: row.city,
    answers,
    company: row.company,
    gender: null,
    eligibility: {
      moderation: row.moderationStatus,
      // A profile an admin disabled is hidden from members, so it is not offered to them either.
      networkingEnabled: row.networkingEnabled && row.profileEnabled,
      profileComplete: row.profileComplete,
      deleted: row.deleted,
      paused: row.paused,
    },
    ...(feedback ? { feedback } : {}),
  };
}

/**
 * The serving model's vectors of `members`, decoded one at a time, as their cursor's batches
 * arrive, straight into the engine's int8 texts (packedTexts, in the members' order): neither the
 * rows nor a float32 copy of the community are ever held whole (600 MB at 100k members). A vector
 * of another width than the first (another model's, mid-switch) is left out, as the engine leaves
 * it out. Undefined when the community has no vectors.
 */
async function loadTexts(db: Db, communityId: string, members: readonly { id: string }[], batch?: number): Promise<CommunityInput["texts"]> {
  const rowOf = new Map(members.map((r, i) => [r.id, i]));
  let texts: ReturnType<typeof packedTexts> | undefined;
  let scratch = new Float32Array(0);
  await forEachServingVector(db, communityId, (v) => {
    if (texts === undefined) {
      const dim = v.vector.byteLength / 4;
      if (dim === 0) return;
      texts = packedTexts(members.length, dim);
      scratch = new Float32Array(dim);
    }
    const i = rowOf.get(v.participantId);
    if (i !== undefined && v.vector.byteLength === texts.dim * 4) texts.put(i, VEC[v.field], fromBytes(v.vector, scratch));
  }, batch);
  return texts;
}

/** One community's matching input from the database. */
export async function loadCommunityInput(db: Db, communityId: string, opts: LoadInputOptions = {}): Promise<LoadedCommunity> {
  const week = opts.week ?? comingTuesday(opts.now ?? new Date(), opts.timeZone ?? "UTC");
  const memberRows = listMemberInputs(db, communityId, week);
  const [rows, answerRows, feedbackRows, dislikes, history, openIntros, adminScores, pairFeedback, topicLabels, texts] = await Promise.all([
    memberRows,
    listAnswerIds(db, communityId),
    listFeedbackAggregates(db, communityId),
    listBlockedPairs(db, communityId),
    listHistoryPairs(db, communityId, opts.historyBefore),
    listOpenIntroPairs(db, communityId),
    listAdminScores(db, communityId),
    listPairFeedback(db, communityId),
    listTopicLabels(db, communityId),
    memberRows.then((members) => loadTexts(db, communityId, members, opts.vectorBatch)),
  ]);
  const answersOf = new Map<string, string[]>();
  for (const r of answerRows) {
    const list = answersOf.get(r.participantId);
    if (list) list.push(r.answer);
    else answersOf.set(r.participantId, [r.answer]);
  }
  const feedbackOf = new Map(
    feedbackRows.map((f) => [
      f.participantId,
      { ratingsReceived: f.ratings, meanRatingReceived: f.meanRating, noShows: f.noShows, lastTwoNoShows: f.lastTwoNoShows },
    ]),
  );
  const byId = new Map<string, MemberCard>();
  const members: MemberFeatures[] = rows.map((row) => {
    byId.set(row.id, { ...row, lang: row.language ?? row.preferredLang ?? opts.defaultLang ?? "en" });
    return features(row, answersOf.get(row.id) ?? [], feedbackOf.get(row.id));
  });
  const exclusions: ExcludedPair[] = [
    ...dislikes.map((p) => ({ a: p.a, b: p.b, reason: "dislike" as const })),
    ...history.map((p) => ({ a: p.a, b: p.b, reason: "history" as const })),
    ...openIntros.map((p) => ({ a: p.a, b: p.b, reason: "open_intro" as const })),
  ];
  return {
    week,
    byId,
    topicLabels,
    input: {
      members,
      ...(texts ? { texts } : {}),
      exclusions,
      adminScores,
      pairFeedback: pairFeedback.map((f) => ({ a: f.a, b: f.b, rating: f.rating, noMeeting: f.noMeeting })),
    },
  };
}

export type CachedCommunityModel = LoadedCommunity & { model: CommunityModel; builtAt: number };

const MODEL_TTL_MS = 60_000;

/**
 * One process's engine models, built at most once a minute per community (and per build options).
 * A write that changes a model's input publishes MODEL_CHANGED after its commit
 * (publishModelChange); every process then drops that community's model.
 */
export class CommunityModels {
  readonly #cache = new Map<string, { key: string; at: number; value: Promise<CachedCommunityModel> }>();

  load(db: Db, communityId: string, build: BuildOptions = {}, opts: Omit<LoadInputOptions, "week"> = {}): Promise<CachedCommunityModel> {
    const now = opts.now ?? new Date();
    const week = comingTuesday(now, opts.timeZone ?? "UTC");
    const key = `${JSON.stringify(build.weights ?? {})}|${build.pairColleagues === true}|${build.format ?? ""}|${week}|${opts.defaultLang ?? ""}`;
    const hit = this.#cache.get(communityId);
    if (hit && hit.key === key && Date.now() - hit.at < MODEL_TTL_MS) return hit.value;
    const value = loadCommunityInput(db, communityId, { ...opts, week }).then((loaded) => ({
      ...loaded,
      model: buildCommunityModel(loaded.input, { topicLabels: loaded.topicLabels, releaseVectors: true, ...build }),
      builtAt: Date.now(),
    }));
    this.#cache.set(communityId, { key, at: Date.now(), value });
    // A failed load is not cached: the next caller tries again.
    value.catch(() => {
      if (this.#cache.get(communityId)?.value === value) this.#cache.delete(communityId);
    });
    return value;
  }

  invalidate(communityId?: string): void {
    if (communityId === undefined) this.#cache.clear();
    else this.#cache.delete(communityId);
  }
}

const live = new Set<WeakRef<CommunityModels>>();
const byPool = new WeakMap<Db, CommunityModels>();

/** The models of the process that owns `pool` (Deps.models is communityModelsOf(deps.db)). */
export function communityModelsOf(pool: Db): CommunityModels {
  let models = byPool.get(pool);
  if (!models) {
    models = new CommunityModels();
    byPool.set(pool, models);
    live.add(new WeakRef(models));
  }
  return models;
}

/** The engine model of a community through the cache of `db`'s process (scripts and tests; services use ctx.deps.models). */
export function loadCommunityModel(
  db: Db,
  communityId: string,
  build: BuildOptions = {},
  opts: Omit<LoadInputOptions, "week"> = {},
): Promise<CachedCommunityModel> {
  return communityModelsOf(db).load(db, communityId, build, opts);
}

/** Drops cached models in this process only (tests after writing rows directly). Writers use publishModelChange. */
export function invalidateCommunityModel(communityId?: string): void {
  for (const ref of live) {
    const models = ref.deref();
    if (models) models.invalidate(communityId);
    else live.delete(ref);
  }
}

/** Keeps `models` in step with the bus: a change clears one community, a gap in the bus all. */
export function followModelChanges(bus: Bus, models: CommunityModels): Promise<() => Promise<void>> {
  return followBus(bus, () => models.invalidate(), {
    [MODEL_CHANGED]: ({ payload }) => models.invalidate(typeof payload?.communityId === "string" ? payload.communityId : undefined),
  });
}
