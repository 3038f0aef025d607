import { afterAll, describe, expect, it } from "vitest";
import { sendTelegramNotifications, softDeleteUser, withTx } from "@tuesday/platform";
import { createPeer, testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { introduce, type Member, member } from "./chat-helpers.ts";
import { expectError } from "./matching-api-helpers.ts";
import { startBotApi } from "./telegram-helpers.ts";

const bot = await startBotApi();
const SECRET = "telegram-test-secret-0123456789";
const env = await testEnvForFile({
  tenants: [tenantFixture("alpha", { isDefault: true }), tenantFixture("beta")],
  config: { telegram: { apiUrl: bot.url, botToken: "123456:TEST-TOKEN", botUsername: "tuesday_test_bot", secret: SECRET } },
});
afterAll(async () => bot.close());

const as = (m: Member) => ({ tenant: m.tenant, token: m.token });
const userIdOf = async (m: Member) => (await env.db<{ userId: string }[]>`select user_id as "userId" from participants where id = ${m.id}`)[0]?.userId ?? "";

/** Reads an event stream until `until` appears (or the stream ends); returns the events. */
async function readEvents(res: Response, until: string, ms = 5000): Promise<{ event: string; data: string }[]> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no stream");
  const events: { event: string; data: string }[] = [];
  let text = "";
  const timer = setTimeout(() => void reader.cancel(), ms);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      let cut = text.indexOf("\n\n");
      while (cut >= 0) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
        events.push({ event, data });
        cut = text.indexOf("\n\n");
      }
      if (events.some((e) => e.event === until)) break;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return events;
}

function openStream(app: typeof env.app, m: Member, userId: string): Promise<Response> {
  return Promise.resolve(app.request(`/api/sse/telegram-connect?userId=${userId}`, { headers: { host: `${m.tenant}.localhost:3000`, authorization: `Bearer ${m.token}` } }));
}

const webhook = (body: unknown, secret: string | null = SECRET) =>
  env.request("POST", "/api/telegram/webhook", { body, headers: secret ? { "x-telegram-bot-api-secret-token": secret } : {} });
const start = (code: string, chatId: number, username?: string) =>
  webhook({ update_id: 1, message: { text: `/start ${code}`, chat: { id: chatId, type: "private" }, from: { id: chatId, ...(username ? { username } : {}) } } });

describe("connecting Telegram through the bot's deep link", () => {
  it("gives a one-time deep link; /start <code> connects, tells the event stream and replies in Telegram", async () => {
    const m = await member(env, "alpha", { firstName: "Tg", lastName: "User" });
    const userId = await userIdOf(m);
    expect((await env.request("GET", "/api/telegram/status", as(m))).body).toEqual({ enabled: true, connected: false, username: null, connectedAt: null, blocked: false });
    const link = await env.request("POST", "/api/telegram/connect-link", as(m));
    expect(link.status).toBe(200);
    expect(link.body.url).toBe(`https://t.me/tuesday_test_bot?start=${link.body.code}`);

    const stream = await openStream(env.app, m, userId);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const events = readEvents(stream, "connected");

    bot.calls.length = 0;
    expect((await start(link.body.code, 777001, "tg_user")).body).toEqual({ ok: true });
    const got = await events;
    expect(got[0]).toMatchObject({ event: "status" });
    expect(JSON.parse(got[0]?.data ?? "{}")).toMatchObject({ connected: false });
    expect(got.at(-1)).toEqual({ event: "connected", data: JSON.stringify({ connected: true, username: "tg_user" }) });
    expect(bot.calls).toHaveLength(1);
    expect(bot.calls[0]).toMatchObject({ method: "sendMessage", token: "123456:TEST-TOKEN", json: { chat_id: "777001" } });

    expect((await env.request("GET", "/api/telegram/status", as(m))).body).toMatchObject({ connected: true, username: "tg_user" });
    // The code was used up: a second /start is told the link expired, and connects nobody.
    bot.calls.length = 0;
    await start(link.body.code, 777002);
    expect(bot.calls[0]?.json?.text).toContain("expired");
    const [row] = await env.db<{ chatId: string }[]>`select chat_id as "chatId" from telegram_links where participant_id = ${m.id}`;
    expect(row?.chatId).toBe("777001");

    expect((await env.request("DELETE", "/api/telegram/connection", as(m))).status).toBe(204);
    expect((await env.request("GET", "/api/telegram/status", as(m))).body).toMatchObject({ connected: false });
  });

  it("forgets an unused code with the account: /start after the account's deletion connects nobody", async () => {
    // The code names its participant without a foreign key (a Citus reference table, migration 068).
    const m = await member(env, "alpha", { firstName: "Gone", lastName: "Soon" });
    const link = await env.request("POST", "/api/telegram/connect-link", as(m));
    expect(link.status).toBe(200);
    await withTx(env.db, (tx) => softDeleteUser(tx, m.user.id));
    bot.calls.length = 0;
    expect((await start(link.body.code, 777003)).body).toEqual({ ok: true });
    expect(bot.calls[0]?.json?.text).toContain("expired");
    expect(await env.db`select 1 from telegram_links where chat_id = '777003'`).toHaveLength(0);
  });

  it("tells an event stream held by another server process (LISTEN/NOTIFY)", async () => {
    const peer = await createPeer(env);
    try {
      const m = await member(env, "alpha", { firstName: "Peer", lastName: "Stream" });
      const link = await env.request("POST", "/api/telegram/connect-link", as(m));
      const stream = await openStream(peer.app, m, await userIdOf(m));
      const events = readEvents(stream, "connected");
      await start(link.body.code, 777010);
      expect((await events).at(-1)?.event).toBe("connected");
    } finally {
      await peer.close();
    }
  });

  it("refuses webhook calls without the secret, and ignores updates that are not /start", async () => {
    expectError(await webhook({ update_id: 2 }, null), 401, 1004);
    expectError(await webhook({ update_id: 2 }, "wrong-secret-wrong-secret"), 401, 1004);
    expect((await webhook({ update_id: 3, message: { text: "hello", chat: { id: 5 } } })).body).toEqual({ ok: true });
    expectError(await webhook({ update_id: "x" }), 400, 1001);
  });

  it("keeps the event stream to the caller's own user", async () => {
    const m = await member(env, "alpha");
    const other = await member(env, "alpha");
    const res = await openStream(env.app, m, await userIdOf(other));
    expect(res.status).toBe(403);
    expect((await env.request("GET", "/api/sse/telegram-connect?userId=nope", as(m))).status).toBe(400);
  });
});

