import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { AppConfig } from "../config.ts";

/**
 * Where media files live. Keys look like `<communityId>/<mediaId>/<size>.jpg`; the local disk
 * implementation is the default and an S3-compatible one can take its place behind this interface.
 */
export interface MediaStorage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file, or undefined when there is none. */
  get(key: string): Promise<{ data: Uint8Array<ArrayBuffer>; contentType: string } | undefined>;
  /** Deletes the keys; missing ones are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The URL clients load the file from. */
  publicUrl(key: string): string;
}

/** Community id / 26-char base32 media id / size. Nothing else is ever a key. */
export const MEDIA_KEY = /^([a-z0-9][a-z0-9-]{1,62})\/([a-z2-7]{26})\/(108|256|512)\.jpg$/;

export function mediaKey(communityId: string, mediaId: string, size: number): string {
  const key = `${communityId}/${mediaId}/${size}.jpg`;
  if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key ${key}`);
  return key;
}

export class LocalDiskStorage implements MediaStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The strict key pattern already forbids `..` and separators; the prefix check is a second lock. */
  private fileOf(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key ${key}`);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media key escapes the root: ${key}`);
    return file;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<{ data: Uint8Array<ArrayBuffer>; contentType: string } | undefined> {
    if (!MEDIA_KEY.test(key)) return undefined;
    try {
      return { data: new Uint8Array(await fs.readFile(this.fileOf(key))), contentType: "image/jpeg" };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const dirs = new Set<string>();
    for (const key of keys) {
      const file = this.fileOf(key);
      await fs.rm(file, { force: true });
      dirs.add(path.dirname(file));
    }
    // The per-image folder goes once it is empty; a folder still holding files stays.
    for (const dir of dirs) await fs.rmdir(dir).catch(() => {});
  }

  publicUrl(key: string): string {
    return `/media/${key}`;
  }
}

function isMissing(err: unknown): boolean {
  return err instanceof Error && "code" in err && (err.code === "ENOENT" || err.code === "ENOTDIR");
}

const byRoot = new Map<string, MediaStorage>();

/** The media storage of a configuration: `${dataDir}/media` on local disk. */
export function mediaStorage(config: Pick<AppConfig, "dataDir">): MediaStorage {
  const root = path.resolve(config.dataDir, "media");
  let storage = byRoot.get(root);
  if (!storage) {
    storage = new LocalDiskStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}
