import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SESSION_COOKIE } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { createUser, signInAs } from "../support/users.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { FAST, json, rawConnect, rawRoundTrip, type Served, serve, settled, sleep, stompConnect, until, upgradeRefusal, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
let served: Served;
let a: Member;
let b: Member;
let chatId: string;
beforeAll(async () => {
  served = await serve(env, FAST);
  a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
  b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
  await introduce(env, a, b);
  chatId = await openChat(env, a, [b]);
});
afterAll(async () => served?.close());

const url = (m: { tenant?: string; token: string }) => wsUrl(served, m.tenant ?? "alpha", m.token);
const chatTopic = (id: string) => `/topic/chat/${id}`;
const CONNECT = (heartBeat = "0,0") => `CONNECT\naccept-version:1.2\nhost:alpha\nheart-beat:${heartBeat}\n\n\0`;

describe("connecting", () => {
  it("answers CONNECTED with version 1.2 and the server's heart-beat values to a valid token", async () => {
    const s = await stompConnect(url(a), { heartbeat: 100 });
    expect(s.connected.headers).toMatchObject({ version: "1.2", "heart-beat": "200,200", "user-name": a.id });
    await s.close();
  });

  it("refuses the upgrade without a token, with another community's or a bogus one, and for a non-participant", async () => {
    expect(await upgradeRefusal(wsUrl(served, "alpha"))).toEqual({ status: 401, body: { code: 1004, msg: "Authentication required" } });
    const other = await member(env, "beta", { firstName: "Olga", lastName: "Other" });
    expect((await upgradeRefusal(wsUrl(served, "alpha", other.token))).status).toBe(401);
    expect((await upgradeRefusal(wsUrl(served, "alpha", "nope.nope"))).status).toBe(401);
    const visitor = await createUser(env, { tenant: "alpha", role: null });
    expect(await upgradeRefusal(wsUrl(served, "alpha", visitor.token))).toMatchObject({ status: 403, body: { code: 1021 } });
    // The real client sees the socket close and never gets CONNECTED.
    await expect(stompConnect(wsUrl(served, "alpha"))).rejects.toThrow(/closed before CONNECTED/);
    await expect(stompConnect(wsUrl(served, "alpha", other.token))).rejects.toThrow(/closed before CONNECTED/);
    expect(served.stomp.sessionCount()).toBe(0);
  });

  it("takes the session cookie instead of the token, but only from this community's pages", async () => {
    const base = `ws://127.0.0.1:${served.port}/api/ws?communityId=alpha`;
    const cookie = `${SESSION_COOKIE}=${a.token}`;
    const open = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(base, { headers });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => {});
      });
    expect(await open({ cookie })).toBe(101);
    expect(await open({ cookie, origin: `http://127.0.0.1:${served.port}` })).toBe(101);
    expect(await open({ cookie, origin: "https://evil.example" })).toBe(403);
    // A token in the URL is not sent by the browser on its own: another site cannot use it unknowingly.
    expect(
      await new Promise<number>((resolve) => {
        const ws = new WebSocket(url(a), { headers: { origin: "https://evil.example" } });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      }),
    ).toBe(101);
  });

  it("accepts the STOMP command as CONNECT, and CRLF line endings", async () => {
    const raw = await rawConnect(url(a));
    raw.send("STOMP\r\naccept-version:1.1,1.2\r\nhost:alpha\r\n\r\n\0");
    expect(await raw.waitFor(/^CONNECTED/)).toContain("version:1.2");
    raw.send(`SUBSCRIBE\r\nid:0\r\ndestination:${chatTopic(chatId)}\r\nreceipt:r\r\n\r\n\0`);
    await raw.waitFor(/receipt-id:r/);
    raw.ws.close();
  });

  it("refuses a client that speaks no STOMP 1.2, frames before CONNECT and a CONNECT that never comes", async () => {
    const old = await rawConnect(url(a));
    old.send("CONNECT\naccept-version:1.0,1.1\n\n\0");
    expect(await old.waitFor(/^ERROR/)).toContain("version:1.2");
    expect(await old.closed).toBe(1002);

    const early = await rawConnect(url(a));
    early.send(`SUBSCRIBE\nid:1\ndestination:${chatTopic(chatId)}\n\n\0`);
    expect(await early.waitFor(/^ERROR/)).toContain("message:Send CONNECT first");
    await early.closed;

    const quiet = await serve(env, { ...FAST, connectTimeoutMs: 150 });
    try {
      const mute = await rawConnect(wsUrl(quiet, "alpha", a.token));
      expect(await mute.waitFor(/^ERROR/)).toContain("No CONNECT frame in time");
      await mute.closed;
    } finally {
      await quiet.close();
    }
  });
});

