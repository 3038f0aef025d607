import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import {
  BLUE,
  corruptPng,
  exifHasGps,
  GREEN,
  gif,
  halves,
  imageForm,
  jpegWithGps,
  near,
  paddedJpeg,
  pixelAt,
  quadrants,
  RED,
  realJpeg,
  realPng,
} from "../support/images.ts";
import { createUser, signInAs } from "../support/users.ts";

type Upload = { id: string; url: string; sizes: Record<"108" | "256" | "512", string>; width: number; height: number };
type ErrorBody = { code: number; msg: string; errors?: Record<string, string> };

let env: TestEnv;
let dataDir: string;
let server: http.Server;
let origin: string;
let serverHits = 0;
let png: Buffer;
let jpeg: Buffer;

const MB = 1024 * 1024;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-images-"));
  env = await createTestEnv({
    config: { dataDir, images: { maxBytes: 10 * MB, fetchTimeoutMs: 1000, allowPrivateFetch: true, fetchAllowedIps: [] } },
  });
  png = await realPng();
  jpeg = await realJpeg();
  server = http.createServer((req, res) => {
    serverHits++;
    const url = req.url ?? "/";
    const redirect = /^\/r\/(\d+)$/.exec(url);
    if (url === "/photo.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (url === "/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    else if (url === "/page.html") res.writeHead(200, { "content-type": "image/png" }).end("<!doctype html><html><body>hello</body></html>");
    else if (url === "/hang") return; // never answers
    else if (url === "/missing.png") res.writeHead(404).end("nope");
    else if (url === "/redirect-private") res.writeHead(302, { location: "http://10.0.0.1/photo.png" }).end();
    else if (url === "/redirect-metadata") res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    else if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { location: n > 1 ? `/r/${n - 1}` : "/photo.png" }).end();
    } else if (url === "/huge.jpg") {
      // No Content-Length: the fetcher must stop reading by itself.
      res.writeHead(200, { "content-type": "image/jpeg" });
      paddedJpeg(12 * MB).then((b) => res.end(b));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await env?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

function upload(token: string | undefined, form: FormData, tenant = "alpha") {
  return env.request<Upload & ErrorBody>("POST", "/api/images/upload", { tenant, token, rawBody: form });
}

function uploadLink(token: string | undefined, body: unknown, tenant = "alpha") {
  return env.request<Upload & ErrorBody>("POST", "/api/images/upload/link", { tenant, token, body });
}

/** The stored file behind a /media URL. */
function fileOf(url: string): string {
  return path.join(dataDir, url);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function mediaFiles(): Promise<string[]> {
  const root = path.join(dataDir, "media");
  if (!(await exists(root))) return [];
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}

async function avatarOf(participantId: string | null) {
  const [row] = await env.db<{ avatar: { id: string; sizes: Record<string, string> } | null }[]>`
    select avatar from participants where id = ${participantId}`;
  return row?.avatar;
}

async function expectSizes(body: Upload, square = true) {
  expect(body.url).toBe(body.sizes["512"]);
  for (const size of [108, 256, 512] as const) {
    const url = body.sizes[size];
    expect(url).toMatch(new RegExp(`^/media/alpha/${body.id}/${size}\\.jpg$`));
    const meta = await sharp(await fs.readFile(fileOf(url))).metadata();
    expect(meta.format).toBe("jpeg");
    if (square) expect([meta.width, meta.height]).toEqual([size, size]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  }
}

describe("POST /api/images/upload", () => {
  it("stores a real PNG as JPEG avatars of 108, 256 and 512 and points the participant at them", async () => {
    const u = await createUser(env);
    const res = await upload(u.token, imageForm(png, { name: "me.png", type: "image/png" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.stringMatching(/^[a-z2-7]{26}$/), width: 800, height: 600 });
    await expectSizes(res.body);
    expect(await avatarOf(u.participantId)).toMatchObject({ id: res.body.id, key: `alpha/${res.body.id}`, sizes: res.body.sizes, width: 800, height: 600 });
    const [row] = await env.db`select community_id, owner_user_id, participant_id, kind from media_objects where id = ${res.body.id}`;
    expect(row).toMatchObject({ community_id: "alpha", owner_user_id: u.user.id, participant_id: u.participantId, kind: "avatar" });
  });

  it("stores a real JPG sent in the field `file`", async () => {
    const u = await createUser(env);
    const res = await upload(u.token, imageForm(jpeg, { field: "file", name: "me.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 1024, height: 768 });
    await expectSizes(res.body);
  });

  it("judges by content, not by name or declared type: a JPEG named .gif is accepted", async () => {
    const u = await createUser(env);
    const res = await upload(u.token, imageForm(jpeg, { name: "odd.gif", type: "image/gif" }));
    expect(res.status).toBe(200);
  });

  it("refuses a GIF renamed .png with 415 and writes nothing", async () => {
    const u = await createUser(env);
    const before = await mediaFiles();
    const res = await upload(u.token, imageForm(await gif(), { name: "cat.png", type: "image/png" }));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 1019, msg: expect.stringMatching(/JPG and PNG/) });
    expect(await mediaFiles()).toEqual(before);
    expect(await avatarOf(u.participantId)).toBeNull();
  });

  it("refuses a 20 MB file with 413 at the body limit and writes nothing", async () => {
    const u = await createUser(env);
    const big = await paddedJpeg(20 * MB);
    expect(big.length).toBeGreaterThan(20 * MB);
    expect((await sharp(big).metadata()).format).toBe("jpeg");
    const before = await mediaFiles();
    const res = await upload(u.token, imageForm(big, { name: "big.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 1007 });
    expect(await mediaFiles()).toEqual(before);
    const rows = await env.db`select id from media_objects where owner_user_id = ${u.user.id}`;
    expect(rows.length).toBe(0);
  });

  it("refuses a file just over 10 MB (inside the multipart allowance) with 413 as well", async () => {
    const u = await createUser(env);
    const before = await mediaFiles();
    const res = await upload(u.token, imageForm(await paddedJpeg(10 * MB + 64 * 1024), { name: "big.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 1007 });
    expect(await mediaFiles()).toEqual(before);
  });

  it("keeps the 1 MB limit on every other /api call", async () => {
    const u = await createUser(env);
    const res = await uploadLink(u.token, { imageUrl: `${origin}/photo.png`, pad: "x".repeat(2 * MB) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 1007 });
  });

  it("refuses a corrupt or truncated file with 400", async () => {
    const u = await createUser(env);
    const corrupt = await upload(u.token, imageForm(corruptPng()));
    expect(corrupt.status).toBe(400);
    expect(corrupt.body).toMatchObject({ code: 1001, errors: { image: expect.any(String) } });
    const truncated = await upload(u.token, imageForm(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { name: "t.jpg", type: "image/jpeg" }));
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ code: 1001 });
  });

  it("strips EXIF (GPS included) from every stored size and orients the image by it first", async () => {
    const u = await createUser(env);
    const source = await jpegWithGps();
    const meta = await sharp(source).metadata();
    expect(meta.orientation).toBe(6);
    expect(exifHasGps(meta.exif)).toBe(true);
    const res = await upload(u.token, imageForm(source, { name: "gps.jpg", type: "image/jpeg" }));
    expect(res.status).toBe(200);
    // Upright, the 400x200 sideways photo is 200x400 with red on top.
    expect(res.body).toMatchObject({ width: 200, height: 400 });
    for (const size of ["108", "256", "512"] as const) {
      const stored = await fs.readFile(fileOf(res.body.sizes[size]));
      const m = await sharp(stored).metadata();
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.orientation).toBeUndefined();
      expect(stored.includes("WGS-84")).toBe(false);
      expect(stored.includes("TestCam")).toBe(false);
    }
    const big = await fs.readFile(fileOf(res.body.url));
    expect(near(await pixelAt(big, 256, 20), RED)).toBe(true);
    expect(near(await pixelAt(big, 256, 490), BLUE)).toBe(true);
  });

  it("crops in source pixels before scaling", async () => {
    const u = await createUser(env);
    const crop = JSON.stringify({ x: 300, y: 0, width: 300, height: 200 });
    const res = await upload(u.token, imageForm(await quadrants(600, 400), { fields: { crop } }));
    expect(res.status).toBe(200);
    const big = await fs.readFile(fileOf(res.body.url));
    for (const [x, y] of [
      [5, 5],
      [506, 5],
      [5, 506],
      [506, 506],
      [256, 256],
    ] as const) {
      expect(near(await pixelAt(big, x, y), GREEN), `pixel ${x},${y}`).toBe(true);
    }
    await expectSizes(res.body);
  });

  it("rotates clockwise before cropping", async () => {
    const u = await createUser(env);
    const rotated = await upload(u.token, imageForm(await halves(200, 200, RED, BLUE), { fields: { rotate: "90" } }));
    expect(rotated.status).toBe(200);
    const big = await fs.readFile(fileOf(rotated.body.url));
    expect(near(await pixelAt(big, 256, 20), RED)).toBe(true);
    expect(near(await pixelAt(big, 256, 490), BLUE)).toBe(true);

    // Quadrants turned 90°: 400x600, whose top-left 200x300 block was the bottom-left (blue) one.
    const both = await upload(
      u.token,
      imageForm(await quadrants(600, 400), { fields: { rotate: "90", crop: JSON.stringify({ x: 0, y: 0, width: 200, height: 300 }) } }),
    );
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ width: 400, height: 600 });
    const bothBig = await fs.readFile(fileOf(both.body.url));
    expect(near(await pixelAt(bothBig, 256, 256), BLUE)).toBe(true);
  });

  it("refuses a crop outside the image, a malformed crop and an odd angle with 400", async () => {
    const u = await createUser(env);
    const outside = await upload(u.token, imageForm(png, { fields: { crop: JSON.stringify({ x: 700, y: 0, width: 300, height: 100 }) } }));
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ code: 1001, errors: { crop: expect.any(String) } });
    const malformed = await upload(u.token, imageForm(png, { fields: { crop: "{x:1" } }));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 1001, errors: { crop: expect.any(String) } });
    const angle = await upload(u.token, imageForm(png, { fields: { rotate: "45" } }));
    expect(angle.status).toBe(400);
    expect(angle.body).toMatchObject({ code: 1001, errors: { rotate: expect.any(String) } });
    expect(await avatarOf(u.participantId)).toBeNull();
  });

  it("refuses a form without the image, with unknown fields, or a JSON body", async () => {
    const u = await createUser(env);
    const empty = new FormData();
    empty.append("purpose", "avatar");
    const none = await upload(u.token, empty);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 1001, errors: { image: expect.any(String) } });
    const unknown = await upload(u.token, imageForm(png, { fields: { colour: "blue" } }));
    expect(unknown.status).toBe(400);
    const asText = new FormData();
    asText.append("image", "not a file");
    expect((await upload(u.token, asText)).status).toBe(400);
    const json = await env.request<ErrorBody>("POST", "/api/images/upload", { token: u.token, body: { image: "x" } });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ code: 1019 });
  });

  it("stores a free image (purpose=image) bounded but not squared, leaving the avatar alone", async () => {
    const u = await createUser(env);
    const res = await upload(u.token, imageForm(await quadrants(600, 400), { fields: { purpose: "image" } }));
    expect(res.status).toBe(200);
    await expectSizes(res.body, false);
    const dims = await Promise.all(
      (["108", "256", "512"] as const).map(async (s) => {
        const m = await sharp(await fs.readFile(fileOf(res.body.sizes[s]))).metadata();
        return [m.width, m.height];
      }),
    );
    expect(dims).toEqual([
      [108, 72],
      [256, 171],
      [512, 341],
    ]);
    expect(await avatarOf(u.participantId)).toBeNull();
  });

  it("replaces the avatar on re-upload and removes the old files", async () => {
    const u = await createUser(env);
    const first = await upload(u.token, imageForm(png));
    const second = await upload(u.token, imageForm(jpeg, { name: "b.jpg", type: "image/jpeg" }));
    expect(second.status).toBe(200);
    for (const url of Object.values(first.body.sizes)) expect(await exists(fileOf(url))).toBe(false);
    expect(await exists(path.dirname(fileOf(first.body.url)))).toBe(false);
    for (const url of Object.values(second.body.sizes)) expect(await exists(fileOf(url))).toBe(true);
    expect((await avatarOf(u.participantId))?.id).toBe(second.body.id);
    const rows = await env.db<{ id: string }[]>`select id from media_objects where participant_id = ${u.participantId} and kind = 'avatar'`;
    expect(rows.map((r) => r.id)).toEqual([second.body.id]);
    expect((await env.request("GET", first.body.url)).status).toBe(404);
    expect((await env.request("GET", second.body.url)).status).toBe(200);
  });

  it("asks for a session (401) and a participant in this community (404)", async () => {
    const anon = await upload(undefined, imageForm(png));
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ code: 1004 });

    // A member of beta only, signed in on alpha: no participant here.
    const betaOnly = await createUser(env, { tenant: "beta" });
    const alphaToken = await signInAs(env, betaOnly.user.id, "alpha");
    const res = await upload(alphaToken, imageForm(png));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1002 });
    expect(await avatarOf(betaOnly.participantId)).toBeNull();
  });

  it("does not accept a session of alpha on beta", async () => {
    const u = await createUser(env);
    const before = await mediaFiles();
    const res = await upload(u.token, imageForm(png), "beta");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1004 });
    expect(await mediaFiles()).toEqual(before);
  });

  it("stores beta's media under beta", async () => {
    const u = await createUser(env, { tenant: "beta" });
    const res = await upload(u.token, imageForm(png), "beta");
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/media\/beta\/[a-z2-7]{26}\/512\.jpg$/);
    const [row] = await env.db`select community_id from media_objects where id = ${res.body.id}`;
    expect(row).toMatchObject({ community_id: "beta" });
  });
});

