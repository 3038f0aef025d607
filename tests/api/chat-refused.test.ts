/**
 * A chat message refused to its sender reaches nobody: two server processes on one database (the
 * harness's peer), the receivers subscribed on both, and messages refused for each reason there is
 * (not a member, removed from the chat, over the rate limit, the database refusing the row),
 * sent over HTTP and STOMP from either process. Each receiver's socket then holds exactly the
 * chat's history: every message it got is stored, and no refused text ever arrived.
 */
import type { IMessage } from "@stomp/stompjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeer, type PeerApp, testEnvForFile } from "../support/harness.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { FAST, json, type Served, serve, type Stomp, stompConnect, until, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
let peer: PeerApp;
let one: Served;
let two: Served;
let a: Member;
let b: Member;
let c: Member;
let outsider: Member;
let chatId: string;
const open: Stomp[] = [];

beforeAll(async () => {
  peer = await createPeer(env);
  one = await serve(env, FAST);
  two = await serve(peer, FAST);
  a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
  b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
  c = await member(env, "alpha", { firstName: "Cleo", lastName: "Gamma" });
  outsider = await member(env, "alpha", { firstName: "Olga", lastName: "Outside" });
  await introduce(env, a, b);
  await introduce(env, a, c);
  chatId = await openChat(env, a, [b, c], "Refusals");
});
afterAll(async () => {
  for (const s of open) await s.close().catch(() => {});
  await one?.close();
  await two?.close();
  await peer?.close();
});

const topic = () => `/topic/chat/${chatId}`;
/** The chat messages among a topic's frames (it also carries other events, e.g. a member removed). */
const chatMessages = (messages: IMessage[]) => messages.map(json).filter((b) => b.type === "MESSAGE").map((b) => b.message as { id: string; text: string });
const textsOf = (messages: IMessage[]) => chatMessages(messages).map((m) => m.text);

async function connect(served: Served, who: Member): Promise<Stomp> {
  const s = await stompConnect(wsUrl(served, "alpha", who.token));
  open.push(s);
  return s;
}

async function history(): Promise<{ id: string; text: string }[]> {
  const res = await env.request("GET", `/api/chats/${chatId}?size=100`, { token: a.token });
  expect(res.status).toBe(200);
  return res.body.items;
}

describe("a refused chat message", () => {
  it("reaches no member's socket, on either process, whatever refused it", async () => {
    const refused: string[] = [];
    // Receivers: b on process one, c and a on process two.
    const sb = await connect(one, b);
    const sc = await connect(two, c);
    const sa = await connect(two, a);
    const atB = sb.subscribe(topic());
    const atC = sc.subscribe(topic());
    const atA = sa.subscribe(topic());
    await Promise.all([atB.ready, atC.ready, atA.ready]);

    // A stored message first: the sockets do hear the chat.
    const first = await env.request("POST", `/api/chats/${chatId}`, { token: a.token, body: { text: "stored 1" } });
    expect(first.status).toBe(201);
    await Promise.all([atB.nth(1), atC.nth(1), atA.nth(1)]);

    // Not a member: 403 over HTTP on both processes, an ERROR frame over STOMP.
    for (const [target, text] of [[env, "outsider over HTTP, process one"], [peer, "outsider over HTTP, process two"]] as const) {
      const res = await target.request("POST", `/api/chats/${chatId}`, { token: outsider.token, body: { text } });
      expect(res.status).toBe(403);
      refused.push(text);
    }
    const so = await connect(one, outsider);
    so.send(topic(), { text: "outsider over STOMP" });
    refused.push("outsider over STOMP");
    await until(() => (so.errors.length > 0 ? true : undefined));
    expect(so.errors[0]?.headers.message).toMatch(/denied/i);

    // Removed from the chat: c's sends after that are refused, over either transport.
    const removed = await env.request("DELETE", `/api/chats/${chatId}/participants/${c.id}`, { token: a.token });
    expect(removed.status).toBe(204);
    const late = await peer.request("POST", `/api/chats/${chatId}`, { token: c.token, body: { text: "removed over HTTP" } });
    expect(late.status).toBe(403);
    refused.push("removed over HTTP");
    const sc2 = await connect(two, c);
    sc2.send(topic(), { text: "removed over STOMP" });
    refused.push("removed over STOMP");
    await until(() => (sc2.errors.length > 0 ? true : undefined));

    // Over the rate limit: b writes until refused with 429; the refused ones go nowhere.
    let statuses: number[] = [];
    for (let i = 0; statuses.at(-1) !== 429 && i < 200; i++) {
      const text = `burst ${i}`;
      const res = await peer.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text } });
      statuses.push(res.status);
      if (res.status === 429) refused.push(text);
      else expect(res.status).toBe(201);
    }
    expect(statuses.at(-1)).toBe(429);
    const more = await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "burst again" } });
    expect(more.status).toBe(429);
    refused.push("burst again");
    statuses = [];

    // The database refuses the row (a trigger in this file's own database): an ERROR frame, nothing published.
    await env.db.unsafe(`
      create function refuse_chat_text() returns trigger language plpgsql as $$
      begin
        if new.text like 'refused by the database%' then raise exception 'refused'; end if;
        return new;
      end $$;
      create trigger refuse_chat_text before insert on chat_messages for each row execute function refuse_chat_text();`);
    try {
      // Over STOMP, from either process (over HTTP it would be an undeclared 500, which the contract check refuses).
      for (const [served, text] of [[one, "refused by the database, process one"], [two, "refused by the database, process two"]] as const) {
        const s = await connect(served, a);
        s.send(topic(), { text });
        refused.push(text);
        await until(() => (s.errors.length > 0 ? true : undefined));
      }
    } finally {
      await env.db.unsafe("drop trigger refuse_chat_text on chat_messages; drop function refuse_chat_text();");
    }

    // A last stored message, sent after every refusal: once each socket has it, anything refused would have come before it.
    const last = await env.request("POST", `/api/chats/${chatId}`, { token: a.token, body: { text: "stored last" } });
    expect(last.status).toBe(201);
    const stored = await history();
    const storedTexts = stored.map((m) => m.text);
    expect(storedTexts.at(-1)).toBe("stored last");
    for (const text of refused) expect(storedTexts).not.toContain(text);

    for (const inbox of [atB, atA]) await until(() => (chatMessages(inbox.messages).length >= stored.length ? true : undefined), 5000, "every stored message on the socket");
    await sb.roundTrip();
    await sa.roundTrip();
    // Each socket of a member holds exactly the history, in order, each message once.
    expect(textsOf(atB.messages)).toEqual(storedTexts);
    expect(textsOf(atA.messages)).toEqual(storedTexts);
    expect(new Set(chatMessages(atB.messages).map((m) => m.id)).size).toBe(stored.length);
    // c, removed, heard the chat up to the removal and none of the refused messages.
    for (const text of refused) expect(textsOf(atC.messages)).not.toContain(text);
    expect(textsOf(atC.messages)).toEqual(storedTexts.slice(0, textsOf(atC.messages).length));
    console.log(`chat refusals: ${refused.length} refused (not a member, removed, over the limit, the database) reached none of 3 sockets on 2 processes; ${stored.length} stored reached each member's socket once`);
  }, 60_000);
});