describe("the session behind a socket", () => {
  it("ends the member's sockets when they sign out, and when their participant is removed", async () => {
    const m = await member(env, "alpha", { firstName: "Lena", lastName: "Leaving" });
    const other = await signInAs(env, m.user.id, "alpha");
    const s = await stompConnect(url(m));
    const kept = await stompConnect(wsUrl(served, "alpha", other));
    expect((await env.request("POST", "/api/auth/logout", { token: m.token })).status).toBeLessThan(300);
    await s.closed;
    expect(s.errors.map((e) => e.headers.message)).toEqual(["Session ended"]);
    // The same user's other session stays until the participant is gone.
    await settled(env.deps, kept);
    expect(kept.isClosed()).toBe(false);
    await env.db`delete from participants where id = ${m.id}`;
    await kept.closed;
    expect(kept.errors.map((e) => e.headers.message)).toEqual(["Session ended"]);
  });
});

describe("subscribe, send, receive", () => {
  it("delivers a SEND to every subscriber of the chat, with subscription and message-id headers, and stores it", async () => {
    const sa = await stompConnect(url(a));
    const sb = await stompConnect(url(b));
    const inA = sa.subscribe(chatTopic(chatId));
    // An id that needs escaping in the MESSAGE's subscription header.
    const inB = sb.subscribe(chatTopic(chatId), { id: "chat:b\\1" });
    await Promise.all([inA.ready, inB.ready]);
    sa.send(chatTopic(chatId), { text: "  hello over STOMP  " }, { receipt: "r-1" });
    const got = await inB.nth(1);
    expect(json(got)).toMatchObject({ type: "MESSAGE", message: { chatId, senderId: a.id, text: "hello over STOMP" } });
    expect(got.headers.subscription).toBe("chat:b\\1");
    expect(got.headers["message-id"]).toMatch(/.+/);
    expect(got.headers.destination).toBe(chatTopic(chatId));
    expect(got.headers["content-type"]).toBe("application/json");
    expect(json(await inA.nth(1)).message.text).toBe("hello over STOMP");
    const history = await env.request("GET", `/api/chats/${chatId}`, { token: b.token });
    expect(history.body.items.at(-1)).toMatchObject({ text: "hello over STOMP", senderId: a.id });

    // The HTTP call publishes the same way.
    const posted = await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "and over HTTP" } });
    expect(posted.status).toBe(201);
    expect(json(await inA.nth(2)).message).toEqual(posted.body);
    expect(inA.messages[0]?.headers["message-id"]).not.toBe(inA.messages[1]?.headers["message-id"]);

    // After UNSUBSCRIBE nothing more arrives.
    await inB.nth(2);
    const unsubscribed = new Promise<void>((resolve) => sb.client.watchForReceipt("unsub-b", () => resolve()));
    inB.sub.unsubscribe({ receipt: "unsub-b" });
    await unsubscribed;
    sa.send(chatTopic(chatId), { text: "third" });
    await inA.nth(3);
    await settled(env.deps, sb);
    expect(inB.messages).toHaveLength(2);
    await sa.close();
    await sb.close();
  });

  it("answers receipts, and applies transactional SENDs only on COMMIT", async () => {
    const raw = await rawConnect(url(a));
    raw.send(CONNECT());
    await raw.waitFor(/^CONNECTED/);
    raw.send(`SUBSCRIBE\nid:0\ndestination:${chatTopic(chatId)}\nreceipt:sub-1\n\n\0`);
    await raw.waitFor(/receipt-id:sub-1/);
    raw.send("BEGIN\ntransaction:t1\n\n\0");
    raw.send(`SEND\ndestination:${chatTopic(chatId)}\ntransaction:t1\ncontent-type:application/json\n\n{"text":"in a transaction"}\0`);
    raw.send("BEGIN\ntransaction:t2\n\n\0");
    raw.send(`SEND\ndestination:${chatTopic(chatId)}\ntransaction:t2\n\n{"text":"aborted"}\0`);
    raw.send("ABORT\ntransaction:t2\n\n\0");
    // The server has handled every frame above, and anything they published has been delivered.
    await rawRoundTrip(raw);
    await env.deps.bus.sync();
    await rawRoundTrip(raw);
    expect(raw.received.some((r) => r.includes("in a transaction"))).toBe(false);
    raw.send("COMMIT\ntransaction:t1\nreceipt:c-1\n\n\0");
    await raw.waitFor(/receipt-id:c-1/);
    expect(await raw.waitFor(/^MESSAGE/)).toContain("in a transaction");
    // A body with content-length (the byte count of UTF-8 text) works as the NUL-terminated one does.
    const body = JSON.stringify({ text: "привет" });
    raw.send(`SEND\ndestination:${chatTopic(chatId)}\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`);
    expect(await raw.waitFor(/привет/)).toMatch(/^MESSAGE/);
    raw.send("DISCONNECT\nreceipt:bye\n\n\0");
    await raw.waitFor(/receipt-id:bye/);
    await raw.closed;
    expect(raw.received.some((r) => r.includes("aborted"))).toBe(false);
  });

  it("answers ERROR and closes on unknown commands, bad headers, oversized frames and invalid messages", async () => {
    const cases: [string, RegExp][] = [
      ["FROBNICATE\n\n\0", /message:Unknown command FROBNICATE/],
      ["SUBSCRIBE\ndestination:/topic/x\n\n\0", /message:Missing id header/],
      ["SUBSCRIBE\nid:1\ndestination:/queue/x\n\n\0", /message:Unknown destination/],
      ["SEND\ndestination:/topic/x\\t\n\n\0", /message:Undefined escape sequence/],
      [`SEND\ndestination:${chatTopic("00000000-0000-4000-8000-000000000000")}\n\n${"x".repeat(70_000)}\0`, /message:Frame larger than 65536 bytes/],
      [`SEND\ndestination:/topic/chat/CHAT\n\nnot json\0`, /message:The body must be JSON/],
      [`SEND\ndestination:/topic/chat/CHAT\n\n{"text":"   "}\0`, /message:Invalid message/],
      [`SEND\ndestination:/topic/community/alpha/presence\n\n{"text":"hi"}\0`, /message:Only chat topics take SEND/],
    ];
    for (const [frame, expected] of cases) {
      const raw = await rawConnect(url(a));
      raw.send(CONNECT());
      await raw.waitFor(/^CONNECTED/);
      raw.send(frame.replace("CHAT", chatId));
      expect(await raw.waitFor(/^ERROR/), frame.slice(0, 40)).toMatch(expected);
      expect(await raw.closed).toBe(1002);
    }
    // A client that floods frames faster than they are handled is cut off.
    const flood = await rawConnect(url(a));
    flood.send(CONNECT());
    await flood.waitFor(/^CONNECTED/);
    flood.send(`SEND\ndestination:${chatTopic(chatId)}\n\n{"text":"flood"}\0`.repeat(100));
    expect(await flood.waitFor(/^ERROR/)).toContain("message:Too many frames in flight");
    await flood.closed;
    // A message far beyond the limit is not even read: the socket closes with 1009 (message too big).
    const huge = await rawConnect(url(a));
    huge.send(CONNECT());
    await huge.waitFor(/^CONNECTED/);
    huge.send(`SEND\ndestination:${chatTopic(chatId)}\n\n${"x".repeat(200_000)}\0`);
    expect(await huge.closed).toBe(1009);
  });
});

