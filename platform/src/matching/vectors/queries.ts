import type { Db } from "../../db/client.ts";
import type { MemberTextField } from "../encoder/index.ts";

export type VectorHashRow = { participantId: string; field: MemberTextField; textHash: string; dim: number };

export type EmbeddableMemberRow = {
  id: string;
  lang: "en" | "ru";
  lookingForText: string | null;
  goal: string | null;
  canHelpWithText: string | null;
  about: string | null;
  position: string | null;
};

/** The texts of every member of the community who is not deleted. */
export async function listEmbeddableMembers(db: Db, communityId: string): Promise<EmbeddableMemberRow[]> {
  return db<EmbeddableMemberRow[]>`
    select p.id, coalesce(p.language, u.preferred_lang, 'en') as lang,
           p.looking_for_text as "lookingForText", p.goal, p.can_help_with_text as "canHelpWithText", p.about, p.position
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and u.deleted_at is null`;
}

export async function listVectorHashes(db: Db, communityId: string, model: string): Promise<VectorHashRow[]> {
  return db<VectorHashRow[]>`
    select participant_id as "participantId", field, text_hash as "textHash", octet_length(vector) / 4 as dim
    from member_text_vectors where community_id = ${communityId} and model = ${model}`;
}

export type VectorWrite = { participantId: string; field: MemberTextField; textHash: string; vector: Float32Array };

function toBytes(v: Float32Array): Buffer {
  const b = Buffer.alloc(v.length * 4);
  for (let i = 0; i < v.length; i++) b.writeFloatLE(v[i] as number, i * 4);
  return b;
}

export function fromBytes(b: Uint8Array, out: Float32Array<ArrayBufferLike> = new Float32Array(b.byteLength / 4)): Float32Array<ArrayBufferLike> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

export async function upsertVectors(db: Db, communityId: string, model: string, rows: readonly VectorWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await db`
    insert into member_text_vectors (community_id, participant_id, field, model, text_hash, vector)
    select ${communityId}, x.participant_id, x.field, ${model}, x.text_hash, x.vector
    from unnest(${db.array(rows.map((r) => r.participantId))}::uuid[], ${db.array(rows.map((r) => r.field))}::text[],
                ${db.array(rows.map((r) => r.textHash))}::text[], ${db.array(rows.map((r) => toBytes(r.vector)))}::bytea[])
         as x(participant_id, field, text_hash, vector)
    on conflict (community_id, model, participant_id, field)
    do update set text_hash = excluded.text_hash, vector = excluded.vector, updated_at = now()`;
}

/** Drops the vectors of texts that are now empty (or whose member left). */
export async function deleteVectors(db: Db, communityId: string, model: string, rows: readonly { participantId: string; field: MemberTextField }[]): Promise<void> {
  if (rows.length === 0) return;
  await db`
    delete from member_text_vectors v
    using unnest(${db.array(rows.map((r) => r.participantId))}::uuid[], ${db.array(rows.map((r) => r.field))}::text[]) as x(participant_id, field)
    where v.community_id = ${communityId} and v.model = ${model} and v.participant_id = x.participant_id and v.field = x.field`;
}

/** Marks `model` complete for the community, and forgets every other model's vectors. */
export async function markModelReady(db: Db, communityId: string, model: string, dim: number): Promise<void> {
  await db`
    insert into matching_vector_models (community_id, model, dim, ready_at) values (${communityId}, ${model}, ${dim}, now())
    on conflict (community_id, model) do update set dim = excluded.dim, ready_at = coalesce(matching_vector_models.ready_at, excluded.ready_at)`;
  await db`delete from member_text_vectors where community_id = ${communityId} and model <> ${model}`;
  await db`delete from matching_vector_models where community_id = ${communityId} and model <> ${model}`;
}

export async function findServingModel(db: Db, communityId: string): Promise<string | null> {
  const rows = await db<{ model: string }[]>`
    select model from matching_vector_models where community_id = ${communityId} and ready_at is not null
    order by ready_at desc limit 1`;
  return rows[0]?.model ?? null;
}

export type VectorRow = { participantId: string; field: MemberTextField; vector: Uint8Array };

/** Rows a batch of the serving vectors' cursor holds (2 KB each at 512 dimensions). */
export const VECTOR_BATCH = 1_000;

/**
 * The vectors matching reads (those of the community's most recently completed model), streamed:
 * `each` is given every row as its batch arrives, so the community's vectors (600 MB of float32 at
 * 100k members) are never in memory all at once. Returns the model (null: none is complete).
 */
export async function forEachServingVector(db: Db, communityId: string, each: (row: VectorRow) => void, batch = VECTOR_BATCH): Promise<string | null> {
  const model = await findServingModel(db, communityId);
  if (model === null) return null;
  const cursor = db<VectorRow[]>`
    select participant_id as "participantId", field, vector from member_text_vectors
    where community_id = ${communityId} and model = ${model}`.cursor(batch);
  for await (const rows of cursor) for (const row of rows) each(row);
  return model;
}

export async function listCommunityIds(db: Db): Promise<string[]> {
  const rows = await db<{ id: string }[]>`select id from communities order by id`;
  return rows.map((r) => r.id);
}
