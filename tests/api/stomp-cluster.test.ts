/**
 * Two server processes on one database (the harness's peer: its own pools, bus and caches), each
 * serving STOMP on a port of its own, act as one: messages and presence reach subscribers of
 * the other process, and the history read from either after a reconnect is complete.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeer, type PeerApp, testEnvForFile } from "../support/harness.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { FAST, json, type Served, serve, sleep, stompConnect, until, wsUrl } from "./stomp-helpers.ts";

/** A grace long enough that "within the grace" is no sub-second bound on a loaded machine. */
const GRACE = 1500;
const CLUSTER = { ...FAST, presenceGraceMs: GRACE };

const env = await testEnvForFile();
let peer: PeerApp;
let one: Served;
let two: Served;
let a: Member;
let b: Member;
let chatId: string;
beforeAll(async () => {
  peer = await createPeer(env);
  one = await serve(env, CLUSTER);
  two = await serve(peer, CLUSTER);
  a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
  b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
  await introduce(env, a, b);
  chatId = await openChat(env, a, [b]);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await peer?.close();
});

const topic = () => `/topic/chat/${chatId}`;
const texts = (items: { text: string }[]) => items.map((m) => m.text);

describe("two server processes", () => {
  it("deliver each other's messages, sent over STOMP or HTTP", async () => {
    const sa = await stompConnect(wsUrl(one, "alpha", a.token));
    const sb = await stompConnect(wsUrl(two, "alpha", b.token));
    const atA = sa.subscribe(topic());
    const atB = sb.subscribe(topic());
    await Promise.all([atA.ready, atB.ready]);

    sa.send(topic(), { text: "from process one" });
    expect(json(await atB.nth(1)).message).toMatchObject({ text: "from process one", senderId: a.id });
    sb.send(topic(), { text: "from process two" });
    expect(json(await atA.nth(2)).message).toMatchObject({ text: "from process two", senderId: b.id });
    // Each side also hears its own, once.
    await atA.nth(1);
    await atB.nth(2);

    const viaHttp = await peer.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "over HTTP on process two" } });
    expect(viaHttp.status).toBe(201);
    expect(json(await atA.nth(3)).message).toEqual(viaHttp.body);
    await atB.nth(3);
    // A last message on the same stream, heard on both sides: a duplicate of the earlier ones would have come before it.
    sb.send(topic(), { text: "last" });
    await atA.nth(4);
    await atB.nth(4);
    expect(texts(atA.messages.map((m) => json(m).message))).toEqual(["from process one", "from process two", "over HTTP on process two", "last"]);
    expect(atB.messages).toHaveLength(4);
    await sa.close();
    await sb.close();
  });

  it("lose nothing when a member reconnects to the other process", async () => {
    const before = texts((await env.request("GET", `/api/chats/${chatId}?size=100`, { token: a.token })).body.items);
    const first = await stompConnect(wsUrl(one, "alpha", a.token));
    const inbox = first.subscribe(topic());
    await inbox.ready;
    for (const text of ["m1", "m2", "m3"]) await peer.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text } });
    await inbox.nth(3);
    await first.close();

    // While a is away, b goes on writing on process two.
    const sb = await stompConnect(wsUrl(two, "alpha", b.token));
    await sb.subscribe(topic()).ready;
    for (const text of ["m4", "m5", "m6"]) sb.send(topic(), { text });
    await until(async () => ((await peer.request("GET", `/api/chats/${chatId}?size=3`, { token: b.token })).body.items.at(-1)?.text === "m6" ? true : undefined));

    // a comes back on process two: the history holds everything, in order, and the live feed goes on.
    const again = await stompConnect(wsUrl(two, "alpha", a.token));
    const live = again.subscribe(topic());
    await live.ready;
    const list = await peer.request("GET", "/api/chats", { token: a.token });
    expect(list.body.items.find((c: { id: string }) => c.id === chatId)).toMatchObject({ unreadCount: 6, lastMessage: { text: "m6" } });
    const history = await peer.request("GET", `/api/chats/${chatId}?size=100`, { token: a.token });
    expect(texts(history.body.items)).toEqual([...before, "m1", "m2", "m3", "m4", "m5", "m6"]);
    sb.send(topic(), { text: "m7" });
    expect(json(await live.nth(1)).message.text).toBe("m7");
    await again.close();
    await sb.close();
  });

  it("share presence: a member with sockets on both is online until the last one closes anywhere", async () => {
    const watcher = await member(env, "alpha", { firstName: "Wanda", lastName: "Watcher" });
    const observer = await stompConnect(wsUrl(two, "alpha", watcher.token));
    const presence = observer.subscribe("/topic/community/alpha/presence");
    await presence.ready;
    const cleo = await member(env, "alpha", { firstName: "Cleo", lastName: "Gamma" });
    const events = () => presence.messages.map(json).filter((e) => e.participantId === cleo.id);

    const onOne = await stompConnect(wsUrl(one, "alpha", cleo.token));
    await until(() => (events().length === 1 ? true : undefined));
    expect(events()[0]).toMatchObject({ status: "ONLINE" });
    const onTwo = await stompConnect(wsUrl(two, "alpha", cleo.token));
    await onOne.close();
    // Past the grace, the member who came back on the other process is still online.
    await sleep(GRACE + 300);
    expect(events().map((e) => e.status)).toEqual(["ONLINE"]);
    await onTwo.close();
    await until(() => (events().length === 2 ? true : undefined));
    expect(events().map((e) => e.status)).toEqual(["ONLINE", "OFFLINE"]);

    // A process that shuts down takes its members offline at once (no grace), on the other process too.
    await stompConnect(wsUrl(one, "alpha", cleo.token));
    await until(() => (events().length === 3 ? true : undefined));
    const stopping = Date.now();
    await one.close();
    await until(() => (events().length === 4 ? true : undefined));
    expect(Date.now() - stopping).toBeLessThan(GRACE);
    expect(events().map((e) => e.status)).toEqual(["ONLINE", "OFFLINE", "ONLINE", "OFFLINE"]);
    await observer.close();
  });
});
