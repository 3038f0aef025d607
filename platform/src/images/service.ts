import { requireUser } from "../authz/index.ts";
import type { AppConfig } from "../config.ts";
import type { Ctx, UserActor } from "../context.ts";
import { withTx } from "../db/client.ts";
import { randomToken } from "../lib/crypto.ts";
import { AppError, ErrorCode, notFound } from "../lib/errors.ts";
import { consumeRateLimit } from "../lib/rate-limit.ts";
import { fetchRemoteImage } from "./fetch-remote.ts";
import { type Crop, type ImageKind, processImage, type Rotation } from "./processing.ts";
import {
  deleteAvatarObjects,
  deleteMediaObject,
  findMediaObject,
  findParticipantOfUser,
  insertMediaObject,
  type MediaObjectRow,
  setParticipantAvatar,
} from "./queries.ts";
import type { ImageSizes, RemoveImageQuery, StoredAvatar, UploadForm, UploadLink, UploadResult } from "./schemas.ts";
import { MEDIA_KEY, mediaKey, mediaStorage } from "./storage.ts";

/** Re-encoding is CPU work and link fetching touches the network: both are metered per user. */
const UPLOAD_LIMIT = { limit: 30, windowSeconds: 10 * 60 };

type ProcessOptions = { kind: ImageKind; crop: Crop | undefined; rotate: Rotation | undefined };

async function uploader(ctx: Ctx): Promise<{ actor: UserActor; participantId: string }> {
  const actor = requireUser(ctx);
  const participant = await findParticipantOfUser(ctx.db, ctx.tenant.id, actor.userId);
  if (!participant) throw notFound("Participant not found in this community");
  return { actor, participantId: participant.id };
}

