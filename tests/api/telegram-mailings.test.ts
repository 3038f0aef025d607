import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createMember, type CreatedUser } from "../support/users.ts";
import { expectError } from "./matching-api-helpers.ts";
import { startBotApi } from "./telegram-helpers.ts";

const bot = await startBotApi();
const SECRET = "telegram-test-secret-0123456789";
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-telegram-"));
const env = await testEnvForFile({
  tenants: [tenantFixture("alpha", { isDefault: true }), tenantFixture("beta")],
  config: { dataDir, telegram: { apiUrl: bot.url, botToken: "123456:TEST-TOKEN", botUsername: "tuesday_test_bot", secret: SECRET } },
});
afterAll(async () => {
  await bot.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

let chatSeq = 990000;
/** A member of `tenant` in `lang` whose Telegram is connected (through the bot backend's call). */
async function connected(tenant: string, lang: "en" | "ru", opts: Parameters<typeof createMember>[1] = {}): Promise<CreatedUser & { chatId: string }> {
  const m = await createMember(env, { tenant, ...opts });
  await env.db`update users set preferred_lang = ${lang} where id = ${m.user.id}`;
  await env.db`update participants set language = null where user_id = ${m.user.id}`;
  const chatId = String(++chatSeq);
  const res = await env.request("POST", "/api/telegram/connect", { tenant, body: { userId: m.user.id, chatId }, headers: { "x-telegram-bot-secret": SECRET } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...m, chatId };
}

const content = { en: { text: "Meetup on Friday!" }, ru: { text: "Встреча в пятницу!" } };

describe("POST /api/community/{id}/participants/notify/telegram", () => {
  it("sends each connected member of the audience the text in their language, once, with progress to 100% and an audit entry", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const en = await connected("alpha", "en");
    const ru = await connected("alpha", "ru");
    const muted = await connected("alpha", "en");
    await env.request("PUT", "/api/notifications/preferences", { token: muted.token, body: { items: [{ contactType: "TELEGRAM", disable: true }] } });
    const blocked = await connected("alpha", "en");
    await createMember(env, { tenant: "alpha" }); // no Telegram: not in the audience

    bot.calls.length = 0;
    bot.failFor.set(blocked.chatId, { status: 403, description: "Forbidden: bot was blocked by the user" });
    const res = await env.request("POST", "/api/community/alpha/participants/notify/telegram", { token: admin.token, body: { content } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ kind: "telegram", status: "queued", percent: 0, content });
    // Every connected member with Telegram on, from earlier tests too; ours are among them.
    const id = res.body.id as string;
    await env.drainJobs("telegram.mailing");
    const progress = await env.request("GET", `/api/community/alpha/mailings/${id}`, { token: admin.token });
    expect(progress.body).toMatchObject({ kind: "telegram", status: "done", percent: 100 });
    expect(progress.body.sent + progress.body.failed).toBe(progress.body.total);
    expect(progress.body.failed).toBe(1);

    const textTo = (chatId: string) => bot.calls.filter((c) => c.json?.chat_id === chatId).map((c) => c.json?.text);
    expect(textTo(en.chatId)).toEqual(["Meetup on Friday!"]);
    expect(textTo(ru.chatId)).toEqual(["Встреча в пятницу!"]);
    expect(textTo(muted.chatId)).toEqual([]);
    // A rerun of the job sends nobody anything again.
    const before = bot.calls.length;
    await env.deps.jobs.send((await import("@tuesday/platform")).telegramMailingJob, { communityId: "alpha", mailingId: id });
    await env.drainJobs("telegram.mailing");
    expect(bot.calls.length).toBe(before);
    bot.failFor.delete(blocked.chatId);

    const [audit] = await env.db<{ action: string }[]>`select action from audit_events where target_id = ${id}`;
    expect(audit?.action).toBe("mailing.telegram.send");
  });

  it("refuses members, bad content and another community's id", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const plain = await createMember(env, { tenant: "alpha" });
    const betaAdmin = await createMember(env, { tenant: "beta", role: "admin" });
    const url = "/api/community/alpha/participants/notify/telegram";
    expectError(await env.request("POST", url, { token: plain.token, body: { content } }), 403, 1005);
    expectError(await env.request("POST", url, { token: admin.token, body: { content: { ru: content.ru } } }), 400, 1001);
    expectError(await env.request("POST", url, { token: admin.token, body: { content: { en: { text: "" } } } }), 400, 1001);
    expectError(await env.request("POST", url, { token: admin.token, body: { content: { en: { text: "x".repeat(4001) } } } }), 400, 1001);
    expectError(await env.request("POST", url, { tenant: "beta", token: betaAdmin.token, body: { content } }), 404, 1002);
  });
});

describe("POST /api/community/{id}/participants/notify/telegram/group/image", () => {
  it("sends the community's uploaded picture as a multipart photo with the caption, and never another community's", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const m = await connected("alpha", "ru", { status: "confirmed" });
    const mediaId = "abcdefghijklmnopqrstuvwxyz";
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    for (const community of ["alpha", "beta"]) {
      await fs.mkdir(path.join(dataDir, "media", community, mediaId), { recursive: true });
      await fs.writeFile(path.join(dataDir, "media", community, mediaId, "512.jpg"), jpeg);
    }
    bot.calls.length = 0;
    const res = await env.request("POST", "/api/community/alpha/participants/notify/telegram/group/image", {
      token: admin.token,
      body: { imageUrl: `/media/alpha/${mediaId}/256.jpg`, content: { en: { text: "Photos" }, ru: { text: "Фото" } }, audience: { participantIds: [m.participantId] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ kind: "telegram_image", total: 1 });
    await env.drainJobs("telegram.mailing");
    expect(bot.calls).toHaveLength(1);
    expect(bot.calls[0]).toMatchObject({ method: "sendPhoto", form: { chatId: m.chatId, caption: "Фото", photo: { name: "image.jpg", type: "image/jpeg" } } });
    expect(Buffer.from(bot.calls[0]?.form?.photo?.bytes ?? [])).toEqual(jpeg);

    const body = (imageUrl: string) => ({ token: admin.token, body: { imageUrl, content: { en: { text: "x" } } } });
    expectError(await env.request("POST", "/api/community/alpha/participants/notify/telegram/group/image", body(`/media/beta/${mediaId}/512.jpg`)), 404, 1002);
    expectError(await env.request("POST", "/api/community/alpha/participants/notify/telegram/group/image", body("/media/alpha/zzzzzzzzzzzzzzzzzzzzzzzzzz/512.jpg")), 404, 1002);
    expectError(await env.request("POST", "/api/community/alpha/participants/notify/telegram/group/image", body("../../etc/passwd")), 404, 1002);
  });
});

describe("POST /api/community/{id}/participants/notify/telegram/recommended-contacts", () => {
  it("runs the week's pairing without e-mail and answers a Telegram mailing (admins only)", async () => {
    const admin = await createMember(env, { tenant: "alpha", role: "admin" });
    const plain = await createMember(env, { tenant: "alpha" });
    expectError(await env.request("POST", "/api/community/alpha/participants/notify/telegram/recommended-contacts", { token: plain.token }), 403, 1005);
    const res = await env.request("POST", "/api/community/alpha/participants/notify/telegram/recommended-contacts", { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ kind: "telegram" });
    await env.drainJobs("telegram.mailing");
    const progress = await env.request("GET", `/api/community/alpha/mailings/${res.body.id}`, { token: admin.token });
    expect(progress.body).toMatchObject({ status: "done", percent: 100 });
  });
});