describe("POST /api/telegram/connect (the bot backend)", () => {
  it("connects a participant of this community with the shared secret, and nobody of another one", async () => {
    const m = await member(env, "alpha");
    const stranger = await member(env, "beta");
    const userId = await userIdOf(m);
    const call = (body: unknown, secret: string | null = SECRET, tenant = "alpha") =>
      env.request("POST", "/api/telegram/connect", { tenant, body, headers: secret ? { "x-telegram-bot-secret": secret } : {} });
    expectError(await call({ userId, chatId: 42, username: "x" }, null), 401, 1004);
    expectError(await call({ userId, chatId: "not-a-number" }), 400, 1001);
    expectError(await call({ userId: await userIdOf(stranger), chatId: 43 }), 404, 1002);
    expectError(await call({ userId, chatId: 44 }, SECRET, "beta"), 404, 1002);
    const ok = await call({ userId, chatId: "-100200300", username: "@Member_1" });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ connected: true, participantId: m.id, username: "Member_1" });
    expect((await env.request("GET", "/api/telegram/status", as(m))).body).toMatchObject({ connected: true, username: "Member_1" });
  });
});

describe("notifications through Telegram", () => {
  it("sends a connected member's notifications once, in their language, unless they turned Telegram off; a blocked bot stops it", async () => {
    const a = await member(env, "alpha", { firstName: "Ann", lastName: "Sender" });
    const b = await member(env, "alpha", { firstName: "Bea", lastName: "Receiver" });
    const c = await member(env, "alpha", { firstName: "Cy", lastName: "Muted" });
    for (const [m, chat] of [
      [b, 880001],
      [c, 880002],
    ] as const) {
      const link = await env.request("POST", "/api/telegram/connect-link", as(m));
      await start(link.body.code, chat);
    }
    await env.db`update users set preferred_lang = 'ru' where id = ${await userIdOf(b)}`;
    await env.db`update participants set language = null where id = ${b.id}`;
    expect((await env.request("PUT", "/api/notifications/preferences", { ...as(c), body: { items: [{ contactType: "TELEGRAM", disable: true }] } })).status).toBe(200);

    await introduce(env, a, b);
    await introduce(env, a, c);
    bot.calls.length = 0;
    const first = await sendTelegramNotifications(env.deps, { communityId: "alpha" });
    expect(first.sent).toBe(1);
    expect(bot.calls.map((x) => x.json?.chat_id)).toEqual(["880001"]);
    expect(bot.calls[0]?.json?.text).toContain("Новый запрос на знакомство");
    expect(bot.calls[0]?.json?.text).toContain("http://alpha.localhost:3000/notifications");
    // Nothing twice.
    expect((await sendTelegramNotifications(env.deps, { communityId: "alpha" })).sent).toBe(0);

    // b blocks the bot: the next one fails for good and the link is marked blocked.
    bot.failFor.set("880001", { status: 403, description: "Forbidden: bot was blocked by the user" });
    const d = await member(env, "alpha");
    await introduce(env, d, b);
    expect(await sendTelegramNotifications(env.deps, { communityId: "alpha" })).toEqual({ sent: 0, failed: 1 });
    expect((await env.request("GET", "/api/telegram/status", as(b))).body).toMatchObject({ connected: false, blocked: true });
    bot.failFor.delete("880001");
  });
});