function tooLarge(config: AppConfig): AppError {
  return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The image is larger than ${Math.floor(config.images.maxBytes / (1024 * 1024))} MB`);
}

/** POST /api/images/upload: a multipart file, checked by content. */
export async function uploadImage(ctx: Ctx, input: UploadForm): Promise<UploadResult> {
  const who = await uploader(ctx);
  const file = input.image ?? input.file;
  if (!file) throw new AppError(ErrorCode.VALIDATION, "Attach the image in the field `image`", { errors: { image: "required" } });
  // The route's body limit already bounds the request; this is the per-file limit inside it.
  if (file.size > ctx.deps.config.images.maxBytes) throw tooLarge(ctx.deps.config);
  await consumeRateLimit(ctx.db, `images:${ctx.tenant.id}:${who.actor.userId}`, UPLOAD_LIMIT);
  const data = new Uint8Array(await file.arrayBuffer());
  return storeImage(ctx, who, data, { kind: input.purpose ?? "avatar", crop: input.crop, rotate: input.rotate });
}

/** POST /api/images/upload/link: the same, with the file fetched from a public http(s) URL. */
export async function uploadImageFromLink(ctx: Ctx, input: UploadLink): Promise<UploadResult> {
  const who = await uploader(ctx);
  await consumeRateLimit(ctx.db, `images:${ctx.tenant.id}:${who.actor.userId}`, UPLOAD_LIMIT);
  const { images } = ctx.deps.config;
  const data = await fetchRemoteImage(input.imageUrl, {
    timeoutMs: images.fetchTimeoutMs,
    maxBytes: images.maxBytes,
    allowPrivate: images.allowPrivateFetch,
    allowedIps: images.fetchAllowedIps,
  });
  return storeImage(ctx, who, data, { kind: input.purpose ?? "avatar", crop: input.crop, rotate: input.rotate });
}

/**
 * Writes the files first and commits the row after: a failed commit removes the new files, and
 * the replaced avatar's files go only once the new one is committed, so a crash in between leaves
 * at worst an unreferenced folder, never a participant pointing at missing files.
 */
async function storeImage(
  ctx: Ctx,
  who: { actor: UserActor; participantId: string },
  data: Uint8Array,
  opts: ProcessOptions,
): Promise<UploadResult> {
  const processed = await processImage(data, opts);
  const storage = mediaStorage(ctx.deps.config);
  const communityId = ctx.tenant.id;
  const id = randomToken(16);
  const keys: Record<string, string> = {};
  const sizes: Record<string, string> = {};
  let bytes = 0;
  try {
    for (const out of processed.outputs) {
      const key = mediaKey(communityId, id, out.size);
      await storage.put(key, out.data, "image/jpeg");
      keys[out.size] = key;
      sizes[out.size] = storage.publicUrl(key);
      bytes += out.data.length;
    }
  } catch (err) {
    await storage.delete(Object.values(keys)).catch(() => {});
    throw err;
  }
  const imageSizes = toSizes(sizes);
  const result: UploadResult = { id, url: imageSizes["512"], sizes: imageSizes, width: processed.width, height: processed.height };

  let replaced: MediaObjectRow[] = [];
  try {
    replaced = await withTx(ctx.db, async (tx) => {
      const participant = await findParticipantOfUser(tx, communityId, who.actor.userId, { lock: true });
      if (!participant) throw notFound("Participant not found in this community");
      const old = opts.kind === "avatar" ? await deleteAvatarObjects(tx, communityId, participant.id) : [];
      await insertMediaObject(tx, {
        id,
        communityId,
        ownerUserId: who.actor.userId,
        participantId: participant.id,
        kind: opts.kind,
        keys,
        bytes,
        width: processed.width,
        height: processed.height,
      });
      if (opts.kind === "avatar") {
        const avatar: StoredAvatar = {
          id,
          key: `${communityId}/${id}`,
          sizes: imageSizes,
          width: processed.width,
          height: processed.height,
          updatedAt: new Date().toISOString(),
        };
        await setParticipantAvatar(tx, communityId, participant.id, avatar);
      }
      return old;
    });
  } catch (err) {
    await storage.delete(Object.values(keys)).catch(() => {});
    throw err;
  }
  await deleteFiles(ctx, replaced);
  ctx.log.info({ mediaId: id, kind: opts.kind, bytes, replaced: replaced.length }, "image stored");
  return result;
}

/**
 * DELETE /api/images/remove: the avatar by default (idempotent: no avatar removes nothing and
 * succeeds), or one of the user's own images by id (404 for an id that is gone or not theirs).
 */
export async function removeImage(ctx: Ctx, input: RemoveImageQuery): Promise<{ ok: true }> {
  const who = await uploader(ctx);
  const communityId = ctx.tenant.id;
  const removed = await withTx(ctx.db, async (tx) => {
    const participant = await findParticipantOfUser(tx, communityId, who.actor.userId, { lock: true });
    if (!participant) throw notFound("Participant not found in this community");
    if (input.id === undefined) {
      const rows = await deleteAvatarObjects(tx, communityId, participant.id);
      if (participant.avatar) await setParticipantAvatar(tx, communityId, participant.id, null);
      return rows;
    }
    const row = await findMediaObject(tx, communityId, input.id);
    // Another user's image (or another community's) answers as a missing one does.
    if (!row || row.ownerUserId !== who.actor.userId) throw notFound("Image not found");
    await deleteMediaObject(tx, communityId, row.id);
    if (participant.avatar?.id === row.id) await setParticipantAvatar(tx, communityId, participant.id, null);
    return [row];
  });
  await deleteFiles(ctx, removed);
  return { ok: true };
}

/** A stored media file by its public path (`<communityId>/<id>/<size>.jpg`), or 404. */
export async function readMediaFile(config: Pick<AppConfig, "dataDir">, key: string): Promise<{ data: Uint8Array<ArrayBuffer>; contentType: string }> {
  if (!MEDIA_KEY.test(key)) throw notFound("Image not found");
  const file = await mediaStorage(config).get(key);
  if (!file) throw notFound("Image not found");
  return file;
}

async function deleteFiles(ctx: Ctx, rows: MediaObjectRow[]): Promise<void> {
  const keys = rows.flatMap((r) => Object.values(r.keys));
  if (keys.length === 0) return;
  try {
    await mediaStorage(ctx.deps.config).delete(keys);
  } catch (err) {
    // The rows are gone already; a file left behind is referenced by nothing and only costs disk.
    ctx.log.warn({ err, keys }, "could not delete media files");
  }
}

function toSizes(sizes: Record<string, string>): ImageSizes {
  const s108 = sizes["108"];
  const s256 = sizes["256"];
  const s512 = sizes["512"];
  if (!s108 || !s256 || !s512) throw new Error("image processing did not produce every size");
  return { "108": s108, "256": s256, "512": s512 };
}
