/**
 * Keeps the stored vectors of a community's member texts in step with the texts and the encoder:
 * what changed (or what another model embedded) is embedded again, in batches, each batch written
 * at once (a crash loses one batch, a rerun does only what is left). The model becomes the one
 * matching reads (ready) only once every text has its vector, so during a switch the old model
 * serves until then. Run by the matching.embed job, never on the request path.
 */
import { createHash } from "node:crypto";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Bus } from "../../realtime/bus.ts";
import {
  createEncoder,
  type Encoder,
  identityText,
  MEMBER_TEXT_FIELDS,
  type MemberTextField,
  memberTexts,
  textLang,
  type ToEncoderText,
} from "../encoder/index.ts";
import { publishModelChange } from "../model-change.ts";
import { deleteVectors, listEmbeddableMembers, listVectorHashes, markModelReady, upsertVectors, type VectorWrite } from "./queries.ts";

const encoders = new WeakMap<AppConfig, Encoder>();

/** The process's encoder for `config` (EMBEDDINGS_URL, else the built-in one), made once. */
export function encoderFor(config: AppConfig): Encoder {
  let e = encoders.get(config);
  if (!e) {
    e = createEncoder({ embeddingsUrl: config.embeddings?.url, embeddingsModel: config.embeddings?.model, embeddingsApiKey: config.embeddings?.apiKey });
    encoders.set(config, e);
  }
  return e;
}

/** Texts per encoder call and per write. */
const BATCH = 64;

/** `remaining`: texts left for a next run when `untilMs` cut this one short (0: the model is complete). */
export type EmbedReport = { model: string; embedded: number; removed: number; unchanged: number; remaining: number };

export type EmbedEnv = { db: Db; encoder: Encoder; bus?: Bus | undefined; toEncoderText?: ToEncoderText | undefined };

export function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Embeds every member text of the community the encoder has no current vector of; marks the model
 * ready. `untilMs` (a performance.now() time): no batch is started after it, and the texts left are
 * reported (`remaining`) for a next run, the model not marked ready; what was embedded is stored.
 */
export async function embedCommunity(env: EmbedEnv, communityId: string, opts: { untilMs?: number } = {}): Promise<EmbedReport> {
  const { db, encoder } = env;
  const prepare = env.toEncoderText ?? identityText;
  const [members, stored] = await Promise.all([listEmbeddableMembers(db, communityId), listVectorHashes(db, communityId, encoder.id)]);
  const have = new Map(stored.map((r) => [`${r.participantId}:${r.field}`, r.textHash]));
  const todo: { participantId: string; field: MemberTextField; text: string; textHash: string }[] = [];
  const gone: { participantId: string; field: MemberTextField }[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const m of members) {
    const texts = memberTexts({ lookingFor: m.lookingForText ?? "", needHelpWith: m.goal, canHelpWith: m.canHelpWithText ?? "", about: m.about ?? "", position: m.position });
    for (const field of MEMBER_TEXT_FIELDS) {
      const key = `${m.id}:${field}`;
      seen.add(key);
      const raw = texts[field];
      const text = raw.length === 0 ? "" : prepare(raw, textLang(raw, m.lang));
      if (text.length === 0 || (encoder.languages && !encoder.languages.includes(textLang(text, m.lang)))) {
        if (have.has(key)) gone.push({ participantId: m.id, field });
        continue;
      }
      const textHash = hashText(text);
      if (have.get(key) === textHash) unchanged++;
      else todo.push({ participantId: m.id, field, text, textHash });
    }
  }
  for (const r of stored) if (!seen.has(`${r.participantId}:${r.field}`)) gone.push({ participantId: r.participantId, field: r.field });
  let done = 0;
  for (let i = 0; i < todo.length; i += BATCH) {
    if (opts.untilMs !== undefined && performance.now() >= opts.untilMs) break;
    const chunk = todo.slice(i, i + BATCH);
    const vectors = await encoder.embed(chunk.map((t) => t.text));
    const rows: VectorWrite[] = chunk.map((t, k) => ({ participantId: t.participantId, field: t.field, textHash: t.textHash, vector: vectors[k] as Float32Array }));
    await upsertVectors(db, communityId, encoder.id, rows);
    done += chunk.length;
  }
  const remaining = todo.length - done;
  await deleteVectors(db, communityId, encoder.id, gone);
  // The width is the encoder's, or (an external model, nothing embedded by this process yet) the
  // stored vectors'; a community without a single text has nothing to serve yet.
  const dim = encoder.dim > 0 ? encoder.dim : (stored[0]?.dim ?? 0);
  if (dim > 0 && remaining === 0) await markModelReady(db, communityId, encoder.id, dim);
  if (env.bus && (done > 0 || gone.length > 0)) await publishModelChange(env.bus, db, communityId);
  return { model: encoder.id, embedded: done, removed: gone.length, unchanged, remaining };
}

