/**
 * Two real OS processes on one database: this test's process serves STOMP (the harness app), and
 * `platform/src/server.ts` runs as a child process on another port (what `npm start` runs, with
 * DATABASE_URL naming this file's database). A message sent through one reaches a @stomp/stompjs
 * subscriber on the other, and the history read after reconnecting to the other is complete.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp, freePort, type Server, startServer, tempDir, waitReady } from "../lifecycle/server-process.ts";
import { testEnvForFile } from "../support/harness.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { FAST, json, type Served, serve, stompConnect, until, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
let here: Served;
let child: Server;
let a: Member;
let b: Member;
let chatId: string;

beforeAll(async () => {
  child = startServer(await tempDir(), await freePort(), { DATABASE_URL: env.dbUrl, LOG_LEVEL: "error" });
  here = await serve(env, FAST);
  a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
  b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
  await introduce(env, a, b);
  chatId = await openChat(env, a, [b]);
  // Loading the whole platform in a second node process takes a while on a busy machine.
  await waitReady(child, 90_000);
}, 120_000);
afterAll(async () => {
  await here?.close();
  if (child && child.child.exitCode === null) {
    child.child.kill("SIGINT");
    await child.exited;
  }
  await cleanUp();
});

const topic = () => `/topic/chat/${chatId}`;
const overThere = (token: string) => `ws://127.0.0.1:${child.port}/api/ws?communityId=alpha&token=${encodeURIComponent(token)}`;
/** The chat's history as the child process serves it. */
async function historyThere(token: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${child.port}/api/chats/${chatId}?size=100`, { headers: { host: `alpha.localhost:${child.port}`, authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { text: string }[] }).items.map((m) => m.text);
}

describe("two server OS processes on one database", () => {
  it("are two processes: the child has a pid of its own and serves on its own port", () => {
    expect(child.child.pid).toBeGreaterThan(0);
    expect(child.child.pid).not.toBe(process.pid);
    expect(child.port).not.toBe(here.port);
  });

  it("deliver a message sent through one to a @stomp/stompjs subscriber on the other, both ways", async () => {
    const sa = await stompConnect(wsUrl(here, "alpha", a.token));
    const sb = await stompConnect(overThere(b.token));
    const atA = sa.subscribe(topic());
    const atB = sb.subscribe(topic());
    await Promise.all([atA.ready, atB.ready]);

    sa.send(topic(), { text: "from the test process" });
    expect(json(await atB.nth(1, 10_000)).message).toMatchObject({ text: "from the test process", senderId: a.id });
    sb.send(topic(), { text: "from the child process" });
    expect(json(await atA.nth(2, 10_000)).message).toMatchObject({ text: "from the child process", senderId: b.id });
    await sa.close();
    await sb.close();
  });

  it("keep the history complete for a member who reconnects to the other process", async () => {
    const first = await stompConnect(wsUrl(here, "alpha", a.token));
    const inbox = first.subscribe(topic());
    await inbox.ready;
    const sb = await stompConnect(overThere(b.token));
    await sb.subscribe(topic()).ready;
    for (const text of ["p1", "p2", "p3"]) sb.send(topic(), { text });
    await inbox.nth(3, 10_000);
    await first.close();
    // While a is away, b goes on writing on the child process.
    for (const text of ["p4", "p5"]) sb.send(topic(), { text });
    await until(async () => ((await historyThere(b.token)).at(-1) === "p5" ? true : undefined), 10_000);

    // a comes back on the child process: everything is there, in order, and the live feed goes on.
    const again = await stompConnect(overThere(a.token));
    const live = again.subscribe(topic());
    await live.ready;
    expect(await historyThere(a.token)).toEqual(["from the test process", "from the child process", "p1", "p2", "p3", "p4", "p5"]);
    const viaHere = await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "p6 over HTTP here" } });
    expect(viaHere.status).toBe(201);
    expect(json(await live.nth(1, 10_000)).message).toEqual(viaHere.body);
    await again.close();
    await sb.close();
  });
});