describe("authorisation of topics", () => {
  it("refuses a chat the member is not in with ERROR, and nothing of it reaches them", async () => {
    const outsider = await member(env, "alpha", { firstName: "Oscar", lastName: "Outside" });
    const raw = await rawConnect(url(outsider));
    raw.send(CONNECT());
    await raw.waitFor(/^CONNECTED/);
    raw.send(`SUBSCRIBE\nid:0\ndestination:${chatTopic(chatId)}\nreceipt:s\n\n\0`);
    const error = await raw.waitFor(/^ERROR/);
    expect(error).toContain("message:Chat access denied");
    expect(error).toContain("receipt-id:s");
    await raw.closed;
    await env.request("POST", `/api/chats/${chatId}`, { token: a.token, body: { text: "not for Oscar" } });
    await env.deps.bus.sync();
    expect(raw.received.filter((r) => r.startsWith("MESSAGE"))).toEqual([]);

    // With the real client: the ERROR frame reaches onStompError, the socket closes.
    const s = await stompConnect(url(outsider));
    const inbox = s.subscribe(chatTopic(chatId));
    await s.closed;
    expect(s.errors.map((e) => e.headers.message)).toEqual(["Chat access denied"]);
    expect(inbox.messages).toEqual([]);

    // Sending to it is refused per message as well, and nothing is stored.
    const sender = await rawConnect(url(outsider));
    sender.send(CONNECT());
    await sender.waitFor(/^CONNECTED/);
    sender.send(`SEND\ndestination:${chatTopic(chatId)}\n\n{"text":"sneaky"}\0`);
    expect(await sender.waitFor(/^ERROR/)).toContain("message:Chat access denied");
    const history = await env.request("GET", `/api/chats/${chatId}`, { token: a.token });
    expect(history.body.items.map((m: { text: string }) => m.text)).not.toContain("sneaky");
  });

  it("refuses another community's topics and another member's notifications", async () => {
    const otherChat = await (async () => {
      const x = await member(env, "beta", { firstName: "Xenia", lastName: "Beta" }, "admin");
      const y = await member(env, "beta", { firstName: "Yuri", lastName: "Beta" });
      return { id: await openChat(env, x, [y]), x };
    })();
    for (const destination of [`/topic/community/beta/presence`, chatTopic(otherChat.id), `/topic/notifications/${b.id}`]) {
      const raw = await rawConnect(url(a));
      raw.send(CONNECT());
      await raw.waitFor(/^CONNECTED/);
      raw.send(`SUBSCRIBE\nid:0\ndestination:${destination}\n\n\0`);
      expect(await raw.waitFor(/^ERROR/), destination).toMatch(/message:(Access denied|Chat access denied)/);
      await raw.closed;
    }
    // Their own notifications and their community's presence are fine.
    const s = await stompConnect(url(a));
    await s.subscribe(`/topic/notifications/${a.id}`).ready;
    await s.subscribe("/topic/community/alpha/presence").ready;
    expect(s.errors).toEqual([]);
    expect(s.isClosed()).toBe(false);
    await s.close();
  });
});