describe("DELETE /api/images/remove", () => {
  it("removes the avatar files and clears the avatar; a second call is a no-op", async () => {
    const u = await createUser(env);
    const up = await upload(u.token, imageForm(png));
    expect(up.status).toBe(200);
    const res = await env.request("DELETE", "/api/images/remove", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await avatarOf(u.participantId)).toBeNull();
    for (const url of Object.values(up.body.sizes)) expect(await exists(fileOf(url))).toBe(false);
    const rows = await env.db`select id from media_objects where id = ${up.body.id}`;
    expect(rows.length).toBe(0);
    expect((await env.request("GET", up.body.url)).status).toBe(404);
    const again = await env.request("DELETE", "/api/images/remove", { token: u.token });
    expect(again.status).toBe(200);
  });

  it("removes one of the user's own images by id; another user's, or a missing one, is 404", async () => {
    const owner = await createUser(env);
    const other = await createUser(env);
    const img = await upload(owner.token, imageForm(png, { fields: { purpose: "image" } }));
    expect(img.status).toBe(200);
    // Another user's image is as missing as one that never was: 404, nothing removed.
    const foreign = await env.request<ErrorBody>("DELETE", `/api/images/remove?id=${img.body.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 1002, msg: "Image not found" });
    expect(await exists(fileOf(img.body.url))).toBe(true);
    const never = await env.request<ErrorBody>("DELETE", "/api/images/remove?id=aaaaaaaaaaaaaaaaaaaaaaaaaa", { token: other.token });
    expect(never.status).toBe(404);
    const own = await env.request("DELETE", `/api/images/remove?id=${img.body.id}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(await exists(fileOf(img.body.url))).toBe(false);
    expect((await env.request("DELETE", `/api/images/remove?id=${img.body.id}`, { token: owner.token })).status).toBe(404);
    const bad = await env.request<ErrorBody>("DELETE", "/api/images/remove?id=../../etc", { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1001 });
  });

  it("removing the current avatar by id clears it too", async () => {
    const u = await createUser(env);
    const up = await upload(u.token, imageForm(png));
    const res = await env.request("DELETE", `/api/images/remove?id=${up.body.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(await avatarOf(u.participantId)).toBeNull();
  });

  it("answers 401 without a session and does not cross communities", async () => {
    expect((await env.request("DELETE", "/api/images/remove")).status).toBe(401);
    const u = await createUser(env);
    const up = await upload(u.token, imageForm(png));
    const res = await env.request("DELETE", "/api/images/remove", { token: u.token, tenant: "beta" });
    expect(res.status).toBe(401);
    expect(await exists(fileOf(up.body.url))).toBe(true);
    // A beta member removing "their" avatar does not touch alpha's files.
    const b = await createUser(env, { tenant: "beta" });
    const res2 = await env.request("DELETE", `/api/images/remove?id=${up.body.id}`, { token: b.token, tenant: "beta" });
    expect(res2.status).toBe(404);
    expect(await exists(fileOf(up.body.url))).toBe(true);
  });
});

describe("GET /media/...", () => {
  it("serves a stored size with long immutable caching and nosniff, on any host", async () => {
    const u = await createUser(env);
    const up = await upload(u.token, imageForm(png));
    const res = await env.app.request(up.body.sizes["256"], { headers: { host: "alpha.localhost:3000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await fs.readFile(fileOf(up.body.sizes["256"])))).toBe(true);
    const other = await env.app.request(up.body.sizes["256"], { headers: { host: "beta.localhost:3000" } });
    expect(other.status).toBe(200);
  });

  it("answers 404 with the error shape for unknown files and any path trick", async () => {
    const u = await createUser(env);
    const up = await upload(u.token, imageForm(png));
    const id = up.body.id;
    const paths = [
      `/media/alpha/${"a".repeat(26)}/512.jpg`,
      `/media/alpha/${id}/300.jpg`,
      `/media/alpha/${id}/512.png`,
      `/media/ALPHA/${id}/512.jpg`,
      `/media/alpha/${id}/..%2F..%2F..%2Fpackage.json`,
      `/media/alpha/%2e%2e/%2e%2e/${id}/512.jpg`,
      `/media/alpha/${id}%2F512.jpg`,
      "/media/..%2F..%2Fetc%2Fpasswd",
      `/media/alpha//${id}/512.jpg`,
      "/media/",
    ];
    for (const p of paths) {
      const res = await env.request<ErrorBody>("GET", p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toMatchObject({ code: 1002, msg: expect.any(String) });
    }
    // Dot segments are resolved by URL parsing before routing: this one leaves /media altogether.
    const dots = await env.app.request("/media/alpha/../../../../etc/passwd");
    expect(dots.headers.get("content-type")).not.toBe("image/jpeg");
    expect(await dots.text()).not.toMatch(/root:/);
  });
});

describe("POST /api/images/upload/link", () => {
  it("fetches a PNG from a link and stores the sizes", async () => {
    const u = await createUser(env);
    const res = await uploadLink(u.token, { imageUrl: `${origin}/photo.png` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 800, height: 600 });
    await expectSizes(res.body);
    expect((await avatarOf(u.participantId))?.id).toBe(res.body.id);
  });

  it("follows up to 3 redirects and gives up after that with 502", async () => {
    const u = await createUser(env);
    const three = await uploadLink(u.token, { imageUrl: `${origin}/r/3`, crop: { x: 0, y: 0, width: 600, height: 600 }, rotate: 0 });
    expect(three.status).toBe(200);
    const four = await uploadLink(u.token, { imageUrl: `${origin}/r/4` });
    expect(four.status).toBe(502);
    expect(four.body).toMatchObject({ code: 1020, msg: expect.stringMatching(/redirect/) });
  });

  it("refuses a link to a non-image with 415, whatever its Content-Type says", async () => {
    const u = await createUser(env);
    const res = await uploadLink(u.token, { imageUrl: `${origin}/page.html` });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 1019 });
  });

  it("answers 502 when the link times out or fails", async () => {
    const u = await createUser(env);
    const started = Date.now();
    const hang = await uploadLink(u.token, { imageUrl: `${origin}/hang` });
    expect(hang.status).toBe(502);
    expect(hang.body).toMatchObject({ code: 1020, msg: expect.stringMatching(/1000 ms/) });
    expect(Date.now() - started).toBeLessThan(4000);
    const missing = await uploadLink(u.token, { imageUrl: `${origin}/missing.png` });
    expect(missing.status).toBe(502);
    expect(missing.body).toMatchObject({ code: 1020 });
    const refused = await uploadLink(u.token, { imageUrl: "http://127.0.0.1:1/photo.png" });
    expect(refused.status).toBe(502);
  });

  it("answers 400 for a link whose host does not exist (bad input, not an upstream failure)", async () => {
    const u = await createUser(env);
    const res = await uploadLink(u.token, { imageUrl: "https://no-such-host.invalid/photo.png" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, msg: expect.stringMatching(/no-such-host\.invalid/), errors: { imageUrl: expect.any(String) } });
    // Reserved never to exist (RFC 6761): refused as bad input whatever the resolver does, offline too.
    const reserved = await uploadLink(u.token, { imageUrl: "http://photos.shop.test./a.png" });
    expect(reserved.status).toBe(400);
    expect(reserved.body).toMatchObject({ code: 1001, msg: expect.stringMatching(/photos\.shop\.test/) });
  });

  it("stops reading past the size limit with 413", async () => {
    const saved = env.config.images;
    env.config.images = { ...saved, fetchTimeoutMs: 10_000 };
    try {
      const u = await createUser(env);
      const res = await uploadLink(u.token, { imageUrl: `${origin}/huge.jpg` });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 1007 });
    } finally {
      env.config.images = saved;
    }
  });

  it("refuses links that are not http(s) URLs", async () => {
    const u = await createUser(env);
    for (const imageUrl of ["file:///etc/passwd", "ftp://example.com/a.png", "not a url", "http://user:pw@example.com/a.png", "gopher://x"]) {
      const res = await uploadLink(u.token, { imageUrl });
      expect(res.status, imageUrl).toBe(400);
      expect(res.body, imageUrl).toMatchObject({ code: 1001, errors: { imageUrl: expect.any(String) } });
    }
  });

  it("asks for a session and a participant, in this community only", async () => {
    expect((await uploadLink(undefined, { imageUrl: `${origin}/photo.png` })).status).toBe(401);
    const u = await createUser(env);
    expect((await uploadLink(u.token, { imageUrl: `${origin}/photo.png` }, "beta")).status).toBe(401);
    const betaOnly = await createUser(env, { tenant: "beta" });
    const token = await signInAs(env, betaOnly.user.id, "alpha");
    expect((await uploadLink(token, { imageUrl: `${origin}/photo.png` })).status).toBe(404);
  });

  it("meters uploads per user: 429 with Retry-After past 30 in 10 minutes", async () => {
    const u = await createUser(env);
    for (let i = 0; i < 30; i++) {
      expect((await uploadLink(u.token, { imageUrl: "ftp://example.com/a.png" })).status).toBe(400);
    }
    const limited = await uploadLink(u.token, { imageUrl: `${origin}/photo.png` });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const viaUpload = await upload(u.token, imageForm(png));
    expect(viaUpload.status).toBe(429);
    // Another member is not affected.
    const other = await createUser(env);
    expect((await uploadLink(other.token, { imageUrl: `${origin}/photo.png` })).status).toBe(200);
  });

  describe("with the default address policy", () => {
    // One app per test file: this block switches the live config to the production default.
    let saved: typeof env.config.images;
    beforeAll(() => {
      saved = env.config.images;
      env.config.images = { ...testConfig().images, fetchTimeoutMs: 1000 };
      expect(env.config.images.allowPrivateFetch).toBe(false);
    });
    afterAll(() => {
      env.config.images = saved;
    });

    it("refuses loopback, private, link-local, CGNAT and local names before connecting", async () => {
      const u = await createUser(env);
      const port = new URL(origin).port;
      const hits = serverHits;
      const urls = [
        `${origin}/photo.png`,
        `http://localhost:${port}/photo.png`,
        `http://[::1]:${port}/photo.png`,
        `http://[::ffff:127.0.0.1]:${port}/photo.png`,
        `http://0x7f.0.0.1:${port}/photo.png`,
        `http://2130706433:${port}/photo.png`,
        "http://10.0.0.1/photo.png",
        "http://192.168.1.1/photo.png",
        "http://172.16.5.5/photo.png",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.64.0.1/photo.png",
        "http://0.0.0.0/photo.png",
        "http://[fd00::1]/photo.png",
        "http://[fe80::1]/photo.png",
        "https://224.0.0.1/photo.png",
      ];
      for (const imageUrl of urls) {
        const res = await uploadLink(u.token, { imageUrl });
        expect(res.status, imageUrl).toBe(400);
        expect(res.body, imageUrl).toMatchObject({ code: 1001, msg: expect.stringMatching(/private or local network address/) });
      }
      expect(serverHits).toBe(hits);
    });

    it("refuses a redirect from an allowed host to a private address", async () => {
      env.config.images = { ...env.config.images, fetchAllowedIps: ["127.0.0.1"] };
      const u = await createUser(env);
      // The host itself is reachable under this policy...
      expect((await uploadLink(u.token, { imageUrl: `${origin}/photo.png` })).status).toBe(200);
      // ...but not where it sends us.
      for (const hop of ["/redirect-private", "/redirect-metadata"]) {
        const res = await uploadLink(u.token, { imageUrl: `${origin}${hop}` });
        expect(res.status, hop).toBe(400);
        expect(res.body, hop).toMatchObject({ code: 1001, msg: expect.stringMatching(/private or local network address/) });
      }
    });
  });
});