describe("the admin topic (community/{id}/admin)", () => {
  it("tells the community's admins a mailing started, and refuses members and other communities' admins", async () => {
    const admin = await member(env, "alpha", { firstName: "Ada", lastName: "Admin" }, "admin");
    const s = await stompConnect(url(admin));
    const inbox = s.subscribe("/topic/community/alpha/admin");
    await inbox.ready;
    const started = await env.request("POST", "/api/community/alpha/participants/notify", {
      token: admin.token,
      body: { content: { en: { subject: "Topic check", body: "Hello." } }, audience: { participantIds: [a.id] } },
    });
    expect(started.status).toBe(202);
    // Only ids travel: the console reads the mailing through the API.
    expect(json(await inbox.nth(1))).toEqual({ type: "mailing", id: started.body.id });
    await s.close();

    const betaAdmin = await member(env, "beta", { firstName: "Bea", lastName: "Admin" }, "admin");
    for (const [who, destination] of [
      [a, "/topic/community/alpha/admin"],
      [admin, "/topic/community/beta/admin"],
    ] as const) {
      const raw = await rawConnect(url(who));
      raw.send(CONNECT());
      await raw.waitFor(/^CONNECTED/);
      raw.send(`SUBSCRIBE\nid:0\ndestination:${destination}\n\n\0`);
      expect(await raw.waitFor(/^ERROR/), destination).toMatch(/message:Access denied/);
      await raw.closed;
    }
    // beta's admin on beta's own domain is fine.
    const sb = await stompConnect(wsUrl(served, "beta", betaAdmin.token));
    await sb.subscribe("/topic/community/beta/admin").ready;
    expect(sb.errors).toEqual([]);
    await sb.close();
  });
});

describe("heart-beats", () => {
  it("keep an idle connection alive beyond the window, and the server sends its own", async () => {
    const s = await stompConnect(url(a), { heartbeat: 100 });
    const inbox = s.subscribe(chatTopic(chatId));
    await inbox.ready;
    await sleep(1200);
    expect(s.isClosed()).toBe(false);
    await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "still there?" } });
    expect(json(await inbox.nth(1)).message.text).toBe("still there?");
    await s.close();

    const raw = await rawConnect(url(a));
    raw.send(CONNECT("0,100"));
    expect(await raw.waitFor(/^CONNECTED/)).toContain("heart-beat:200,200");
    await sleep(700);
    // Server heart-beats are bare EOLs, about every 200 ms.
    expect(raw.received.filter((r) => r === "\n").length).toBeGreaterThanOrEqual(2);
    raw.ws.close();
  });

  it("drop a client that promised heart-beats and then went silent", async () => {
    const before = served.stomp.sessionCount();
    const raw = await rawConnect(url(a));
    raw.send(CONNECT("100,0"));
    await raw.waitFor(/^CONNECTED/);
    const started = Date.now();
    const code = await raw.closed;
    // Negotiated max(100, 200) = 200 ms, tolerance 2: dropped after about 400 ms.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(code).toBe(1006);
    await until(() => served.stomp.sessionCount() === before || undefined);
  });

  it("drop a @stomp/stompjs client whose heart-beats stop (negotiated, then suppressed), and deliver nothing more to it", async () => {
    // The sockets of the tests before are closed (the last one's close may still be on its way).
    await sleep(300);
    const before = served.stomp.sessionCount();
    const silence = { muted: false };
    const s = await stompConnect(url(a), { heartbeat: 100, silence });
    expect(s.connected.headers["heart-beat"]).toBe("200,200");
    const inbox = s.subscribe(chatTopic(chatId));
    await inbox.ready;
    // Its heart-beats flowing, it outlives the window (2 x 200 ms) several times over.
    await sleep(1000);
    expect(s.isClosed()).toBe(false);
    expect(served.stomp.sessionCount()).toBe(before + 1);

    silence.muted = true;
    const started = Date.now();
    await s.closed;
    expect(Date.now() - started).toBeLessThan(2000);
    await until(() => served.stomp.sessionCount() === before || undefined);
    await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "after the drop" } });
    await env.deps.bus.sync();
    expect(inbox.messages.map((m) => json(m).message.text)).not.toContain("after the drop");
    await s.close();
  });
});
